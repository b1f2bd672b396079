import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordEmbed, EMBED_LIMITS, embedLength } from '../../../src/render/discord.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_BOT_USER_ID } from '../../support/fake-discord.js';
import {
  buttonPayload,
  CHANNEL_ID,
  commandPayload,
  compareCommandPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { HeldSource } from '../../support/held-source.js';
import { hostileMenuLines } from '../../support/hostile-menu.js';
import { type Harness, postInteraction, startHarness } from './harness.js';

type Message = {
  content?: string;
  embeds: { title?: string; description?: string; fields?: { name: string; value: string }[] }[];
  components: { components: { custom_id: string; label: string }[] }[];
  flags?: number;
  allowed_mentions: unknown;
  poll?: {
    question: { text: string };
    answers: { poll_media: { text: string } }[];
    duration: number;
    allow_multiselect: boolean;
  };
};
type Response = { type: number; data: Message };

let harness: Harness;

beforeAll(async () => {
  const catalog = loadCatalog();
  // A 2.5 s budget: answers go in the HTTP response, as Discord's 3 s allow, whatever the load.
  harness = await startHarness({
    mode: 'http',
    source: createCatalogSource(catalog),
    suggester: catalog,
    budgetMs: 2_500,
  });
});
afterAll(() => harness.stop());

/**
 * "Rate this menu" as Discord sends a MESSAGE command (interactions/application-commands#message-commands):
 * data.type 3, data.target_id, and the message itself, content included, in data.resolved.messages.
 */
function rateMenuCommand(content: string) {
  const targetId = '1300000000000000000';
  return {
    ...commandPayload('help'),
    data: {
      id: '999999999999999999',
      name: 'Rate this menu',
      type: 3,
      target_id: targetId,
      resolved: {
        messages: {
          [targetId]: {
            id: targetId,
            channel_id: CHANNEL_ID,
            type: 0,
            author: { id: '1000000000000000002', username: 'ana', discriminator: '0', avatar: null },
            content,
            timestamp: '2026-11-23T11:00:00.000000+00:00',
            edited_timestamp: null,
            tts: false,
            mention_everyone: false,
            mentions: [],
            mention_roles: [],
            attachments: [],
            embeds: [],
            pinned: false,
            flags: 0,
            components: [],
          },
        },
      },
    },
  };
}

const post = async (payload: unknown): Promise<Response> => {
  const response = await postInteraction(harness, payload);
  expect(response.status).toBe(200);
  return response.body as Response;
};
const text = (message: Message) => JSON.stringify(message);
const customIds = (message: Message) =>
  message.components.flatMap((row) => row.components.map((c) => c.custom_id));

describe('Discord: /carbon compare', () => {
  it('ranks the options privately in the response (type 4, ephemeral), with Share', async () => {
    const body = await post(
      compareCommandPayload('beef lasagne, lentil curry vs chicken curry for 12 people'),
    );
    expect(body.type).toBe(4);
    expect(body.data.flags).toBe(64);
    expect(body.data.allowed_mentions).toEqual({ parse: [] });
    expect(body.data.embeds[0]!.title).toBe('Lowest carbon first: 3 options');
    expect(text(body.data)).toContain('for 12 people');
    expect(customIds(body.data)).toEqual([expect.stringMatching(/^carbon:cmp:s:[\w-]{12}$/)]);
  });

  it('compares the found options of a mixed list and lists the missing one', async () => {
    const body = await post(compareCommandPayload('lasagne, qwxzyv, lentil curry'));
    expect(body.data.embeds[0]!.title).toBe('Lowest carbon first: 2 options');
    expect(text(body.data)).toContain('Not found: “qwxzyv”');
  });

  it('says nothing could be compared when no option is found, without Share', async () => {
    const body = await post(compareCommandPayload('qwxzyv vs blorfquux'));
    expect(body.data.embeds[0]!.title).toBe('Not enough to compare');
    expect(body.data.components).toEqual([]);
  });

  it('keeps mentions and markdown typed into the options inert', async () => {
    const body = await post(
      compareCommandPayload(
        '@everyone lasagne, **dal** <@1000000000000000007>, `beef burger` <#123> vs [x](https://evil.test) soup',
      ),
    );
    expect(body.data.allowed_mentions).toEqual({ parse: [] });
    // Discord shows backslash-escaped syntax as typed: only an unescaped mention, channel or link is live.
    expect(text(body.data)).not.toMatch(/(?<!\\)(?:@everyone|<@\d|<#\d|\[[^[\]]*\]\(https)/);
    expect(text(body.data)).toContain('\\\\<@1000000000000000007');
  });

  it('explains a comparison of one option', async () => {
    const body = await post(compareCommandPayload('lasagne'));
    expect(body.data.flags).toBe(64);
    expect(body.data.content).toMatch(/at least two options/);
  });
});

describe('Discord: Share and the vote', () => {
  it('shares publicly with "Put to a vote", which answers with a native poll carrying each footprint', async () => {
    const answer = await post(compareCommandPayload('lasagne, lentil curry, beef burger'));
    const share = buttonPayload(customIds(answer.data)[0]!, answer.data.embeds);
    const shared = await post(share);
    expect(shared).toEqual({
      type: 7,
      data: expect.objectContaining({ content: '✅ Shared in the channel.' }),
    });
    const followUp = (await harness.fake.waitForWebhook(share.token, 'POST')).body as unknown as Message;
    expect(followUp.flags).toBeUndefined();
    expect(followUp.content).toBe(`Shared by <@${USER_ID}>`);
    expect(followUp.allowed_mentions).toEqual({ parse: [] });
    expect(followUp.embeds[0]!.title).toBe('Lowest carbon first: 3 options');
    const [voteId] = customIds(followUp);
    expect(voteId).toMatch(/^carbon:cmp:v:[\w-]{12}$/);

    // The click on the public message (not ephemeral).
    const click = buttonPayload(voteId!, followUp.embeds);
    const vote = await post({
      ...click,
      message: { ...click.message, flags: 0, author: { id: FAKE_BOT_USER_ID } },
    });
    expect(vote.type).toBe(4);
    expect(vote.data.flags).toBeUndefined();
    const poll = vote.data.poll!;
    expect(poll.question.text).toMatch(/^Which one\? \(lowest carbon first, kg CO2e per serving\)$/);
    expect(poll.answers).toHaveLength(3);
    for (const answer of poll.answers) expect(answer.poll_media.text).toMatch(/^.{1,48} · [\d.]+ kg$/);
    expect(poll).toMatchObject({ duration: 24, allow_multiselect: false });
    // Lowest first, as in the shared embed.
    const firstName = followUp.embeds[0]!.description!.match(/\*\*1\. (.+?)\*\*/)![1]!;
    expect(poll.answers[0]!.poll_media.text.startsWith(firstName.slice(0, 20))).toBe(true);
  });

  it('answers a button of a forgotten comparison privately, saying it expired', async () => {
    const body = await post(buttonPayload('carbon:cmp:v:AAAAAAAAAAAA'));
    expect(body.type).toBe(4);
    expect(body.data.flags).toBe(64);
    expect(body.data.content).toContain('expired');
  });
});

describe('Discord: "Rate this menu" message command', () => {
  it('compares the lines of the target message privately, without the message-content intent', async () => {
    const menu =
      '# Thursday lunch @everyone\n1. Beef lasagne - £12.50\n2. **Dal** (VG) - £9\n3. Chicken curry £11\n- Fish & chips £13';
    const body = await post(rateMenuCommand(menu));
    expect(body.type).toBe(4);
    expect(body.data.flags).toBe(64);
    expect(body.data.embeds[0]!.title).toBe('Lowest carbon first: 4 options');
    for (const dish of ['Beef lasagne', 'Dal (vegan)', 'Chicken curry', 'Fish & chips'])
      expect(text(body.data)).toContain(`“${dish}”`);
    expect(text(body.data)).not.toContain('Thursday lunch');
    expect(customIds(body.data)).toHaveLength(1);
  });

  it('keeps a hostile 50-line menu within the embed limits, with nothing that pings', async () => {
    const lines = hostileMenuLines(
      (dish, i) =>
        `${i + 1}. <@${1000 + i}> **${dish} ${i}th** @everyone ||spoiler|| ~~£${i}.50~~ <#123> (GF)`,
    );
    const body = await post(rateMenuCommand(lines.join('\n')));
    const embed = body.data.embeds[0]!;
    expect(embed.description).toContain('The menu has 50 options; the first 10 are compared.');
    expect(embedLength(embed as DiscordEmbed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed.description!.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(body.data.allowed_mentions).toEqual({ parse: [] });
    expect(text(body.data)).not.toMatch(/<@\d|<#\d|@everyone/);
  });

  it('says so when the message holds no menu', async () => {
    const body = await post(rateMenuCommand('<@1000000000000000003> sounds good!'));
    expect(body.data.embeds[0]!.title).toBe('Not enough to compare');
  });

  it('leaves other message commands alone', async () => {
    const payload = rateMenuCommand('lasagne\ndal');
    const response = await postInteraction(harness, {
      ...payload,
      data: { ...payload.data, name: 'Something else' },
    });
    expect(response.status).not.toBe(200);
  });
});

describe('Discord: a comparison slower than the response budget', () => {
  let slow: Harness;
  const held = new HeldSource(createCatalogSource(loadCatalog()));
  beforeAll(async () => {
    slow = await startHarness({ mode: 'http', source: held, suggester: null, budgetMs: 100 });
  });
  afterAll(async () => {
    held.open();
    await slow.stop();
  });
  const postSlow = async (payload: unknown) => (await postInteraction(slow, payload)).body as Response;

  it('defers privately (type 5, ephemeral), then edits the comparison in', async () => {
    held.hold();
    const payload = compareCommandPayload('lasagne vs dal');
    expect(await postSlow(payload)).toEqual({ type: 5, data: { flags: 64 } });
    held.open();
    const edit = (await slow.fake.waitForWebhook(payload.token, 'PATCH')).body as unknown as Message;
    expect(edit.embeds[0]!.title).toBe('Lowest carbon first: 2 options');
    expect(customIds(edit)).toHaveLength(1);
  });

  it('defers the vote publicly, then edits the poll into the deferred response', async () => {
    const answer = await postSlow(compareCommandPayload('lasagne, dal'));
    const share = buttonPayload(customIds(answer.data)[0]!, answer.data.embeds);
    await postSlow(share);
    const shared = (await slow.fake.waitForWebhook(share.token, 'POST')).body as unknown as Message;
    held.hold();
    const click = buttonPayload(customIds(shared)[0]!, shared.embeds);
    expect(await postSlow({ ...click, message: { ...click.message, flags: 0 } })).toEqual({ type: 5 });
    held.open();
    const edit = (await slow.fake.waitForWebhook(click.token, 'PATCH')).body as unknown as Message;
    expect(edit.poll?.answers).toHaveLength(2);
    expect(edit).not.toHaveProperty('flags');
  });
});

describe('Discord over the gateway: "Rate this menu"', () => {
  let gateway: Harness;
  beforeAll(async () => {
    gateway = await startHarness({
      mode: 'gateway',
      source: createCatalogSource(loadCatalog()),
      suggester: null,
      budgetMs: 2_500,
    });
  });
  afterAll(() => gateway.stop());

  it('answers the message command with an ephemeral comparison through the interaction callback, with no intents', async () => {
    // No privileged message-content intent (nor any other): the content comes in the interaction.
    expect(gateway.fake.connections[0]!.identify).toMatchObject({ intents: 0 });
    const payload = rateMenuCommand('Lunch options:\n- lasagne\n- dal\n- beef burger');
    gateway.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await gateway.fake.waitForCallback(payload.id);
    expect(callback.body.type).toBe(4);
    const data = callback.body.data as unknown as Message;
    expect(data.flags).toBe(64);
    expect(data.embeds[0]!.title).toBe('Lowest carbon first: 3 options');
  });
});
