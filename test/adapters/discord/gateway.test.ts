import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceUnavailableError } from '../../../src/core/errors.js';
import type { LookupSource } from '../../../src/core/source.js';
import { parseShareCustomId } from '../../../src/render/discord-custom-ids.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_APPLICATION_ID, FAKE_BOT_TOKEN, type FakeDiscord } from '../../support/fake-discord.js';
import {
  autocompletePayload,
  buttonPayload,
  commandPayload,
  type InteractionPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { type ApiHarness, type Harness, startApiHarness, startHarness } from './harness.js';

type Message = {
  content?: string;
  embeds: { title?: string; description?: string; fields?: { name: string; value: string }[] }[];
  components: { components: { custom_id: string; label: string }[] }[];
  flags?: number;
  allowed_mentions: unknown;
};

function withoutFooter(embeds: Message['embeds']) {
  return embeds.map(({ footer: _footer, ...rest }: Message['embeds'][number] & { footer?: unknown }) => rest);
}

/** The answer the user finally sees: the immediate response, or the edit of a deferral. */
async function finalMessage(fake: FakeDiscord, payload: InteractionPayload): Promise<Message> {
  const callback = await fake.waitForCallback(payload.id);
  if (callback.body.type === 4) return callback.body.data as unknown as Message;
  expect(callback.body.type).toBe(5);
  const edit = await fake.waitForWebhook(payload.token, 'PATCH');
  return { ...(edit.body as unknown as Message), flags: (callback.body.data as { flags?: number }).flags };
}

describe('Discord gateway mode with the catalog', () => {
  let harness: Harness;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = loadCatalog();
    harness = await startHarness({
      mode: 'gateway',
      source: createCatalogSource(catalog),
      suggester: catalog,
    });
  });
  afterAll(() => harness.stop());

  it('identifies with the bot token, no intents, JSON encoding and no compression', () => {
    const connection = harness.fake.connections[0]!;
    expect(connection.identify).toEqual({ token: FAKE_BOT_TOKEN, intents: 0 });
    expect(connection.query.get('encoding')).toBe('json');
    expect(connection.query.get('v')).toBe('10');
    expect(connection.query.has('compress')).toBe(false);
    // The gateway address came from the fake REST API's /gateway/bot.
    expect(harness.fake.requests.some((each) => each.method === 'GET' && each.path === '/gateway/bot')).toBe(
      true,
    );
  });

  it('answers /carbon product with an ephemeral embed, a share button and no mentions', async () => {
    const payload = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.token).toBe(payload.token);
    expect(callback.body.type).toBe(4);
    const message = callback.body.data as unknown as Message;
    expect(message.flags).toBe(64);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds[0]!.title).toBe(catalog.findProduct('oat milk').name);
    expect(message.embeds[0]!.description).toContain('kg CO2e per litre');
    const button = message.components[0]!.components[0]!;
    expect(button.label).toBe('Share in channel');
    expect(parseShareCustomId(button.custom_id)?.kind).toBe('product');
  });

  it('answers /carbon recipe with the verdict', async () => {
    const payload = commandPayload('recipe', 'lasagne');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.embeds[0]!.title).toBe('Lasagne');
    expect(message.embeds[0]!.description).toMatch(/climate-friendly/i);
  });

  it('answers /carbon help with the help embed', async () => {
    const payload = commandPayload('help');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.embeds[0]!.fields!.map((field) => field.name)).toContain('/carbon recipe name:<name>');
  });

  it('answers /carbon sources with an embed of the datasets and their licences, links masked', async () => {
    const payload = commandPayload('sources');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    const embed = message.embeds[0]!;
    expect(embed.title).toBe('Where the figures come from');
    expect(embed.fields!.map((field) => field.name).join(' ')).toContain('AGRIBALYSE');
    expect(embed.fields!.every((field) => /\[[^\]]+\]\(<https:\/\/[^>]+>\)/.test(field.value))).toBe(true);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('suggests catalog names as the user types (type 8, at most 25)', async () => {
    const payload = autocompletePayload('product', 'oat');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const callback = await harness.fake.waitForCallback(payload.id);
    expect(callback.body.type).toBe(8);
    const { choices } = callback.body.data as { choices: { name: string; value: string }[] };
    expect(choices.map((choice) => choice.value)).toEqual(catalog.suggest('product', 'oat', 25));
    expect(choices.map((choice) => choice.value)).toContain('Oat milk');

    const broad = autocompletePayload('product', 'a');
    harness.fake.dispatch('INTERACTION_CREATE', broad);
    const many = (await harness.fake.waitForCallback(broad.id)).body.data as { choices: unknown[] };
    expect(many.choices.length).toBeGreaterThan(0);
    expect(many.choices.length).toBeLessThanOrEqual(25);
  });

  it('shares an answer: the private copy is updated in place (type 7), the public one is a follow-up', async () => {
    const command = commandPayload('product', 'oat milk');
    harness.fake.dispatch('INTERACTION_CREATE', command);
    const answer = (await harness.fake.waitForCallback(command.id)).body.data as unknown as Message;

    const click = buttonPayload(answer.components[0]!.components[0]!.custom_id, answer.embeds);
    harness.fake.dispatch('INTERACTION_CREATE', click);
    const callback = await harness.fake.waitForCallback(click.id);
    expect(callback.body).toEqual({
      type: 7,
      data: {
        content: '✅ Shared in the channel.',
        embeds: [],
        components: [],
        allowed_mentions: { parse: [] },
      },
    });

    const followUp = await harness.fake.waitForWebhook(click.token, 'POST');
    expect(followUp).toMatchObject({ applicationId: FAKE_APPLICATION_ID, messageId: null });
    const shared = followUp.body as unknown as Message;
    expect(shared.flags).toBeUndefined();
    expect(shared.content).toBe(`Shared by <@${USER_ID}>`);
    expect(shared.allowed_mentions).toEqual({ parse: [] });
    expect(shared.components).toEqual([]);
    // The same card, looked up again by the name found; the public copy does not echo the query.
    expect(withoutFooter(shared.embeds)).toEqual(withoutFooter(answer.embeds));
    // Nothing else: no delete of a message another interaction's token created.
    expect(harness.fake.webhookAttempts(click.token)).toHaveLength(1);
    expect(harness.fake.webhookAttempts(command.token)).toEqual([]);
  });

  it('gives the card and its button back, saying sharing failed, when the public post fails', async () => {
    // Not oat milk: that is shared in this channel already, and a comparison or lookup is shared once.
    const command = commandPayload('product', 'tofu');
    harness.fake.dispatch('INTERACTION_CREATE', command);
    const answer = (await harness.fake.waitForCallback(command.id)).body.data as unknown as Message;
    const customId = answer.components[0]!.components[0]!.custom_id;

    const click = buttonPayload(customId, answer.embeds);
    harness.fake.failNext(
      (request) =>
        request.method === 'POST' &&
        request.path.startsWith(`/webhooks/${FAKE_APPLICATION_ID}/${click.token}`),
      500,
    );
    harness.fake.dispatch('INTERACTION_CREATE', click);
    expect((await harness.fake.waitForCallback(click.id)).body.type).toBe(7);
    const edit = await harness.fake.waitForWebhook(click.token, 'PATCH');
    expect(edit.messageId).toBe('@original');
    const restored = edit.body as unknown as Message;
    expect(restored.content).toContain('Sharing in the channel failed');
    expect(restored.content).toContain('Try the button again');
    expect(withoutFooter(restored.embeds)).toEqual(withoutFooter(answer.embeds));
    expect(restored.components[0]!.components[0]!.custom_id).toBe(customId);
    expect(restored.allowed_mentions).toEqual({ parse: [] });
    expect(harness.fake.webhooks.filter((each) => each.token === click.token)).toEqual([edit]);
  });

  it('looks the name up again when the clicked message carries no embed', async () => {
    const click = buttonPayload('carbon:share:r:Lasagne', []);
    harness.fake.dispatch('INTERACTION_CREATE', click);
    expect((await harness.fake.waitForCallback(click.id)).body.type).toBe(7);
    const shared = (await harness.fake.waitForWebhook(click.token, 'POST')).body as unknown as Message;
    expect(shared.flags).toBeUndefined();
    expect(shared.content).toBe(`Shared by <@${USER_ID}>`);
    expect(shared.embeds[0]!.title).toBe('Lasagne');
  });

  it('answers a name with nothing usable in it with a short ephemeral error', async () => {
    const payload = commandPayload('product', '\u200b\u0007 ');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.embeds).toEqual([]);
    expect(message.content).toContain("That name can't be looked up");
  });

  it('answers an unknown name with suggestions', async () => {
    const payload = commandPayload('recipe', 'zzz lasagne pizza');
    harness.fake.dispatch('INTERACTION_CREATE', payload);
    const message = await finalMessage(harness.fake, payload);
    expect(message.flags).toBe(64);
    expect(message.content).toContain('No recipe found for "zzz lasagne pizza".');
    expect(message.content).toContain('• `Lasagne`');
  });

  it('never writes the bot token or an interaction token to the log', () => {
    const log = harness.logs.join('\n');
    expect(log).not.toContain(FAKE_BOT_TOKEN);
    expect(log).not.toContain('interaction-token-');
  });
});

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
