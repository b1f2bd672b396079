import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../src/core/errors.js';
import { SHARE_ACTION_ID } from '../../../src/render/slack-buttons.js';
import { buttonPayload, slashCommandPayload } from '../../support/fake-slack-payloads.js';
import { APP_TOKEN, BOT_TOKEN, type Harness, SIGNING_SECRET, startHarness } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

const source = new ScriptedSource();
let h: Harness;

beforeAll(async () => {
  h = await startHarness(source, 'socket');
});
afterAll(async () => {
  await h?.close();
  for (const secret of [BOT_TOKEN, SIGNING_SECRET, APP_TOKEN]) expect(h.logs.text).not.toContain(secret);
  // The Socket Mode client logs whole envelopes at debug; their response_url (a short-lived
  // credential) must not reach the logs.
  expect(h.logs.text).toContain('Received a message on the WebSocket');
  expect(h.logs.text).not.toMatch(/response\\?\/(?:command|action)\\?\//);
  expect(h.fake.rejectedResponses).toEqual([]);
});

describe('Slack over Socket Mode', () => {
  it('opened the connection with the app token through SLACK_API_URL and needs no HTTP route', async () => {
    const opens = h.fake.callsTo('apps.connections.open');
    expect(opens).toHaveLength(1);
    expect(opens[0]?.token).toBe(APP_TOKEN);
    expect(h.fake.callsTo('auth.test')[0]?.token).toBe(BOT_TOKEN);
    expect(h.adapter.description).toBe('Slack (Socket Mode; one workspace: SLACK_BOT_TOKEN)');
    const response = await fetch(h.eventsUrl, { method: 'POST', body: '' });
    expect(response.status).toBe(404);
  });

  it('acks a slash command envelope with the card as its payload', async () => {
    const ack = await h.fake.sendEnvelope(
      'slash_commands',
      slashCommandPayload('product oat milk', h.fake.responseUrl()),
    );
    expect(ack.payload).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('Oat drink'),
    });
    expect(JSON.stringify(ack.payload?.blocks)).toContain('*0.311 kg CO2e* per litre');
  });

  it('acks with the error message when the lookup fails', async () => {
    source.failWith(new RateLimitedError(9));
    try {
      const ack = await h.fake.sendEnvelope(
        'slash_commands',
        slashCommandPayload('recipe lasagne', h.fake.responseUrl()),
      );
      expect(JSON.stringify(ack.payload)).toContain('Try again in 9 s.');
    } finally {
      source.failWith(null);
    }
  });

  it('acks "Looking up…" for a slow lookup and answers through response_url', async () => {
    source.hold();
    const responseUrl = h.fake.responseUrl();
    const ack = await h.fake.sendEnvelope(
      'slash_commands',
      slashCommandPayload('recipe lasagne', responseUrl),
    );
    expect(ack.payload).toMatchObject({ text: 'Looking up the recipe “lasagne”…' });
    source.open();
    const late = await h.fake.nextResponse(responseUrl);
    expect(late.rejected).toBeUndefined();
    expect(late.body).not.toHaveProperty('replace_original');
    expect(JSON.stringify(late.body)).toContain('Not climate-friendly');
  });

  it('acks a share interaction envelope, posts to the channel and deletes the ephemeral copy', async () => {
    const responseUrl = h.fake.responseUrl('action');
    const ack = await h.fake.sendEnvelope(
      'interactive',
      buttonPayload(SHARE_ACTION_ID, JSON.stringify({ k: 'recipe', q: 'lasagne' }), responseUrl, 'U0SOCKET'),
    );
    expect(ack.envelope_id).toBeTypeOf('string');
    const post = await h.fake.nextWebApiCall('chat.postMessage', (call) =>
      JSON.stringify(call.args).includes('U0SOCKET'),
    );
    expect(post.token).toBe(BOT_TOKEN);
    expect(JSON.stringify(post.args.blocks)).toContain('Lasagne');
    expect((await h.fake.nextResponse(responseUrl)).body).toEqual({ delete_original: true });
  });

  it('closes the WebSocket on stop', async () => {
    const socket = await h.fake.connectedSocket();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await h.adapter.stop();
    await closed;
    expect(h.fake.sockets.size).toBe(0);
  });
});
