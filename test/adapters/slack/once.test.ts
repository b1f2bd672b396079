import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARE_SHARE_ACTION_ID,
  COMPARE_VOTE_ACTION_ID,
  decodeCompareShare,
} from '../../../src/adapters/slack/compare-buttons.js';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';
import { SHARE_ACTION_ID } from '../../../src/render/slack-buttons.js';
import { createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FakeSlack } from '../../support/fake-slack.js';
import { buttonPayload, interactionForm, slashCommandForm } from '../../support/fake-slack-payloads.js';
import { type Harness, SIGNING_SECRET, startHarness } from './harness.js';

/**
 * Every interaction answered once (issue #22), on two Slack adapters sharing one store, as two
 * replicas behind a load balancer share one database: a retry or replay of a request, wherever it
 * lands, is acknowledged and not processed again; Share posts once per comparison and channel.
 */

type Block = { type: string; elements?: { action_id?: string; value?: string }[] };
type Card = { text?: string; blocks: Block[] };

const store = new MemoryStateStore();
const source = createCatalogSource(loadCatalog());
let fake: FakeSlack;
let one: Harness;
let two: Harness;

beforeAll(async () => {
  fake = await new FakeSlack().start();
  one = await startHarness(source, 'http', { ackBudgetMs: 1_000, retries: 0 }, { store, fake });
  two = await startHarness(source, 'http', { ackBudgetMs: 1_000, retries: 0 }, { store, fake });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await fake?.close();
});

const actions = (card: Card) => card.blocks.flatMap((block) => block.elements ?? []);

