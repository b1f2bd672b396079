import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARE_SHARE_ACTION_ID,
  COMPARE_VOTE_ACTION_ID,
  decodeCompareShare,
} from '../../../src/adapters/slack/compare-buttons.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import {
  buttonPayload,
  interactionForm,
  newTriggerId,
  slashCommandForm,
  slashCommandPayload,
} from '../../support/fake-slack-payloads.js';
import { HeldSource } from '../../support/held-source.js';
import { hostileMenuLines } from '../../support/hostile-menu.js';
import { expectNoSlackControlSequences, expectWithinBlockKitLimits } from './block-kit.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';

type Block = { type: string; [key: string]: unknown };
type Card = { text: string; blocks: Block[]; response_type?: string };

let h: Harness;

beforeAll(async () => {
  // The built-in catalog: comparisons of real dishes and products, as a fresh clone answers them.
  // A 2.5 s budget keeps the answer in the ack, as Slack's 3 s allow, whatever the machine's load.
  h = await startHarness(createCatalogSource(loadCatalog()), 'http', { ackBudgetMs: 2_500, retries: 0 });
});
afterAll(async () => {
  await h.close();
  expect(h.fake.rejectedResponses).toEqual([]);
});

const send = (payload: Record<string, unknown>) =>
  h.fake.send(h.eventsUrl, interactionForm(payload), SIGNING_SECRET);

/** The card of a slash command: in the ack, or (when it was deferred) the first response_url post. */
async function command(text: string): Promise<Card> {
  const url = h.fake.responseUrl();
  const response = await h.fake.send(h.eventsUrl, slashCommandForm(text, url), SIGNING_SECRET);
  expect(response.status).toBe(200);
  const ack = response.json as Card;
  if (ack.blocks !== undefined) return ack;
  return (await h.fake.nextResponse(url)).body as Card;
}

const json = (card: unknown) => JSON.stringify(card);
const actionsOf = (card: Card) =>
  card.blocks
    .filter((block) => block.type === 'actions')
    .flatMap((block) => block.elements as { action_id: string; value: string }[]);

/** The menu as people post it in Slack: mrkdwn, an escaped "&", a mention, prices and dietary marks. */
const MENU = [
  '*Thursday lunch* <!here> vote by 11 :fork_and_knife:',
  '',
  '*Mains*',
  '• Beef lasagne — £12.50',
  '• Dal with rice (VG, GF) — £9',
  '• Chicken curry £11.00',
  '• Fish &amp; chips £13',
].join('\n');

/** A message_action payload as Slack documents it (reference/interaction-payloads/shortcuts). */
function messageAction(text: string, responseUrl: string): Record<string, unknown> {
  return {
    type: 'message_action',
    callback_id: 'rate_menu',
    trigger_id: newTriggerId(),
    response_url: responseUrl,
    team: { id: 'T0000001', domain: 'fake' },
    channel: { id: 'C0000001', name: 'lunch' },
    user: { id: 'U0000001', name: 'ana' },
    action_ts: '1700000000.000100',
    message_ts: '1700000000.000050',
    message: { type: 'message', user: 'U0000009', ts: '1700000000.000050', text },
    token: 'deprecated-verification-token',
  };
}

