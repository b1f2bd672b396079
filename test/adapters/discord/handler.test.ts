import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInteractionHandler,
  lastResortMessage,
  toChoices,
} from '../../../src/adapters/discord/handler.js';
import { createDiscordRest, discordApiRoot } from '../../../src/adapters/discord/rest.js';
import { NotFoundError } from '../../../src/core/errors.js';
import { toErrorView } from '../../../src/core/messages.js';
import type { LookupSource, NameSuggester } from '../../../src/core/source.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';
import { FAKE_APPLICATION_ID, type FakeDiscord, startFakeDiscord } from '../../support/fake-discord.js';
import {
  autocompletePayload,
  buttonPayload,
  commandPayload,
  USER_ID,
} from '../../support/fake-discord-payloads.js';
import { memorySource } from '../../support/memory-source.js';
import { answering } from '../../support/services.js';
import { gate } from './harness.js';

describe('toChoices', () => {
  it('keeps at most 25 unique choices with names and values of at most 100 characters', () => {
    const long = `${'🍝'.repeat(60)}x`;
    const names = [
      long,
      'Oat milk',
      'Oat  milk',
      ' ',
      ...Array.from({ length: 40 }, (_, index) => `Item ${index}`),
    ];
    const choices = toChoices(names);
    expect(choices).toHaveLength(25);
    expect(new Set(choices.map((choice) => choice.value)).size).toBe(25);
    for (const choice of choices) {
      expect(choice.name.length).toBeLessThanOrEqual(100);
      expect(choice.value.length).toBeLessThanOrEqual(100);
      expect(choice.value).not.toMatch(/[\ud800-\udbff]$/);
    }
    expect(choices[0]!.name.endsWith('…')).toBe(true);
    expect(choices[1]).toEqual({ name: 'Oat milk', value: 'Oat milk' });
    expect(choices.filter((choice) => choice.value === 'Oat milk')).toHaveLength(1);
  });

  it('cuts a long value without an ellipsis and the name with one, at the same place', () => {
    const name = 'y'.repeat(150);
    const [choice] = toChoices([name]);
    expect(choice).toEqual({ name: `${'y'.repeat(99)}…`, value: 'y'.repeat(100) });
  });
});

