import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInteractionHandler, toChoices } from '../../../src/adapters/discord/handler.js';
import { createDiscordRest, discordApiBase } from '../../../src/adapters/discord/rest.js';
import { NotFoundError } from '../../../src/core/errors.js';
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
});

describe('createInteractionHandler', () => {
  let catalog: Catalog;
  let fake: FakeDiscord;
  beforeAll(async () => {
    catalog = loadCatalog();
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.stop());

  const rest = () => createDiscordRest({ baseUrl: discordApiBase({ DISCORD_API_URL: fake.apiUrl }) });

  it('returns null for payloads that are not interactions or not /carbon', async () => {
    const handler = createInteractionHandler({
      source: createCatalogSource(catalog),
      suggester: catalog,
      logger: silentLogger(),
    });
    expect(await handler({ hello: 'world' })).toBeNull();
    expect(await handler({ ...commandPayload('product', 'x'), data: { name: 'other' } })).toBeNull();
    expect(await handler({ ...commandPayload('product', 'x'), type: 99 })).toBeNull();
  });

  it('acknowledges unknown buttons without changing anything', async () => {
    const handler = createInteractionHandler({
      source: createCatalogSource(catalog),
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
      source: createCatalogSource(catalog),
      suggester,
      logger: silentLogger(),
    });
    const ok = await handler(autocompletePayload('recipe', '  las\n'));
    expect(ok?.response).toEqual({ type: 8, data: { choices: [{ name: 'Lasagne', value: 'Lasagne' }] } });
    expect(seen[0]).toEqual(['recipe', 'las ', 25]);
    const broken = await handler(autocompletePayload('recipe', 'boom'));
    expect(broken?.response).toEqual({ type: 8, data: { choices: [] } });
  });

  it('keeps a failed re-lookup private after a public deferral: deletes it and follows up ephemerally', async () => {
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
      source: slowMissing,
      suggester: null,
      logger: silentLogger(),
      budgetMs: 20,
    });
    const click = buttonPayload('carbon:share:p:Gone product', []);
    const outcome = await handler(click);
    expect(outcome?.response).toEqual({ type: 5, data: {} });
    upstream.open();
    await outcome!.after!(rest());
    const calls = fake.webhooks.filter((each) => each.token === click.token);
    expect(calls.map((each) => [each.method, each.messageId])).toEqual([
      ['DELETE', '@original'],
      ['POST', null],
    ]);
    expect(calls[1]!.body).toMatchObject({ flags: 64, allowed_mentions: { parse: [] } });
    expect(String(calls[1]!.body!.content)).toContain('No product found for "Gone product"');
  });

  it('shares a re-looked-up answer after a public deferral and removes the ephemeral copy', async () => {
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
      source: slow,
      suggester: null,
      logger: silentLogger(),
      budgetMs: 20,
    });
    const click = buttonPayload('carbon:share:p:Oat milk', []);
    const outcome = await handler(click);
    expect(outcome?.response).toEqual({ type: 5, data: {} });
    upstream.open();
    await outcome!.after!(rest());
    const calls = fake.webhooks.filter((each) => each.token === click.token);
    expect(calls.map((each) => [each.method, each.messageId])).toEqual([
      ['PATCH', '@original'],
      ['DELETE', click.message.id],
    ]);
    expect(calls[0]!.body).toMatchObject({ content: `Shared by <@${USER_ID}>`, components: [] });
    expect(calls[0]!.applicationId).toBe(FAKE_APPLICATION_ID);
  });
});