describe('Slack: /carbon compare', () => {
  it('ranks found dishes privately, lowest first, with a Share button carrying the options', async () => {
    const card = await command('compare beef lasagne, lentil curry vs chicken curry for 12 people');
    expect(card.response_type).toBe('ephemeral');
    expect(card.blocks[0]).toMatchObject({
      type: 'header',
      text: { text: 'Lowest carbon first: 3 options' },
    });
    expect(json(card)).toContain('Dishes compared per serving');
    expect(json(card)).toContain('for 12 people');
    expectWithinBlockKitLimits(card as never);
    const share = actionsOf(card).find((element) => element.action_id === COMPARE_SHARE_ACTION_ID);
    const request = decodeCompareShare(share?.value);
    if (request === null || 'id' in request) throw new Error('the button should carry the options');
    expect(request.items.map((item) => item.text)).toEqual(['beef lasagne', 'lentil curry', 'chicken curry']);
    expect(request.people).toBe(12);
  });

  it('compares the found options of a mixed list and lists the missing one with suggestions', async () => {
    const card = await command('compare lasagne, qwxzyv, lentil curry');
    expect(card.blocks[0]).toMatchObject({ text: { text: 'Lowest carbon first: 2 options' } });
    expect(json(card)).toContain('Not found: “qwxzyv”');
  });

  it('says nothing could be compared when no option is found, without a Share button', async () => {
    const card = await command('compare qwxzyv vs blorfquux');
    expect(card.blocks[0]).toMatchObject({ text: { text: 'Not enough to compare' } });
    expect(actionsOf(card)).toEqual([]);
  });

  it('keeps mentions and markup typed into the options inert', async () => {
    const card = await command(
      'compare <!channel> lasagne, *dal* <@U0000007>, `beef burger` <https://evil.test|x> vs @here soup',
    );
    expectWithinBlockKitLimits(card as never);
    expectNoSlackControlSequences(card as never);
  });

  it('explains a comparison of one option', async () => {
    const card = await command('compare lasagne');
    expect(json(card)).toMatch(/at least two options/);
  });
});