describe('Slack: each request answered once, on whichever replica it lands', () => {
  it('answers a slash command once; its retries and replays, on either replica, get an empty ack', async () => {
    const url = fake.responseUrl();
    const form = slashCommandForm('product oat milk', url);
    const timestampS = Math.floor(Date.now() / 1000);
    const first = await fake.send(one.eventsUrl, form, SIGNING_SECRET, { timestampS });
    expect(first.status).toBe(200);
    expect(JSON.stringify(first.json)).toContain('Oat');
    const repeats = await Promise.all([
      // The same signed request again (a replay within the signature window) on both replicas.
      fake.send(one.eventsUrl, form, SIGNING_SECRET, { timestampS }),
      fake.send(two.eventsUrl, form, SIGNING_SECRET, { timestampS }),
      // Slack's own retries, re-signed, marked as such.
      fake.send(two.eventsUrl, form, SIGNING_SECRET, {
        headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
      }),
      fake.send(one.eventsUrl, form, SIGNING_SECRET, {
        headers: { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' },
      }),
    ]);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.text).toBe('');
    }
    expect(fake.responsesTo(url)).toEqual([]);
    await two.logs.waitFor('interaction already answered (a retry or a replay); dropped');
  });

  it('posts a Share once: twenty deliveries of one click, and a second click, make one public post', async () => {
    const card = (
      await fake.send(
        one.eventsUrl,
        slashCommandForm('compare lasagne vs dal', fake.responseUrl()),
        SIGNING_SECRET,
      )
    ).json as unknown as Card;
    const share = actions(card).find((element) => element.action_id === COMPARE_SHARE_ACTION_ID)!;
    const posts = () => fake.callsTo('chat.postMessage').length;
    const before = posts();
    const clickUrl = fake.responseUrl('action');
    const click = interactionForm(
      buttonPayload(COMPARE_SHARE_ACTION_ID, share.value!, clickUrl, 'U0000002', 'C0000100'),
    );
    const deliveries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fake.send(i % 2 === 0 ? one.eventsUrl : two.eventsUrl, click, SIGNING_SECRET, {
          headers:
            i === 0
              ? {}
              : { 'x-slack-retry-num': String(Math.min(i, 3)), 'x-slack-retry-reason': 'http_timeout' },
        }),
      ),
    );
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    await fake.nextWebApiCall('chat.postMessage', (call) => call.args.channel === 'C0000100');
    // A second click (a new action, another user) on the other replica: pointed to the first post.
    const secondUrl = fake.responseUrl('action');
    await fake.send(
      two.eventsUrl,
      interactionForm(
        buttonPayload(COMPARE_SHARE_ACTION_ID, share.value!, secondUrl, 'U0000003', 'C0000100'),
      ),
      SIGNING_SECRET,
    );
    const pointer = await fake.nextResponse(secondUrl);
    expect(JSON.stringify(pointer.body)).toContain('This is already shared in this channel.');
    expect(JSON.stringify(pointer.body)).toContain('https://fake.slack.test/archives/C0000100/p');
    expect(posts() - before).toBe(1);
  });

  it('shares a lookup once per channel too; another channel gets its own post', async () => {
    const value = JSON.stringify({ k: 'product', q: 'tofu' });
    const before = fake.callsTo('chat.postMessage').length;
    for (const [harness, channel] of [
      [one, 'C0000200'],
      [two, 'C0000200'],
      [two, 'C0000201'],
    ] as const) {
      const url = fake.responseUrl('action');
      await fake.send(
        harness.eventsUrl,
        interactionForm(buttonPayload(SHARE_ACTION_ID, value, url, 'U0000002', channel)),
        SIGNING_SECRET,
      );
      await fake.nextResponse(url);
    }
    expect(
      fake
        .callsTo('chat.postMessage')
        .slice(before)
        .map((call) => call.args.channel),
    ).toEqual(['C0000200', 'C0000201']);
  });

  it('adds a vote’s reactions once when "Put to a vote" is pressed twice, on either replica', async () => {
    const reacted: unknown[] = [];
    fake.onWebApi('reactions.add', (args) => {
      reacted.push(args.name);
      return { ok: true };
    });
    fake.onWebApi('chat.update', (args) => ({ ok: true, channel: args.channel, ts: args.ts }));
    const press = (url: string, user: string) => ({
      ...buttonPayload(COMPARE_VOTE_ACTION_ID, 'one,two', url, user, 'C0000300'),
      container: {
        type: 'message',
        message_ts: '1700000999.000100',
        channel_id: 'C0000300',
        is_ephemeral: false,
      },
      message: { type: 'message', ts: '1700000999.000100', text: 'Lowest carbon of 2', blocks: [] },
    });
    const firstUrl = fake.responseUrl('action');
    await fake.send(one.eventsUrl, interactionForm(press(firstUrl, 'U0000004')), SIGNING_SECRET);
    await fake.nextWebApiCall('chat.update', (call) => call.args.ts === '1700000999.000100');
    const secondUrl = fake.responseUrl('action');
    await fake.send(two.eventsUrl, interactionForm(press(secondUrl, 'U0000005')), SIGNING_SECRET);
    const told = await fake.nextResponse(secondUrl);
    expect(String(told.body.text)).toContain('already up for a vote in this channel');
    expect(reacted).toEqual(['one', 'two']);
  });
});

describe('Slack: a comparison too long for its Share button', () => {
  it('keeps its options in the store, so the Share works on the other replica', async () => {
    // Ten ingredient lists of about 200 characters: far more than a button value's 2,000.
    const options = Array.from(
      { length: 10 },
      (_, i) =>
        `(${100 + i * 50}g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, 2 tbsp olive oil, 100g cheddar cheese, 1 carrot, 2 garlic cloves, 200ml milk, 50g butter, 1 celery stick, serves 4)`,
    );
    const card = (
      await fake.send(
        one.eventsUrl,
        slashCommandForm(`compare ${options.join(', ')}`, fake.responseUrl()),
        SIGNING_SECRET,
      )
    ).json as unknown as Card;
    const share = actions(card).find((element) => element.action_id === COMPARE_SHARE_ACTION_ID);
    expect(share).toBeDefined();
    const carried = decodeCompareShare(share!.value);
    expect(carried).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/) });
    const url = fake.responseUrl('action');
    await fake.send(
      two.eventsUrl,
      interactionForm(buttonPayload(COMPARE_SHARE_ACTION_ID, share!.value!, url, 'U0000002', 'C0000400')),
      SIGNING_SECRET,
    );
    const posted = await fake.nextWebApiCall('chat.postMessage', (call) => call.args.channel === 'C0000400');
    expect(JSON.stringify(posted.args.blocks)).toContain('Shared by');
  });
});
