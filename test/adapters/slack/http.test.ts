import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyRefusedError,
  BadResponseError,
  NotFoundError,
  RateLimitedError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../../src/core/errors.js';
import { SHARE_ACTION_ID } from '../../../src/render/slack-buttons.js';
import { buttonPayload, interactionForm, slashCommandForm } from '../../support/fake-slack-payloads.js';
import { signSlackRequest } from '../../support/fake-slack-protocol.js';
import { listenLocal } from '../../support/local-server.js';
import { expectNoSlackControlSequences, expectWithinBlockKitLimits } from './block-kit.js';
import { APP_TOKEN, BOT_TOKEN, type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { product, ScriptedSource } from './scripted-source.js';

type Card = { text: string; blocks: { type: string; [key: string]: unknown }[] };

const source = new ScriptedSource();
let h: Harness;

beforeAll(async () => {
  h = await startHarness(source, 'http');
});
afterAll(async () => {
  await h.close();
  // Nothing was sent that real Slack would ignore (replace/delete on a slash command's response_url).
  expect(h.fake.rejectedResponses).toEqual([]);
  // Whatever happened in the tests, no credential reached the logs.
  for (const secret of [BOT_TOKEN, SIGNING_SECRET, APP_TOKEN]) expect(h.logs.text).not.toContain(secret);
  expect(h.logs.text).not.toMatch(/response\\?\/(?:command|action)\\?\//);
});
afterEach(() => {
  source.failWith(null);
  source.answerWith(null);
  source.open();
});

const command = (text: string, responseUrl = h.fake.responseUrl()) =>
  h.fake.send(h.eventsUrl, slashCommandForm(text, responseUrl), SIGNING_SECRET);

const press = (actionId: string, value: string, responseUrl: string, user = 'U0000002', channel?: string) =>
  h.fake.send(
    h.eventsUrl,
    interactionForm(buttonPayload(actionId, value, responseUrl, user, channel)),
    SIGNING_SECRET,
  );

const cardText = (card: Card): string => JSON.stringify(card);

describe('Slack over HTTP', () => {
  it('checked the bot token with auth.test at start, against SLACK_API_URL', () => {
    const calls = h.fake.callsTo('auth.test');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]?.token).toBe(BOT_TOKEN);
    expect(h.adapter.description).toContain('/slack/events');
  });

  it('answers a product in the ack, ephemeral, with a share button', async () => {
    const response = await command('product oat milk');
    expect(response.status).toBe(200);
    const card = response.json as Card & { response_type: string };
    expect(card.response_type).toBe('ephemeral');
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Oat drink' } });
    expect(cardText(card)).toContain('*0.311 kg CO2e* per litre');
    expect(cardText(card)).toContain(SHARE_ACTION_ID);
    expect(source.calls.at(-1)).toEqual({ kind: 'product', name: 'oat milk' });
  });

  it('answers a name with no verb, looking it up as a dish and as a product as compare does', async () => {
    const before = source.calls.length;
    const answer = await command('oat milk');
    expect(answer.status).toBe(200);
    expect(source.calls.slice(before)).toEqual([
      { kind: 'recipe', name: 'oat milk' },
      { kind: 'product', name: 'oat milk' },
    ]);
    expect(cardText(answer.json as Card)).toMatch(/kg CO2e/);
    expect(cardText(answer.json as Card)).not.toContain('is not a command');
  });

  it('answers /carbon sources with the datasets and their licences, from data/datasets.json', async () => {
    const answer = await command('sources');
    const card = answer.json as Card;
    expectWithinBlockKitLimits(card as never);
    expect(cardText(card)).toContain('Licence: Licence Ouverte');
    expect(cardText(card)).toContain('<https://');
  });

  it('shows code in help and hints as code, not as look-alike backticks', async () => {
    const hint = await command('product');
    expect(cardText(hint.json as Card)).toContain('`/carbon product oat milk`');
    expect(cardText(hint.json as Card)).not.toContain('ˋ');
  });

  it('answers a recipe and help in the ack', async () => {
    const recipe = await command('recipe lasagne');
    expect(cardText(recipe.json as Card)).toContain('Not climate-friendly');
    for (const text of ['', 'help', 'HELP  ']) {
      const help = await command(text);
      expect(help.status).toBe(200);
      expect(cardText(help.json as Card)).toContain('/carbon product');
    }
  });

  it('acks "Looking up…" when the lookup is slow and delivers the answer through response_url', async () => {
    source.hold();
    const responseUrl = h.fake.responseUrl();
    const ack = await command('product oat milk', responseUrl);
    expect(ack.status).toBe(200);
    expect(ack.json).toMatchObject({ response_type: 'ephemeral' });
    expect(ack.json?.text).toBe('Looking up the product “oat milk”…');
    expect(h.fake.responsesTo(responseUrl)).toHaveLength(0);
    source.open();
    const late = await h.fake.nextResponse(responseUrl);
    // A new ephemeral message: a slash command's response_url cannot replace the "Looking up…" ack.
    expect(late.rejected).toBeUndefined();
    expect(late.body).toMatchObject({ response_type: 'ephemeral' });
    expect(late.body).not.toHaveProperty('replace_original');
    expect(late.body).not.toHaveProperty('delete_original');
    expect(cardText(late.body as Card)).toContain('Oat drink');
  });

  it('delivers a slow failure through response_url too', async () => {
    source.hold();
    source.failWith(new UpstreamTimeoutError(8000));
    const responseUrl = h.fake.responseUrl();
    const ack = await command('product oat milk', responseUrl);
    expect(ack.json?.text).toContain('Looking up');
    source.open();
    const late = await h.fake.nextResponse(responseUrl);
    expect(late.rejected).toBeUndefined();
    expect(late.body).not.toHaveProperty('replace_original');
    expect(cardText(late.body as Card)).toContain('took too long');
  });

  it('survives a response_url that fails, and keeps answering', async () => {
    source.hold();
    // A port that was just free and is closed again: the post is refused, as when Slack is unreachable.
    // (Not a well-known port such as 9: fetch blocks those itself, with "bad port".)
    const closed = createServer();
    const port = await listenLocal(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = `http://127.0.0.1:${port}/response/gone`;
    const ack = await command('product oat milk', dead);
    expect(ack.json?.text).toContain('Looking up');
    source.open();
    await h.logs.waitFor('Slack response_url delivery failed');
    // Bolt 5 posts with fetch, whose "fetch failed" alone would not say why: the log carries the cause.
    const failure = h.logs.lines.find((line) => line.includes('Slack response_url delivery failed'));
    expect(failure).toContain('fetch failed: ');
    expect(failure).toContain('ECONNREFUSED');
    const next = await command('product oat milk');
    expect(next.status).toBe(200);
    expect(cardText(next.json as Card)).toContain('Oat drink');
  });

  it('logs the status of a response_url that answers with an error, and keeps answering', async () => {
    source.hold();
    // A path the fake does not host: it answers 404, which Bolt 5's respond() turns into a RespondError.
    const gone = `${new URL(h.fake.responseUrl()).origin}/response/gone`;
    const ack = await command('product oat milk', gone);
    expect(ack.json?.text).toContain('Looking up');
    source.open();
    await h.logs.waitFor('"status":404');
    const failure = h.logs.lines.find((line) => line.includes('"status":404'));
    expect(failure).toContain('Slack response_url delivery failed');
    expect(failure).toContain('late answer');
    const next = await command('product oat milk');
    expect(next.status).toBe(200);
    expect(cardText(next.json as Card)).toContain('Oat drink');
  });

  it('shares into the channel credited to the sharer and deletes the ephemeral copy', async () => {
    const responseUrl = h.fake.responseUrl('action');
    const ephemeral = (await command('product oat milk')).json as Card;
    const share = ephemeral.blocks.find((block) => block.type === 'actions') as unknown as {
      elements: { action_id: string; value: string }[];
    };
    const value = share.elements[0]!.value;
    const response = await press(SHARE_ACTION_ID, value, responseUrl, 'U0SHARER');
    expect(response.status).toBe(200);
    const post = await h.fake.nextWebApiCall('chat.postMessage', (call) =>
      JSON.stringify(call.args).includes('U0SHARER'),
    );
    expect(post.token).toBe(BOT_TOKEN);
    expect(post.args.channel).toBe('C0000001');
    const posted = { text: String(post.args.text), blocks: post.args.blocks as Card['blocks'] };
    // The same card as the ephemeral one, minus the button, plus the credit line.
    expect(posted.blocks.slice(0, -1)).toEqual(ephemeral.blocks.filter((block) => block.type !== 'actions'));
    expect(posted.blocks.at(-1)).toMatchObject({
      type: 'context',
      elements: [{ text: 'Shared by <@U0SHARER>' }],
    });
    expect(posted.text).toBe(ephemeral.text);
    const deleted = await h.fake.nextResponse(responseUrl);
    expect(deleted.body).toEqual({ delete_original: true });
  });

  it('tells the sharer how to invite the bot when it is not in the channel', async () => {
    h.fake.onWebApi('chat.postMessage', () => ({ ok: false, error: 'not_in_channel' }));
    try {
      const responseUrl = h.fake.responseUrl('action');
      // A channel of its own: oat milk is already shared in the usual one, and is shared once per channel.
      const value = JSON.stringify({ k: 'product', q: 'oat milk' });
      await press(SHARE_ACTION_ID, value, responseUrl, 'U0000002', 'C0000009');
      const notice = await h.fake.nextResponse(responseUrl);
      expect(notice.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
      expect(String(notice.body.text)).toContain('/invite @Carbon');
      expect(h.fake.responsesTo(responseUrl).some((post) => post.body.delete_original === true)).toBe(false);
    } finally {
      h.fake.onWebApi('chat.postMessage', (args) => ({ ok: true, channel: args.channel, ts: '1.1' }));
    }
  });

  it('tells the sharer when the lookup behind the share fails, and posts nothing', async () => {
    source.failWith(new UpstreamError('HTTP 500', 500));
    const posts = h.fake.callsTo('chat.postMessage').length;
    const responseUrl = h.fake.responseUrl('action');
    await press(SHARE_ACTION_ID, JSON.stringify({ k: 'product', q: 'oat milk' }), responseUrl);
    const notice = await h.fake.nextResponse(responseUrl);
    expect(notice.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(cardText(notice.body as Card)).toContain('having trouble');
    expect(h.fake.callsTo('chat.postMessage')).toHaveLength(posts);
  });

  it('runs a did-you-mean suggestion when its button is pressed', async () => {
    const miss = (await command('product oatmlk')).json as Card;
    const actions = miss.blocks.find((block) => block.type === 'actions') as unknown as {
      elements: { action_id: string; value: string; text: { text: string } }[];
    };
    expect(actions.elements.map((element) => element.text.text)).toEqual(['Oat drink', 'Cheddar']);
    const responseUrl = h.fake.responseUrl('action');
    await press(actions.elements[0]!.action_id, actions.elements[0]!.value, responseUrl);
    const answer = await h.fake.nextResponse(responseUrl);
    expect(answer.body).toMatchObject({ replace_original: true, response_type: 'ephemeral' });
    expect(cardText(answer.body as Card)).toContain('Oat drink');
    expect(source.calls.at(-1)).toEqual({ kind: 'product', name: 'Oat drink' });
  });

  const errors: [string, unknown, string][] = [
    [
      'not found with suggestions',
      new NotFoundError('product', 'zzz', ['Oat drink']),
      'Did you mean one of these?',
    ],
    ['rate limited', new RateLimitedError(42), 'Try again in 42 s.'],
    ['key refused', new ApiKeyRefusedError(403), 'refused this bot’s API key'],
    ['timeout', new UpstreamTimeoutError(8000), 'took too long to answer'],
    ['upstream 5xx', new UpstreamError('HTTP 502', 502), 'having trouble'],
    ['bad response', new BadResponseError('not JSON'), 'could not read'],
  ];
  it.each(errors)('answers %s with a short ephemeral message', async (_name, error, expected) => {
    source.failWith(error);
    const response = await command('product oat milk');
    expect(response.status).toBe(200);
    const card = response.json as Card & { response_type: string };
    expect(card.response_type).toBe('ephemeral');
    expect(cardText(card)).toContain(expected);
    expect(card.blocks.length).toBeLessThanOrEqual(2);
  });

  it('escapes hostile input echoed back in the answer', async () => {
    const response = await command('product <!channel> <@U123> & co @here @channel');
    const card = response.json as Card;
    expectWithinBlockKitLimits(card as never);
    expectNoSlackControlSequences(card as never);
    expect(cardText(card)).toContain('&lt;!channel&gt;');
    expect(cardText(card)).toContain('@\u200bhere @\u200bchannel');
  });

  it('neutralises @here in the "Looking up…" ack', async () => {
    source.hold();
    const ack = await command('product @here milk');
    expect(ack.json?.text).toBe('Looking up the product “@\u200bhere milk”…');
  });

  // A source bug: a result whose notes are not a list makes the renderer throw.
  const unrenderable = { ...product('oat milk'), notes: null };

  it('acks with the generic error when the answer cannot be rendered, instead of a 500', async () => {
    source.answerWith(unrenderable);
    const response = await command('product oat milk');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ response_type: 'ephemeral' });
    expect(cardText(response.json as Card)).toContain('Something went wrong on our side.');
    await h.logs.waitFor('could not render the Slack reply');
    const line = h.logs.lines.find((each) => each.includes('could not render the Slack reply'));
    expect(line).toContain('"stage":"command"');
    expect(line).toContain('"command":"product"');
  });

  it('delivers the generic error through response_url when a late answer cannot be rendered', async () => {
    source.hold();
    source.answerWith(unrenderable);
    const responseUrl = h.fake.responseUrl();
    const ack = await command('product oat milk', responseUrl);
    expect(ack.status).toBe(200);
    expect(ack.json?.text).toBe('Looking up the product “oat milk”…');
    source.open();
    const late = await h.fake.nextResponse(responseUrl);
    expect(late.rejected).toBeUndefined();
    expect(cardText(late.body as Card)).toContain('Something went wrong on our side.');
  });
});

describe('Slack request verification', () => {
  const form = () => slashCommandForm('product oat milk', h.fake.responseUrl());
  const now = () => Math.floor(Date.now() / 1000);

  async function expectRefused(send: () => Promise<{ status: number }>): Promise<void> {
    const lookups = source.calls.length;
    const webApi = h.fake.webApiCalls.length;
    const responses = h.fake.responses.length;
    const response = await send();
    expect(response.status).toBe(401);
    // Refused requests reach no handler: no lookup, no Web API call, no response_url post.
    expect(source.calls.length).toBe(lookups);
    expect(h.fake.webApiCalls.length).toBe(webApi);
    expect(h.fake.responses.length).toBe(responses);
  }

  it('refuses a bad signature', async () => {
    await expectRefused(() => h.fake.send(h.eventsUrl, form(), 'not-the-secret'));
  });

  it('refuses a signature over a different body', async () => {
    const body = form();
    const timestampS = now();
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, body.replace('oat', 'cow'), SIGNING_SECRET, {
        timestampS,
        signature: signSlackRequest(SIGNING_SECRET, timestampS, body),
      }),
    );
  });

  it('refuses a timestamp more than five minutes old, even correctly signed', async () => {
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, { timestampS: now() - 6 * 60 }),
    );
  });

  it('refuses a timestamp more than five minutes in the future, even correctly signed', async () => {
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, { timestampS: now() + 6 * 60 }),
    );
  });

  it('refuses requests without the signature or timestamp headers', async () => {
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, { omit: ['x-slack-signature'] }),
    );
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, { omit: ['x-slack-request-timestamp'] }),
    );
    await expectRefused(() =>
      h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, {
        omit: ['x-slack-signature', 'x-slack-request-timestamp'],
      }),
    );
  });

  it('refuses a forged share interaction', async () => {
    const body = interactionForm(
      buttonPayload(SHARE_ACTION_ID, '{"k":"product","q":"oat milk"}', h.fake.responseUrl('action')),
    );
    await expectRefused(() => h.fake.send(h.eventsUrl, body, 'forged'));
  });

  it('still accepts a correctly signed request within the window', async () => {
    const response = await h.fake.send(h.eventsUrl, form(), SIGNING_SECRET, { timestampS: now() - 4 * 60 });
    expect(response.status).toBe(200);
  });
});