describe('Slack: Share and the vote', () => {
  it('posts the comparison again to the channel, credited, with "Put to a vote", and removes the private copy', async () => {
    const card = await command('compare lasagne, lentil curry, beef burger');
    const share = actionsOf(card).find((element) => element.action_id === COMPARE_SHARE_ACTION_ID)!;
    const url = h.fake.responseUrl('action');
    const pressed = await send(buttonPayload(COMPARE_SHARE_ACTION_ID, share.value, url, 'U0000002'));
    expect(pressed.status).toBe(200);
    const post = await h.fake.nextWebApiCall('chat.postMessage', (call) =>
      json(call.args).includes('Shared by <@U0000002>'),
    );
    expect(post.args.channel).toBe('C0000001');
    const blocks = post.args.blocks as Block[];
    expect(json(blocks)).toContain('Lowest carbon first: 3 options');
    const vote = actionsOf({ text: '', blocks }).find(
      (element) => element.action_id === COMPARE_VOTE_ACTION_ID,
    );
    expect(vote?.value).toBe('one,two,three');
    expect((await h.fake.nextResponse(url)).body).toEqual({ delete_original: true });
  });

  it('adds one numbered reaction per option to the shared message, in order, then swaps the button for how to vote', async () => {
    const reacted: Record<string, unknown>[] = [];
    h.fake.onWebApi('reactions.add', (args) => {
      reacted.push(args);
      return { ok: true };
    });
    h.fake.onWebApi('chat.update', (args) => ({ ok: true, channel: args.channel, ts: args.ts }));
    // The whole flow: compare, share, then the vote on the message the share posted. In a channel
    // of its own: the test above shared this comparison in C0000001, and it is shared once there.
    const card = await command('compare lasagne, lentil curry, beef burger');
    const share = actionsOf(card).find((element) => element.action_id === COMPARE_SHARE_ACTION_ID)!;
    await send(
      buttonPayload(
        COMPARE_SHARE_ACTION_ID,
        share.value,
        h.fake.responseUrl('action'),
        'U0000005',
        'C0000002',
      ),
    );
    const posted = await h.fake.nextWebApiCall('chat.postMessage', (call) =>
      json(call.args).includes('Shared by <@U0000005>'),
    );
    const shared = posted.args.blocks as Block[];
    const vote = actionsOf({ text: '', blocks: shared }).find(
      (element) => element.action_id === COMPARE_VOTE_ACTION_ID,
    )!;
    // A click on the bot's public message: container.is_ephemeral is false and the message is given.
    const payload = {
      ...buttonPayload(COMPARE_VOTE_ACTION_ID, vote.value, h.fake.responseUrl('action')),
      container: {
        type: 'message',
        message_ts: '1700000123.000200',
        channel_id: 'C0000002',
        is_ephemeral: false,
      },
      channel: { id: 'C0000002', name: 'lunch' },
      message: { type: 'message', ts: '1700000123.000200', text: 'Lowest carbon of 3', blocks: shared },
    };
    expect((await send(payload)).status).toBe(200);
    const update = await h.fake.nextWebApiCall('chat.update', (call) => call.args.ts === '1700000123.000200');
    expect(reacted.map((args) => [args.channel, args.timestamp, args.name])).toEqual([
      ['C0000002', '1700000123.000200', 'one'],
      ['C0000002', '1700000123.000200', 'two'],
      ['C0000002', '1700000123.000200', 'three'],
    ]);
    expect(json(update.args.blocks)).not.toContain(COMPARE_VOTE_ACTION_ID);
    expect(json(update.args.blocks)).toContain('Vote with the reactions: :one: :two: :three:');
    // The comparison itself stays as it was posted.
    expect(json(update.args.blocks)).toContain(json(shared[0]));
  });

  it('tells the presser privately when the app may not add reactions', async () => {
    h.fake.onWebApi('reactions.add', () => ({
      ok: false,
      error: 'missing_scope',
      needed: 'reactions:write',
    }));
    const url = h.fake.responseUrl('action');
    const payload = {
      ...buttonPayload(COMPARE_VOTE_ACTION_ID, 'one,two', url),
      container: {
        type: 'message',
        message_ts: '1700000124.000300',
        channel_id: 'C0000001',
        is_ephemeral: false,
      },
      message: { type: 'message', ts: '1700000124.000300', text: 'x', blocks: [] },
    };
    await send(payload);
    const notice = await h.fake.nextResponse(url);
    expect(notice.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(String(notice.body.text)).toContain('reactions:write');
  });

  it('ignores a vote value it did not write', async () => {
    const before = h.fake.callsTo('reactions.add').length;
    await send(buttonPayload(COMPARE_VOTE_ACTION_ID, 'one,<!channel>', h.fake.responseUrl('action')));
    await h.logs.waitFor('vote button without usable payload');
    expect(h.fake.callsTo('reactions.add').length).toBe(before);
  });
});

describe('Slack: "Rate this menu" message shortcut', () => {
  it('acks at once and answers privately through response_url with the menu compared', async () => {
    const url = h.fake.responseUrl('action');
    const response = await send(messageAction(MENU, url));
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    const post = (await h.fake.nextResponse(url)).body as Card;
    expect(post.response_type).toBe('ephemeral');
    expect(post.blocks[0]).toMatchObject({ text: { text: 'Lowest carbon first: 4 options' } });
    for (const dish of ['Beef lasagne', 'Dal with rice (vegan)', 'Chicken curry', 'Fish &amp; chips'])
      expect(json(post)).toContain(`“${dish}”`);
    expect(json(post)).not.toContain('Thursday lunch');
    expect(json(post)).not.toContain('<!here>');
    expect(actionsOf(post).map((element) => element.action_id)).toEqual([COMPARE_SHARE_ACTION_ID]);
  });

  it('keeps a hostile 50-line menu within Block Kit limits, with no mentions, and says it was cut', async () => {
    const lines = hostileMenuLines(
      (dish, i) =>
        `${i + 1}. <@U${i}ABC> *${dish} ${i}th* <!channel> \`x\` ~£${i}.50~ (GF) <https://evil.test|click>`,
    );
    const url = h.fake.responseUrl('action');
    await send(messageAction(lines.join('\n'), url));
    const post = (await h.fake.nextResponse(url)).body as Card;
    expectWithinBlockKitLimits(post as never);
    expectNoSlackControlSequences(post as never);
    expect(json(post)).toContain('The menu has 50 options; the first 10 are compared.');
    expect(json(post)).not.toMatch(/<!channel>|<@U|<https:/);
  });

  it('says so when the message holds no menu', async () => {
    const url = h.fake.responseUrl('action');
    await send(messageAction('<@U0000003> sounds good!', url));
    const post = (await h.fake.nextResponse(url)).body as Card;
    expect(post.blocks[0]).toMatchObject({ text: { text: 'Not enough to compare' } });
  });
});

describe('Slack: a comparison slower than the ack budget', () => {
  let slow: Harness;
  const held = new HeldSource(createCatalogSource(loadCatalog()));
  beforeAll(async () => {
    slow = await startHarness(held, 'http', { ackBudgetMs: 100, retries: 0 });
  });
  afterAll(async () => {
    held.open();
    await slow.close();
    expect(slow.fake.rejectedResponses).toEqual([]);
  });

  it('acks "Comparing…" within the budget, then posts the comparison through response_url', async () => {
    held.hold();
    const url = slow.fake.responseUrl();
    const response = await slow.fake.send(
      slow.eventsUrl,
      slashCommandForm('compare lasagne vs dal', url),
      SIGNING_SECRET,
    );
    expect(response.json).toEqual({ response_type: 'ephemeral', text: 'Comparing…' });
    held.open();
    const post = (await slow.fake.nextResponse(url)).body as Card;
    expect(post).toMatchObject({ response_type: 'ephemeral' });
    expect(post.blocks[0]).toMatchObject({ text: { text: 'Lowest carbon first: 2 options' } });
  });

  it('acks a menu shortcut empty and answers later through its response_url', async () => {
    held.hold();
    const url = slow.fake.responseUrl('action');
    const response = await slow.fake.send(
      slow.eventsUrl,
      interactionForm(messageAction(MENU, url)),
      SIGNING_SECRET,
    );
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(slow.fake.responsesTo(url)).toEqual([]);
    held.open();
    const post = (await slow.fake.nextResponse(url)).body as Card;
    expect(post.blocks[0]).toMatchObject({ text: { text: 'Lowest carbon first: 4 options' } });
  });
});

describe('Slack: stopping during a comparison', () => {
  it('tells the user waiting on "Comparing…" that the bot is restarting, not a card of failed options', async () => {
    const held = new HeldSource(createCatalogSource(loadCatalog()));
    const stopping = await startHarness(held, 'http', {
      ackBudgetMs: 100,
      retries: 0,
      graceMs: 50,
      drainMs: 2_000,
    });
    try {
      held.hold();
      const url = stopping.fake.responseUrl();
      const response = await stopping.fake.send(
        stopping.eventsUrl,
        slashCommandForm('compare lasagne vs dal', url),
        SIGNING_SECRET,
      );
      expect(response.json).toEqual({ response_type: 'ephemeral', text: 'Comparing…' });
      await stopping.adapter.stop();
      const post = (await stopping.fake.nextResponse(url)).body as Card;
      expect(json(post)).toContain('The bot is restarting');
      expect(json(post)).not.toContain('Could not look up');
      expect(stopping.fake.responsesTo(url)).toHaveLength(1);
    } finally {
      held.open();
      await stopping.close();
    }
  });
});

describe('Slack over Socket Mode: compare and the shortcut', () => {
  let socket: Harness;
  beforeAll(async () => {
    socket = await startHarness(createCatalogSource(loadCatalog()), 'socket', {
      ackBudgetMs: 2_500,
      retries: 0,
    });
  });
  afterAll(() => socket.close());

  it('answers /carbon compare in the envelope ack', async () => {
    const ack = await socket.fake.sendEnvelope(
      'slash_commands',
      slashCommandPayload('compare lasagne vs dal', socket.fake.responseUrl()),
    );
    expect(ack.payload).toMatchObject({ response_type: 'ephemeral' });
    expect(json(ack.payload)).toContain('Lowest carbon first: 2 options');
  });

  it('acks the "Rate this menu" envelope empty and answers through response_url', async () => {
    const url = socket.fake.responseUrl('action');
    const ack = await socket.fake.sendEnvelope('interactive', messageAction(MENU, url));
    expect(ack.payload ?? {}).toEqual({});
    const post = (await socket.fake.nextResponse(url)).body as Card;
    expect(post.blocks[0]).toMatchObject({ text: { text: 'Lowest carbon first: 4 options' } });
  });
});