describe('the last-resort message', () => {
  it('words the generic error as core/messages.ts does, privately and without mentions', () => {
    const generic = toErrorView(new Error('anything'));
    const message = lastResortMessage();
    expect(message.content).toBe(`⚠️ ${generic.text} ${generic.hint}`);
    expect(message.flags).toBe(64);
    expect(message.embeds).toEqual([]);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('createInteractionHandler', () => {
  let catalog: Catalog;
  let fake: FakeDiscord;
  beforeAll(async () => {
    catalog = loadCatalog();
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.stop());

  const rest = () => createDiscordRest({ apiRoot: discordApiRoot({ DISCORD_API_URL: fake.apiUrl }) });

  it('returns null for payloads that are not interactions or not /carbon', async () => {
    const handler = createInteractionHandler({
      ...answering(createCatalogSource(catalog)),
      suggester: catalog,
      logger: silentLogger(),
    });
    expect(await handler({ hello: 'world' })).toBeNull();
    expect(await handler({ ...commandPayload('product', 'x'), data: { name: 'other' } })).toBeNull();
    expect(await handler({ ...commandPayload('product', 'x'), type: 99 })).toBeNull();
  });

  it('acknowledges unknown buttons without changing anything', async () => {
    const handler = createInteractionHandler({
      ...answering(createCatalogSource(catalog)),
      suggester: null,
      logger: silentLogger(),
    });
    const outcome = await handler(buttonPayload('someone-elses:button'));
    expect(outcome?.response).toEqual({ type: 6 });
  });

  it('passes what the user typed, trimmed, to the suggester, and survives a failing suggester', async () => {
    const seen: unknown[] = [];
    const suggester: NameSuggester = {
      suggest(kind, prefix, limit) {
        seen.push([kind, prefix, limit]);
        if (prefix.startsWith('boom')) throw new Error('suggester broke');
        return ['Lasagne'];
      },
    };
    const handler = createInteractionHandler({
      ...answering(createCatalogSource(catalog)),
      suggester,
      logger: silentLogger(),
    });
    const ok = await handler(autocompletePayload('recipe', '  las\n'));
    expect(ok?.response).toEqual({ type: 8, data: { choices: [{ name: 'Lasagne', value: 'Lasagne' }] } });
    expect(seen[0]).toEqual(['recipe', 'las ', 25]);
    const broken = await handler(autocompletePayload('recipe', 'boom'));
    expect(broken?.response).toEqual({ type: 8, data: { choices: [] } });
  });

  it('keeps a failed re-lookup private: a deferred update (type 6), then an ephemeral follow-up', async () => {
    const upstream = gate();
    const slowMissing: LookupSource = {
      id: 'api',
      lookupProduct: async (name) => {
        await upstream.wait;
        throw new NotFoundError('product', name);
      },
      lookupRecipe: async (name) => {
        throw new NotFoundError('recipe', name);
      },
    };
    const handler = createInteractionHandler({
      ...answering(slowMissing),
      suggester: null,
      logger: silentLogger(),
      budgetMs: 20,
    });
    const click = buttonPayload('carbon:share:p:Gone product', []);
    const outcome = await handler(click);
    expect(outcome?.response).toEqual({ type: 6 });
    await rest().createResponse(click.id, click.token, outcome!.response);
    upstream.open();
    await outcome!.after!(rest());
    const calls = fake.webhooks.filter((each) => each.token === click.token);
    expect(calls.map((each) => [each.method, each.messageId])).toEqual([['POST', null]]);
    expect(calls[0]!.body).toMatchObject({ flags: 64, allowed_mentions: { parse: [] } });
    expect(String(calls[0]!.body!.content)).toContain('No product found for "Gone product"');
    expect(fake.webhookAttempts(click.token)).toHaveLength(1);
  });

  it('shares a slow re-lookup: deferred update, public follow-up, then the private copy says so', async () => {
    const upstream = gate();
    const base = createCatalogSource(catalog);
    const slow: LookupSource = {
      id: 'catalog',
      lookupProduct: async (name, options) => {
        await upstream.wait;
        return base.lookupProduct(name, options);
      },
      lookupRecipe: (name, options) => base.lookupRecipe(name, options),
    };
    const handler = createInteractionHandler({
      ...answering(slow),
      suggester: null,
      logger: silentLogger(),
      budgetMs: 20,
    });
    const click = buttonPayload('carbon:share:p:Oat milk', []);
    const outcome = await handler(click);
    expect(outcome?.response).toEqual({ type: 6 });
    await rest().createResponse(click.id, click.token, outcome!.response);
    upstream.open();
    await outcome!.after!(rest());
    const calls = fake.webhooks.filter((each) => each.token === click.token);
    expect(calls.map((each) => [each.method, each.messageId])).toEqual([
      ['POST', null],
      ['PATCH', '@original'],
    ]);
    expect(calls[0]!.body).toMatchObject({ content: `Shared by <@${USER_ID}>`, components: [] });
    expect(calls[0]!.body).not.toHaveProperty('flags');
    expect(calls[0]!.applicationId).toBe(FAKE_APPLICATION_ID);
    expect(calls[1]!.body).toMatchObject({
      content: '✅ Shared in the channel.',
      embeds: [],
      components: [],
    });
    expect(fake.webhookAttempts(click.token)).toHaveLength(2);
  });

  it('answers with the generic ephemeral error when the renderer throws, on time or after deferring', async () => {
    // notes must be a list: the renderer throws on this result.
    const broken = { product: { notes: null as unknown as string[] } };
    const fast = createInteractionHandler({
      ...answering(memorySource(broken)),
      suggester: null,
      logger: silentLogger(),
    });
    const outcome = await fast(commandPayload('product', 'oat milk'));
    expect(outcome?.response).toMatchObject({
      type: 4,
      data: { flags: 64, embeds: [], content: expect.stringContaining('Something went wrong') },
    });

    const upstream = gate();
    const source = memorySource(broken);
    const slow = createInteractionHandler({
      ...answering({
        ...source,
        lookupProduct: async (name) => {
          await upstream.wait;
          return source.lookupProduct(name);
        },
      }),
      suggester: null,
      logger: silentLogger(),
      budgetMs: 20,
    });
    const payload = commandPayload('product', 'oat milk');
    const deferred = await slow(payload);
    expect(deferred?.response).toEqual({ type: 5, data: { flags: 64 } });
    await rest().createResponse(payload.id, payload.token, deferred!.response);
    upstream.open();
    await deferred!.after!(rest());
    const edit = fake.webhooks.find((each) => each.token === payload.token);
    expect(edit).toMatchObject({ method: 'PATCH', messageId: '@original' });
    expect(String(edit!.body!.content)).toContain('Something went wrong');
  });

  it('shares by looking the name up again, as Slack does, without reading the clicked message', async () => {
    const handler = createInteractionHandler({
      ...answering(createCatalogSource(catalog)),
      suggester: null,
      logger: silentLogger(),
    });
    // Reading the clicked message would throw: the share never reads it.
    const hostile = {
      title: 'Oat milk',
      get description(): string {
        throw new Error('read the message');
      },
    };
    const click = buttonPayload('carbon:share:p:Oat milk', [hostile]);
    const outcome = await handler(click);
    expect(outcome?.response).toEqual({
      type: 7,
      data: {
        content: '✅ Shared in the channel.',
        embeds: [],
        components: [],
        allowed_mentions: { parse: [] },
      },
    });
    await rest().createResponse(click.id, click.token, outcome!.response);
    await outcome!.after!(rest());
    const shared = fake.webhooks.find((each) => each.token === click.token);
    expect(shared?.body).toMatchObject({ content: `Shared by <@${USER_ID}>` });
    const found = await createCatalogSource(catalog).lookupProduct('Oat milk');
    expect((shared!.body as { embeds: { title: string }[] }).embeds[0]!.title).toBe(found.name);
  });
});
