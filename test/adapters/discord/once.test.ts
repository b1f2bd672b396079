import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { type FakeDiscord, startFakeDiscord } from '../../support/fake-discord.js';
import {
  buttonPayload,
  CHANNEL_ID,
  commandPayload,
  compareCommandPayload,
  GUILD_ID,
  nextId,
} from '../../support/fake-discord-payloads.js';
import { type Harness, postInteraction, startHarness } from './harness.js';

/**
 * Every interaction answered once (issue #22) on two Discord HTTP replicas sharing one store: a
 * repeated interaction id is not processed again; Share posts once per comparison and channel;
 * "Put to a vote" opens one poll per comparison and channel and points a second press to it; a
 * comparison's buttons work on the replica that did not make it.
 */

type Message = {
  content?: string;
  embeds: unknown[];
  components: { components: { custom_id: string }[] }[];
  flags?: number;
  poll?: unknown;
};
type Body = { type: number; data: Message };

const store = new MemoryStateStore();
let fake: FakeDiscord;
let catalog: Catalog;
let one: Harness;
let two: Harness;

beforeAll(async () => {
  fake = await startFakeDiscord();
  catalog = loadCatalog();
  const options = {
    mode: 'http' as const,
    source: createCatalogSource(catalog),
    suggester: catalog,
    store,
    fake,
  };
  one = await startHarness(options);
  two = await startHarness(options);
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
  await fake?.stop();
});

const customIds = (message: Message) =>
  message.components.flatMap((row) => row.components.map((c) => c.custom_id));

describe('Discord: each interaction answered once, on whichever replica it lands', () => {
  it('answers an interaction id once; a repeat on either replica is refused (409), unanswered', async () => {
    const payload = commandPayload('product', 'oat milk');
    const first = await postInteraction(one, payload);
    expect(first.status).toBe(200);
    expect((first.body as Body).type).toBe(4);
    for (const replica of [two, one]) {
      expect(await postInteraction(replica, payload)).toEqual({
        status: 409,
        body: { error: 'interaction already answered' },
      });
    }
    expect(fake.httpResponses.filter((each) => each.interactionId === payload.id)).toHaveLength(1);
  });

  it('drops an interaction older than its token (15 minutes), whoever replays it', async () => {
    const stale = { ...commandPayload('product', 'tofu'), id: nextId(Date.now() - 16 * 60 * 1000) };
    expect((await postInteraction(two, stale)).status).toBe(409);
  });

  it('runs a comparison’s Share on the replica that did not make it, and posts it once per channel', async () => {
    const made = (await postInteraction(one, compareCommandPayload('lasagne, dal, chicken curry')))
      .body as Body;
    const share = customIds(made.data)[0]!;
    expect(share).toMatch(/^carbon:cmp:s:/);

    const click = buttonPayload(share, made.data.embeds);
    expect(((await postInteraction(two, click)).body as Body).type).toBe(7);
    const shared = await fake.waitForWebhook(click.token, 'POST');
    const vote = customIds(shared.body as unknown as Message)[0]!;
    expect(vote).toMatch(/^carbon:cmp:v:/);

    // Pressed again (another click on the same card, on the first replica): pointed to the post.
    const again = buttonPayload(share, made.data.embeds);
    const pointer = (await postInteraction(one, again)).body as Body;
    expect(pointer.type).toBe(4);
    expect(pointer.data.flags).toBe(64);
    expect(JSON.stringify(pointer.data)).toContain('This is already shared in this channel.');
    expect(JSON.stringify(pointer.data)).toContain(
      `https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${shared.createdId}`,
    );
    expect(fake.webhooks.filter((each) => each.token === again.token && each.method === 'POST')).toEqual([]);

    // The vote: one poll, from either replica; a second press links to it.
    const firstVote = buttonPayload(vote, []);
    const poll = (await postInteraction(two, firstVote)).body as Body;
    expect(poll.type).toBe(4);
    expect(poll.data.poll).toBeDefined();
    // Where the poll went is read back after the response (GET @original) and recorded; a press
    // meanwhile is pointed to the channel, one after it to the poll itself.
    let pointed: Body;
    for (let attempt = 0; ; attempt++) {
      pointed = (await postInteraction(one, buttonPayload(vote, []))).body as Body;
      if (JSON.stringify(pointed.data).includes('discord.com/channels') || attempt === 50) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'GET' && request.path.endsWith(`${firstVote.token}/messages/@original`),
      ),
    ).toBe(true);
    expect(pointed.data.poll).toBeUndefined();
    expect(pointed.data.flags).toBe(64);
    expect(JSON.stringify(pointed.data)).toContain(
      'This comparison is already up for a vote in this channel.',
    );
    expect(JSON.stringify(pointed.data)).toMatch(
      new RegExp(`https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/2222222222\\d{8}`),
    );
  });
});

describe('Discord: the app installed by a user, used in a group DM (no server)', () => {
  /** As Discord sends it there: no guild, the user at the top level, context PRIVATE_CHANNEL. */
  const inGroupDm = <T extends ReturnType<typeof commandPayload>>(payload: T) => {
    const { guild_id: _guild, guild: _g, member, ...rest } = payload;
    return {
      ...rest,
      channel_id: '888888888888888888',
      channel: { id: '888888888888888888', type: 3 },
      user: member.user,
      context: 2,
      authorizing_integration_owners: { '1': member.user.id },
    };
  };

  it('answers a comparison, and its Share posts in the group DM once, on either replica', async () => {
    const made = (await postInteraction(one, inGroupDm(compareCommandPayload('lasagne, dal')))).body as Body;
    expect(made.type).toBe(4);
    const share = customIds(made.data)[0]!;
    const click = inGroupDm(buttonPayload(share, made.data.embeds));
    expect(((await postInteraction(two, click)).body as Body).type).toBe(7);
    const posted = await fake.waitForWebhook(click.token, 'POST');
    expect((posted.body as unknown as Message).flags).toBeUndefined();
    const again = (await postInteraction(one, inGroupDm(buttonPayload(share, made.data.embeds))))
      .body as Body;
    expect(JSON.stringify(again.data)).toContain(
      `https://discord.com/channels/@me/888888888888888888/${posted.createdId}`,
    );
  });
});
