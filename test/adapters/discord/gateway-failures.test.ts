import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceUnavailableError } from '../../../src/core/errors.js';
import type { LookupSource } from '../../../src/core/source.js';
import { FAKE_APPLICATION_ID } from '../../support/fake-discord.js';
import { autocompletePayload, commandPayload } from '../../support/fake-discord-payloads.js';
import { finalMessage, type Message } from './final-message.js';
import { type ApiHarness, type Harness, startApiHarness, startHarness } from './harness.js';

describe('Discord gateway mode with a slow or failing API', () => {
  let harness: ApiHarness;

  beforeAll(async () => {
    harness = await startApiHarness({ mode: 'gateway', timeoutMs: 1_500, budgetMs: 300 });
  });
  afterAll(() => harness.stop());

  it('defers (type 5, ephemeral) when the lookup is slow, then edits the original with the answer', async () => {
    const upstream = harness.holdApi();
    try {
      const payload = commandPayload('product', 'oat milk');
      harness.fake.dispatch('INTERACTION_CREATE', payload);
      const callback = await harness.fake.waitForCallback(payload.id);
      expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
      expect(harness.fake.webhooks.some((each) => each.token === payload.token)).toBe(false);

      upstream.open();
      const edit = await harness.fake.waitForWebhook(payload.token, 'PATCH');
      expect(edit.applicationId).toBe(FAKE_APPLICATION_ID);
      expect(edit.messageId).toBe('@original');
      const message = edit.body as unknown as Message;
      expect(message.embeds[0]!.title).toBe('oat milk');
      expect(message.allowed_mentions).toEqual({ parse: [] });
      expect(message.components[0]!.components[0]!.label).toBe('Share in channel');
      expect(message).not.toHaveProperty('flags');
    } finally {
      harness.greenswapp.respondWith(null);
    }
  });

  it('sends the answer as an ephemeral follow-up when the edit of the deferral fails', async () => {
    const upstream = harness.holdApi();
    const payload = commandPayload('product', 'tofu');
    harness.fake.failNext((request) => request.method === 'PATCH', 500, { message: 'boom', code: 0 });
    try {
      harness.fake.dispatch('INTERACTION_CREATE', payload);
      expect((await harness.fake.waitForCallback(payload.id)).body.type).toBe(5);
      upstream.open();
      const followUp = await harness.fake.waitForWebhook(payload.token, 'POST');
      expect(followUp.messageId).toBeNull();
      const message = followUp.body as unknown as Message;
      expect(message.flags).toBe(64);
      expect(message.embeds[0]!.title).toBe('tofu');
      expect(message.allowed_mentions).toEqual({ parse: [] });
      const line = await harness.waitForLog('could not edit the deferred Discord reply');
      expect(line).toContain('HTTP 500');
      expect(line).not.toContain(payload.token);
    } finally {
      harness.greenswapp.respondWith(null);
    }
    const attempts = harness.fake.webhookAttempts(payload.token).map((each) => each.method);
    expect(attempts).toEqual(['PATCH', 'POST']);
    // Still answering afterwards.
    const next = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', next);
    expect((await finalMessage(harness.fake, next)).embeds[0]!.title).toBe('oat milk');
  });

  it('sends the error view when neither the edit nor the follow-up with the answer gets through', async () => {
    const upstream = harness.holdApi();
    const payload = commandPayload('product', 'oat milk');
    const mine = (request: { path: string }) =>
      request.path.startsWith(`/webhooks/${FAKE_APPLICATION_ID}/${payload.token}`);
    harness.fake.failNext((request) => mine(request) && request.method === 'PATCH', 500);
    harness.fake.failNext((request) => mine(request) && request.method === 'POST', 400, {
      message: 'Invalid Form Body',
      code: 50035,
    });
    try {
      harness.fake.dispatch('INTERACTION_CREATE', payload);
      await harness.fake.waitForCallback(payload.id);
      upstream.open();
      const followUp = await harness.fake.waitForWebhook(payload.token, 'POST');
      const message = followUp.body as unknown as Message;
      expect(message.flags).toBe(64);
      expect(message.embeds).toEqual([]);
      expect(message.content).toContain('Something went wrong');
    } finally {
      harness.greenswapp.respondWith(null);
    }
    const attempts = harness.fake.webhookAttempts(payload.token).map((each) => each.method);
    expect(attempts).toEqual(['PATCH', 'POST', 'POST']);
  });

  it('does not wait out a 429 on the interaction callback: one attempt, logged', async () => {
    harness.fake.failNext((request) => request.path.includes('/callback'), 429, {
      message: 'You are being rate limited.',
      retry_after: 5,
      global: false,
    });
    const payload = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const line = await harness.waitForLog('rate-limited the answer to an interaction');
    expect(line).toContain('HTTP 429');
    expect(harness.fake.callbackAttempts(payload.id)).toHaveLength(1);
    expect(harness.fake.rejected.at(-1)).toMatchObject({ status: 429 });
    expect(harness.fake.webhookAttempts(payload.token)).toEqual([]);
  });

  it.each([
    [
      'not found',
      { status: 404, body: { error: 'product not found', suggestions: ['oat milk'] } },
      'No product found',
    ],
    ['a refused key', { status: 401, body: { error: 'invalid api key' } }, 'refused this bot’s API key'],
    ['a server error', { status: 503, body: { error: 'down' } }, 'having trouble'],
    ['a malformed body', { status: 200, body: 'not json at all' }, 'could not read'],
    ['a timeout', { delayMs: 5_000 }, 'took too long'],
    // Last: the API client then holds back every lookup until the Retry-After has passed.
    ['rate limiting', { status: 429, headers: { 'retry-after': '30' }, body: {} }, 'Try again in 30 s.'],
  ])('turns %s into a short ephemeral message', async (_name, scripted, text) => {
    harness.greenswapp.respondOnce(scripted);
    const payload = commandPayload('product', 'kale chips');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.embeds).toEqual([]);
    expect(message.content).toContain(text);
    expect(message.content!.length).toBeLessThan(400);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('Discord gateway mode with an unavailable source', () => {
  let harness: Harness;
  const broken: LookupSource = {
    id: 'catalog',
    lookupProduct: () => Promise.reject(new SourceUnavailableError('the catalog is missing')),
    lookupRecipe: () => Promise.reject(new TypeError('unexpected bug with secret detail')),
  };

  beforeAll(async () => {
    harness = await startHarness({ mode: 'gateway', source: broken, suggester: null });
  });
  afterAll(() => harness.stop());

  it('says lookups are unavailable, and words unexpected failures without their detail', async () => {
    const product = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', product);
    expect((await finalMessage(harness.fake, product)).content).toContain('Lookups are not available');

    const recipe = commandPayload('recipe', 'lasagne');
    harness.fake.dispatch('INTERACTION_CREATE', recipe);
    const message = await finalMessage(harness.fake, recipe);
    expect(message.content).toContain('Something went wrong');
    expect(message.content).not.toContain('secret detail');
  });

  it('answers autocomplete with no choices when there is no catalog', async () => {
    const payload = autocompletePayload('recipe', 'las');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.body).toEqual({ type: 8, data: { choices: [] } });
  });
});

describe('Discord gateway mode when the interaction has expired', () => {
  it('sends no edit or follow-up after the callback is refused with 10062 Unknown interaction', async () => {
    const harness = await startApiHarness({ mode: 'gateway', timeoutMs: 3_000, budgetMs: 50 });
    let stopped = false;
    try {
      const upstream = harness.holdApi();
      harness.fake.failNext((request) => request.path.includes('/callback'), 404, {
        message: 'Unknown interaction',
        code: 10062,
      });
      const payload = commandPayload('product', 'oat milk');
      harness.fake.dispatch('INTERACTION_CREATE', payload);
      // The lookup is held, so this is the deferral (type 5) being refused.
      await harness.waitForLog('expired before it was answered');
      const [attempt, ...more] = harness.fake.callbackAttempts(payload.id);
      expect(more).toEqual([]);
      expect(attempt!.body).toEqual({ type: 5, data: { flags: 64 } });
      expect(harness.fake.rejected.map((each) => each.request)).toContain(attempt);
      expect(harness.fake.callbacks.some((each) => each.interactionId === payload.id)).toBe(false);

      // Let the lookup finish, then stop: stopping waits for follow-up work still in flight, so an
      // edit that should not happen would have happened by then.
      upstream.open();
      await harness.stop();
      stopped = true;
      expect(harness.fake.webhookAttempts(payload.token)).toEqual([]);
    } finally {
      if (!stopped) await harness.stop();
    }
  });
});
