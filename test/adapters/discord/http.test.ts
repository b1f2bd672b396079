import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupSource } from '../../../src/core/source.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_APPLICATION_ID } from '../../support/fake-discord.js';
import {
  autocompletePayload,
  buttonPayload,
  commandPayload,
  pingPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { memorySource } from '../../support/memory-source.js';
import {
  type ApiHarness,
  createSigner,
  type Harness,
  postInteraction,
  startApiHarness,
  startHarness,
} from './harness.js';

type Message = {
  content?: string;
  embeds: { title?: string }[];
  components: { components: { custom_id: string }[] }[];
  flags?: number;
  allowed_mentions: unknown;
};

describe('Discord HTTP interactions with the catalog', () => {
  let harness: Harness;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = loadCatalog();
    harness = await startHarness({ mode: 'http', source: createCatalogSource(catalog), suggester: catalog });
  });
  afterAll(() => harness.stop());

  it('answers PING with PONG', async () => {
    const response = await postInteraction(harness, pingPayload());
    expect(response).toEqual({ status: 200, body: { type: 1 } });
  });

  it('answers a command in the HTTP response (type 4, ephemeral, no mentions)', async () => {
    const response = await postInteraction(harness, commandPayload('product', 'oat milk'));
    expect(response.status).toBe(200);
    const body = response.body as { type: number; data: Message };
    expect(body.type).toBe(4);
    expect(body.data.flags).toBe(64);
    expect(body.data.allowed_mentions).toEqual({ parse: [] });
    expect(body.data.embeds[0]!.title).toBe(catalog.findProduct('oat milk').name);
    expect(body.data.components[0]!.components[0]!.custom_id).toMatch(/^carbon:share:p:/);
  });

  it('answers autocomplete in the HTTP response (type 8)', async () => {
    const response = await postInteraction(harness, autocompletePayload('recipe', 'las'));
    expect(response.body).toEqual({
      type: 8,
      data: { choices: catalog.suggest('recipe', 'las', 25).map((name) => ({ name, value: name })) },
    });
  });

  it('shares by updating the private copy in the response (type 7) and posting a public follow-up', async () => {
    const answer = (await postInteraction(harness, commandPayload('recipe', 'lasagne'))).body as {
      data: Message;
    };
    const click = buttonPayload(answer.data.components[0]!.components[0]!.custom_id, answer.data.embeds);
    const response = await postInteraction(harness, click);
    expect(response.body).toEqual({
      type: 7,
      data: {
        content: '✅ Shared in the channel.',
        embeds: [],
        components: [],
        allowed_mentions: { parse: [] },
      },
    });
    const followUp = await harness.fake.waitForWebhook(click.token, 'POST');
    const shared = followUp.body as unknown as Message;
    expect(shared.flags).toBeUndefined();
    expect(shared.content).toBe(`Shared by <@${USER_ID}>`);
    expect(shared.allowed_mentions).toEqual({ parse: [] });
    expect(shared.embeds).toEqual(answer.data.embeds);
    expect(harness.fake.webhookAttempts(click.token)).toHaveLength(1);
  });

  it('answers 400 to payloads that are not interactions, after checking the signature', async () => {
    expect((await postInteraction(harness, { hello: 'world' })).status).toBe(400);
    expect((await postInteraction(harness, 'not json')).status).toBe(400);
  });

  it('answers 413 to bodies over 64 KiB', async () => {
    const response = await postInteraction(harness, { padding: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
  });

  it('answers 413 to a chunked body once it passes 64 KiB, without waiting for the rest', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'x');
    let sent = 0;
    async function* endless() {
      // Far more than the limit; the server must answer long before the end.
      for (; sent < 1024; sent++) yield chunk;
    }
    const response = await request(`${harness.botUrl}/discord/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Readable.from(endless()),
    }).catch((error: unknown) => error as Error);
    if (!(response instanceof Error)) {
      expect(response.statusCode).toBe(413);
      await response.body.dump();
    }
    expect(sent).toBeLessThan(1024);
  });
});

describe('Discord HTTP interactions: signatures', () => {
  let harness: Harness;
  let lookups = 0;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const source = createCatalogSource(catalog);
    harness = await startHarness({
      mode: 'http',
      source: {
        id: 'catalog',
        lookupProduct: (name, options) => {
          lookups += 1;
          return source.lookupProduct(name, options);
        },
        lookupRecipe: (name, options) => {
          lookups += 1;
          return source.lookupRecipe(name, options);
        },
      },
      suggester: catalog,
    });
  });
  afterAll(() => harness.stop());

  const timestamp = () => String(Math.floor(Date.now() / 1000));

  it.each([
    [
      'a tampered body',
      (body: string) => {
        const ts = timestamp();
        return { signed: body, sent: body.replace('oat milk', 'beef mince'), ts };
      },
    ],
    ['a tampered timestamp', (body: string) => ({ signed: body, sent: body, ts: timestamp(), sentTs: '1' })],
  ])('rejects %s with 401 before any handler runs', async (_name, make) => {
    const payload = JSON.stringify(commandPayload('product', 'oat milk'));
    const { signed, sent, ts, sentTs } = make(payload) as {
      signed: string;
      sent: string;
      ts: string;
      sentTs?: string;
    };
    const response = await postInteraction(harness, sent, {
      'content-type': 'application/json',
      'x-signature-ed25519': harness.signer.sign(ts, signed),
      'x-signature-timestamp': sentTs ?? ts,
    });
    expect(response.status).toBe(401);
    expect(lookups).toBe(0);
    expect(harness.fake.requests).toEqual([]);
  });

  it('rejects a signature from another key with 401', async () => {
    const stranger = createSigner();
    const body = JSON.stringify(commandPayload('product', 'oat milk'));
    const ts = timestamp();
    const response = await postInteraction(harness, body, {
      'content-type': 'application/json',
      'x-signature-ed25519': stranger.sign(ts, body),
      'x-signature-timestamp': ts,
    });
    expect(response.status).toBe(401);
    expect(lookups).toBe(0);
    expect(harness.fake.requests).toEqual([]);
  });

  it.each([
    ['no headers', {}],
    ['no timestamp', { 'x-signature-ed25519': 'ab'.repeat(64) }],
    ['no signature', { 'x-signature-timestamp': '1700000000' }],
    ['a signature that is not hex', { 'x-signature-ed25519': 'zz'.repeat(64), 'x-signature-timestamp': '1' }],
    ['a short signature', { 'x-signature-ed25519': 'ab', 'x-signature-timestamp': '1' }],
  ])('rejects %s with 401', async (_name, headers) => {
    const response = await postInteraction(harness, JSON.stringify(pingPayload()), {
      'content-type': 'application/json',
      ...headers,
    });
    expect(response.status).toBe(401);
    expect(lookups).toBe(0);
    expect(harness.fake.requests).toEqual([]);
  });

  it('accepts the same request correctly signed', async () => {
    const response = await postInteraction(harness, commandPayload('product', 'oat milk'));
    expect(response.status).toBe(200);
    expect(lookups).toBe(1);
  });
});

describe('Discord HTTP interactions with a slow API', () => {
  let harness: ApiHarness;

  beforeAll(async () => {
    harness = await startApiHarness({ mode: 'http', timeoutMs: 5_000, budgetMs: 200 });
  });
  afterAll(() => harness.stop());

  it('defers in the HTTP response (type 5) and PATCHes the original over REST when ready', async () => {
    const upstream = harness.holdApi();
    try {
      const payload = commandPayload('recipe', 'vegetable curry');
      const response = await postInteraction(harness, payload);
      expect(response.body).toEqual({ type: 5, data: { flags: 64 } });
      expect(harness.fake.webhooks).toEqual([]);

      upstream.open();
      const edit = await harness.fake.waitForWebhook(payload.token, 'PATCH');
      expect(edit.applicationId).toBe(FAKE_APPLICATION_ID);
      expect(edit.messageId).toBe('@original');
      const message = edit.body as unknown as Message;
      expect(message.embeds[0]!.title).toBe('vegetable curry');
      expect(message.allowed_mentions).toEqual({ parse: [] });
    } finally {
      harness.greenswapp.respondWith(null);
    }
  });

  it('answers autocomplete from the catalog even while the API hangs', async () => {
    const upstream = harness.holdApi();
    const before = harness.greenswapp.requests.length;
    try {
      const response = await postInteraction(harness, autocompletePayload('product', 'tof'));
      const body = response.body as { type: number; data: { choices: { value: string }[] } };
      expect(body.type).toBe(8);
      expect(body.data.choices.length).toBeGreaterThan(0);
      expect(harness.greenswapp.requests.length).toBe(before);
    } finally {
      upstream.open();
      harness.greenswapp.respondWith(null);
    }
  });
});

describe('Discord HTTP interactions when rendering fails', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      mode: 'http',
      source: memorySource({ product: { notes: null as unknown as string[] } }),
      suggester: null,
    });
  });
  afterAll(() => harness.stop());

  it('answers 200 with the generic ephemeral error instead of failing the request', async () => {
    const payload = commandPayload('product', 'oat milk');
    const response = await postInteraction(harness, payload);
    expect(response.status).toBe(200);
    const body = response.body as { type: number; data: Message };
    expect(body.type).toBe(4);
    expect(body.data.flags).toBe(64);
    expect(body.data.content).toContain('Something went wrong on our side.');
    const line = await harness.waitForLog('could not render a Discord reply');
    expect(line).toContain(payload.id);
  });
});

describe('Discord HTTP interactions: many lookups at once', () => {
  it('runs more than ten concurrent lookups on the stop signal without a MaxListenersExceededWarning', async () => {
    const catalog = loadCatalog();
    const source = createCatalogSource(catalog);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    // Like the API client, each lookup listens on the signal it is given until it settles.
    const listening: LookupSource = {
      id: 'catalog',
      lookupProduct: async (name, options) => {
        const onAbort = () => undefined;
        options?.signal?.addEventListener('abort', onAbort);
        await new Promise((resolve) => setTimeout(resolve, 50));
        options?.signal?.removeEventListener('abort', onAbort);
        return source.lookupProduct(name, options);
      },
      lookupRecipe: (name, options) => source.lookupRecipe(name, options),
    };
    const many = await startHarness({ mode: 'http', source: listening, suggester: catalog, budgetMs: 2_000 });
    try {
      const replies = await Promise.all(
        Array.from({ length: 15 }, () => postInteraction(many, commandPayload('product', 'oat milk'))),
      );
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await many.stop();
    }
  });
});
