import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyRefusedError,
  BadResponseError,
  InvalidInputError,
  LookupCancelledError,
  NotFoundError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../../src/core/errors.js';
import { toErrorView } from '../../../src/core/messages.js';
import { ProductResultSchema, RecipeResultSchema } from '../../../src/core/result.js';
import { silentLogger } from '../../../src/logging/logger.js';
import {
  type ApiSource,
  type ApiSourceOptions,
  type Clock,
  createApiSource,
} from '../../../src/sources/api/index.js';
import { suggestionsFrom } from '../../../src/sources/api/response.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../../support/fake-greenswapp.js';

const API_KEY = 'gs_live_SECRET_7f3a9c2e1b';

let fake: FakeGreenSwapp;
const sources: ApiSource[] = [];

beforeAll(async () => {
  fake = await startFakeGreenSwapp();
});

afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.close()));
  fake.reset();
});

afterAll(async () => {
  await fake.close();
});

/** Uncached, with tiny backoffs, so each test sees every request it makes. */
function apiSource(overrides: Partial<ApiSourceOptions> = {}): ApiSource {
  const source = createApiSource({
    apiKey: API_KEY,
    trialUrl: fake.url,
    timeoutMs: 2_000,
    logger: silentLogger(),
    cache: false,
    retry: { minDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  });
  sources.push(source);
  return source;
}

/** A clock that only moves when told to, or when a lookup sleeps on it (no real waiting). */
function fakeClock(
  start = Date.UTC(2026, 0, 15, 12, 0, 0),
): Clock & { sleeps: number[]; advance(ms: number): void } {
  let time = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    async sleep(ms, signal) {
      signal.throwIfAborted();
      sleeps.push(ms);
      time += ms;
    },
    advance(ms) {
      time += ms;
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the lookup to fail');
}

const productBody = (overrides: Record<string, unknown> = {}) => ({
  product_name: 'oat milk',
  kg_co2_per_kg: 0.9,
  percentage_impact_difference: '71% lower than the average milk sold in the world',
  status: 'success',
  ...overrides,
});

const recipeBody = (overrides: Record<string, unknown> = {}) => ({
  recipe_name: 'lasagne',
  kg_co2_per_kg: 1.9,
  climate_friendly: 'No',
  status: 'success',
  ...overrides,
});

describe('requests sent', () => {
  it('uses the trial /product with the key header when no base URL is set', async () => {
    const result = await apiSource().lookupProduct('oat milk');
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/product', query: { product: 'oat milk' } });
    expect(request!.headers['x-api-key']).toBe(API_KEY);
    expect(request!.headers.accept).toBe('application/json');
    expect(ProductResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      kind: 'product',
      query: 'oat milk',
      name: 'oat milk',
      kgCo2ePerUnit: 0.9,
      unit: 'L',
      category: 'Milk (world average)',
      comparison: { percent: 71, direction: 'lower' },
      level: 'low',
      status: 'success',
      source: { id: 'api', label: 'GreenSwapp API' },
    });
  });

  it('uses {base_url}/impact/product for products and still {trial_url}/recipe for recipes', async () => {
    const base = await startFakeGreenSwapp();
    try {
      const source = apiSource({ baseUrl: base.url });
      const beef = await source.lookupProduct('beef mince');
      await source.lookupRecipe('lasagne');
      expect(base.requests.map((request) => request.path)).toEqual(['/impact/product']);
      expect(base.requests[0]!.headers['x-api-key']).toBe(API_KEY);
      expect(fake.requests.map((request) => request.path)).toEqual(['/recipe']);
      expect(fake.requests[0]!.headers['x-api-key']).toBe(API_KEY);
      expect(beef).toMatchObject({ unit: 'kg', level: 'high', category: null });
      expect(beef.comparison).toEqual({ percent: 180, direction: 'higher' });
    } finally {
      await base.close();
    }
  });

  it('keeps a path prefix of the base URL', async () => {
    fake.respondWith((request) => ({
      body: request.path.endsWith('/recipe') ? recipeBody() : productBody({ product_name: 'tofu' }),
    }));
    await apiSource({ baseUrl: `${fake.url}/v2/`, trialUrl: `${fake.url}/trial` }).lookupProduct('tofu');
    await apiSource({ trialUrl: `${fake.url}/trial` }).lookupRecipe('lasagne');
    expect(fake.requests.map((request) => request.path)).toEqual(['/v2/impact/product', '/trial/recipe']);
  });

  it('encodes awkward names so the server reads them back exactly', async () => {
    const name = 'a&b+c #d é 🥛';
    fake.respondWith((request) => ({
      body:
        request.path === '/recipe' ? recipeBody({ recipe_name: name }) : productBody({ product_name: name }),
    }));
    const source = apiSource({ baseUrl: fake.url });
    await source.lookupProduct(name);
    await source.lookupRecipe(name);
    expect(fake.requests.map((request) => request.query)).toEqual([{ product: name }, { recipe: name }]);
    const raw = fake.requests[0]!.rawUrl;
    expect(raw).toContain('%26');
    expect(raw).toContain('%2B');
    expect(raw).toContain('%23');
    expect(raw).toContain('%20');
    expect(raw).not.toContain('+');
    expect(raw).not.toContain('#');
  });

  it('never calls the removed /impact or /impact/recipe operations', async () => {
    const trialOnly = apiSource();
    const full = apiSource({ baseUrl: fake.url });
    await trialOnly.lookupProduct('whole milk');
    await trialOnly.lookupRecipe('lasagne');
    await full.lookupProduct('tofu');
    await full.lookupRecipe('vegetable curry');
    await failure(full.lookupProduct('unobtainium'));
    await failure(full.lookupRecipe('unobtainium'));
    const paths = fake.requests.map((request) => request.path);
    expect(paths).not.toContain('/impact');
    expect(paths).not.toContain('/impact/recipe');
    expect(new Set(paths)).toEqual(new Set(['/product', '/recipe', '/impact/product']));
  });

  it('reuses keep-alive connections instead of opening one per lookup', async () => {
    const source = apiSource({ baseUrl: fake.url });
    for (const name of ['tofu', 'oat milk', 'beef mince', 'tofu', 'orange juice', 'whole milk']) {
      await source.lookupProduct(name);
    }
    await source.lookupRecipe('lasagne');
    const connections = new Set(fake.requests.map((request) => request.connection));
    expect(fake.requests).toHaveLength(7);
    // undici may hand the next request to a second socket while the first is still being released.
    expect(connections.size).toBeLessThanOrEqual(2);
  });
});

describe('mapping 200 bodies', () => {
  it('maps a recipe, with the per-serving threshold and level from the number', async () => {
    const result = await apiSource().lookupRecipe('lasagne');
    expect(RecipeResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      kind: 'recipe',
      name: 'lasagne',
      kgCo2ePerServing: 1.9,
      climateFriendly: { value: 'no', raw: null },
      thresholdKgPerServing: 0.5,
      level: 'high',
      contributors: [],
      source: { id: 'api' },
    });
  });

  it('keeps an unreadable climate_friendly verdict unknown but still computes the level', async () => {
    fake.respondOnce({ body: recipeBody({ kg_co2_per_kg: 0.3, climate_friendly: 'Rating pending' }) });
    const result = await apiSource().lookupRecipe('lasagne');
    expect(result.climateFriendly).toEqual({ value: 'unknown', raw: 'Rating pending' });
    expect(result.level).toBe('low');
  });

  it('reads a boolean climate_friendly and a yes verdict', async () => {
    fake.respondOnce({ body: recipeBody({ kg_co2_per_kg: 0.4, climate_friendly: true }) });
    const result = await apiSource().lookupRecipe('vegetable curry');
    expect(result.climateFriendly.value).toBe('yes');
  });

  it('reports drinks from /impact/product per litre and solids per kg', async () => {
    const source = apiSource({ baseUrl: fake.url });
    expect((await source.lookupProduct('orange juice')).unit).toBe('L');
    expect((await source.lookupProduct('tofu')).unit).toBe('kg');
    fake.respondOnce({ body: productBody({ product_name: 'Milk chocolate' }) });
    expect((await source.lookupProduct('milk chocolate')).unit).toBe('kg');
  });

  it('ranks a per-litre milk on the per-kg scale after converting with its density', async () => {
    // 1.83 kg CO2e per litre is 1.78 per kg: in the lowest third (< 1.8), though 1.83 is not.
    fake.respondOnce({ body: productBody({ product_name: 'Whole milk', kg_co2_per_kg: 1.83 }) });
    const milk = await apiSource().lookupProduct('whole milk');
    expect(milk).toMatchObject({ unit: 'L', kgCo2ePerUnit: 1.83, level: 'low' });
    fake.respondOnce({ body: productBody({ product_name: 'Orange juice', kg_co2_per_kg: 1.83 }) });
    const juice = await apiSource({ baseUrl: fake.url }).lookupProduct('orange juice');
    expect(juice).toMatchObject({ unit: 'L', level: 'medium' });
  });

  it('accepts a number sent as a numeric string', async () => {
    fake.respondOnce({ body: productBody({ kg_co2_per_kg: ' 2.5 ' }) });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.kgCo2ePerUnit).toBe(2.5);
    expect(result.level).toBe('medium');
  });

  it('ignores unknown extra fields', async () => {
    fake.respondOnce({ body: productBody({ brand: 'Oatly', nested: { deep: [1, 2] }, products: [] }) });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.kgCo2ePerUnit).toBe(0.9);
    expect(Object.keys(result)).not.toContain('brand');
  });

  it('keeps an unparseable comparison sentence verbatim with no parsed comparison', async () => {
    fake.respondOnce({
      body: productBody({ percentage_impact_difference: 'Compared with world milk: lower' }),
    });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.comparisonText).toBe('Compared with world milk: lower');
    expect(result.comparison).toBeNull();
  });

  it.each([
    ['malformed JSON', '{"product_name": "oat milk", '],
    ['an array', '[]'],
    ['null', 'null'],
    ['a missing field', JSON.stringify({ product_name: 'oat milk', kg_co2_per_kg: 1, status: 'success' })],
    ['a wrong type', JSON.stringify(productBody({ kg_co2_per_kg: { value: 1 } }))],
    ['a numeric name', JSON.stringify(productBody({ product_name: 42 }))],
    ['a negative footprint', JSON.stringify(productBody({ kg_co2_per_kg: -0.5 }))],
    ['"NaN"', JSON.stringify(productBody({ kg_co2_per_kg: 'NaN' }))],
    ['"Infinity"', JSON.stringify(productBody({ kg_co2_per_kg: 'Infinity' }))],
    ['an overflowing number', JSON.stringify(productBody()).replace('0.9', '1e400')],
    ['a null footprint', JSON.stringify(productBody({ kg_co2_per_kg: null }))],
    ['a non-numeric string', JSON.stringify(productBody({ kg_co2_per_kg: 'about 3' }))],
    ['an implausible footprint', JSON.stringify(productBody({ kg_co2_per_kg: 1e308 }))],
    ['an implausible footprint as text', JSON.stringify(productBody({ kg_co2_per_kg: '5000' }))],
  ])('rejects a product body with %s as BadResponseError', async (_label, body) => {
    fake.respondOnce({ body });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(fake.requests).toHaveLength(1);
  });

  it('strips bidirectional overrides and other invisible characters from upstream text', async () => {
    fake.respondOnce({
      body: productBody({
        product_name: 'Oat\u202e drink\u2066 \u200bplain\u0007',
        percentage_impact_difference: '40% lower\u202d than the average',
      }),
    });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.name).toBe('Oat drink plain');
    expect(result.comparisonText).toBe('40% lower than the average');
    const text = `${result.name} ${result.comparisonText}`;
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/);
    expect(text).not.toContain('\u0007');
  });

  it('rejects a recipe body with a missing climate_friendly as BadResponseError', async () => {
    fake.respondOnce({ body: { recipe_name: 'lasagne', kg_co2_per_kg: 1.9, status: 'success' } });
    expect(await failure(apiSource().lookupRecipe('lasagne'))).toBeInstanceOf(BadResponseError);
  });

  it('rejects an oversized 200 body as BadResponseError', async () => {
    fake.respondOnce({ body: productBody({ padding: 'x'.repeat(300 * 1024) }) });
    expect(await failure(apiSource().lookupProduct('oat milk'))).toBeInstanceOf(BadResponseError);
  });

  it('turns a 200 whose status says not found into NotFoundError, even without figures', async () => {
    fake.respondOnce({ body: { status: 'Product not found' } });
    fake.respondOnce({ body: productBody({ status: 'no match', kg_co2_per_kg: 0 }) });
    fake.respondOnce({ body: recipeBody({ status: 'NOT_FOUND' }) });
    const source = apiSource({ baseUrl: fake.url });
    const first = await failure(source.lookupProduct('zzz'));
    expect(first).toBeInstanceOf(NotFoundError);
    expect((first as NotFoundError).query).toBe('zzz');
    expect(await failure(source.lookupProduct('zzz'))).toBeInstanceOf(NotFoundError);
    const recipe = await failure(source.lookupRecipe('zzz'));
    expect(recipe).toBeInstanceOf(NotFoundError);
    expect((recipe as NotFoundError).kind).toBe('recipe');
  });
});

describe('suggestionsFrom', () => {
  it('reads the first known key at the top level, then inside an error object', () => {
    expect(suggestionsFrom('{"suggestions":["a"],"error":{"suggestions":["b"]}}')).toEqual(['a']);
    expect(suggestionsFrom('{"error":{"did_you_mean":["b"]}}')).toEqual(['b']);
    expect(suggestionsFrom('{"error":"not found","suggestions":["c"]}')).toEqual(['c']);
  });

  it('ignores anything that is not an object holding an array', () => {
    for (const text of [
      '',
      'null',
      '[["a"]]',
      '{"error":["a"]}',
      '{"error":{"suggestions":"a"}}',
      '{"error":null}',
    ]) {
      expect(suggestionsFrom(text)).toEqual([]);
    }
    expect(suggestionsFrom('{"error":{"error":{"suggestions":["deep"]}}}')).toEqual([]);
  });
});

describe('HTTP errors', () => {
  it('maps 404 to NotFoundError with the kind, query and any suggestions in the body', async () => {
    const error = await failure(apiSource().lookupRecipe('vegetable lasagne'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'recipe', query: 'vegetable lasagne' });
    expect((error as NotFoundError).suggestions).toEqual(['lasagne', 'vegetable curry']);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps only short printable strings from a 404 body as suggestions', async () => {
    fake.respondOnce({
      status: 404,
      body: { did_you_mean: ['oat milk', 42, 'x'.repeat(500), 'soy\u0000 milk', '', 'rice milk'] },
    });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('oat mlk'))) as NotFoundError;
    expect(error.suggestions).toEqual(['oat milk', 'soy milk', 'rice milk']);
  });

  it('reads suggestions nested in an error object, the shape carbon serve answers with', async () => {
    fake.respondOnce({
      status: 404,
      body: {
        error: {
          status: 404,
          code: 'not_found',
          message: 'No product found for "oat mlk".',
          suggestions: ['Oat milk', 7, 'y'.repeat(101), 'Soy\u200b milk', 'a', 'b', 'c', 'd', 'e'],
        },
      },
    });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('oat mlk'))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.suggestions).toEqual(['Oat milk', 'Soy milk', 'a', 'b', 'c']);
  });

  it('gives no suggestions and no body text for a hostile 404 body', async () => {
    const hostile = `<script>alert(1)</script>${'A'.repeat(100_000)}`;
    fake.respondOnce({ status: 404, body: hostile, headers: { 'content-type': 'text/html' } });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('x'))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.suggestions).toEqual([]);
    expect(JSON.stringify(toErrorView(error))).not.toContain('script');
  });

  it('marks a non-milk not-found from the milk-only trial as out of scope', async () => {
    const source = apiSource();
    const beef = (await failure(source.lookupProduct('beef mince'))) as NotFoundError;
    expect(beef).toBeInstanceOf(NotFoundError);
    expect(beef.outOfScope).toBe('trial_milk_only');
    const goat = (await failure(source.lookupProduct('goat milk'))) as NotFoundError;
    expect(goat.outOfScope).toBeUndefined();
    const full = (await failure(
      apiSource({ baseUrl: fake.url }).lookupProduct('unobtainium'),
    )) as NotFoundError;
    expect(full.outOfScope).toBeUndefined();
  });

  it.each([401, 403])('maps %i to ApiKeyRefusedError without retrying', async (status) => {
    fake.respondOnce({ status, body: { error: `bad key ${API_KEY}` } });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(ApiKeyRefusedError);
    expect((error as ApiKeyRefusedError).status).toBe(status);
    expect(error.message).not.toContain(API_KEY);
    expect(fake.requests).toHaveLength(1);
  });

  it('is refused by a fake that checks the key when the key is wrong', async () => {
    const strict = await startFakeGreenSwapp({ apiKey: 'the-right-key' });
    try {
      const wrong = apiSource({ trialUrl: strict.url });
      expect(await failure(wrong.lookupRecipe('lasagne'))).toBeInstanceOf(ApiKeyRefusedError);
      const right = apiSource({ trialUrl: strict.url, apiKey: 'the-right-key' });
      expect((await right.lookupRecipe('lasagne')).name).toBe('lasagne');
    } finally {
      await strict.close();
    }
  });

  it('maps 429 to RateLimitedError with Retry-After in seconds, without retrying', async () => {
    fake.respondOnce({ status: 429, headers: { 'retry-after': '42' } });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(42);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads a Retry-After HTTP-date, caps absurd waits and assumes 30 s when it is absent', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': inTwoMinutes } },
      { status: 429, headers: { 'retry-after': '999999' } },
      { status: 429 },
    );
    // One source each: a 429 makes the next lookup through the same source wait (see below).
    const dated = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    const capped = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(capped.retryAfterSeconds).toBe(300);
    const bare = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(bare.retryAfterSeconds).toBe(30);
    expect(fake.requests).toHaveLength(3);
  });

  it.each([400, 422, 414])('maps %i to InvalidInputError without retrying', async (status) => {
    fake.respondOnce({ status, body: { error: 'bad product parameter' } });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).reason).not.toContain('parameter');
    expect(fake.requests).toHaveLength(1);
  });

  it.each([405, 410, 302])('maps other statuses (%i) to UpstreamError without retrying', async (status) => {
    fake.respondOnce({ status, headers: { location: 'http://127.0.0.1:1/' } });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(status);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('rate-limit cool-down', () => {
  it('fails fast with the remaining seconds, without a request, until Retry-After has passed', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock });
    fake.respondOnce({ status: 429, headers: { 'retry-after': '120' } });
    const first = (await failure(source.lookupRecipe('lasagne'))) as RateLimitedError;
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first.retryAfterSeconds).toBe(120);
    expect(toErrorView(first).hint).toBe('Try again in 120 s.');
    expect(fake.requests).toHaveLength(1);

    clock.advance(45_000);
    const again = (await failure(source.lookupRecipe('lasagne'))) as RateLimitedError;
    expect(again).toBeInstanceOf(RateLimitedError);
    expect(again.retryAfterSeconds).toBe(75);
    // Any lookup to that origin waits, products included; the cool-down is per origin.
    const other = (await failure(source.lookupProduct('oat milk'))) as RateLimitedError;
    expect(other.retryAfterSeconds).toBe(75);
    clock.advance(72_500);
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(3);
    expect(fake.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);

    clock.advance(2_500);
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
    expect(fake.requests).toHaveLength(2);
  });

  it('cools down for 30 s when a 429 has no Retry-After, and caps a long one at 300 s', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock });
    fake.respondOnce({ status: 429 });
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(30);
    clock.advance(27_000);
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(3);
    clock.advance(3_000);
    fake.respondOnce({ status: 429, headers: { 'retry-after': '86400' } });
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(300);
    clock.advance(297_000);
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    clock.advance(3_000);
    await source.lookupRecipe('lasagne');
    expect(fake.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([]);
  });

  it('leaves other origins alone', async () => {
    const base = await startFakeGreenSwapp();
    try {
      const clock = fakeClock();
      const source = apiSource({ baseUrl: base.url, clock });
      base.respondOnce({ status: 429, headers: { 'retry-after': '60' } });
      expect(await failure(source.lookupProduct('beef mince'))).toBeInstanceOf(RateLimitedError);
      expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
      expect(await failure(source.lookupProduct('tofu'))).toBeInstanceOf(RateLimitedError);
      expect(base.requests).toHaveLength(1);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await base.close();
    }
  });

  it('waits out a short Retry-After once when it fits the deadline, then answers', async () => {
    const clock = fakeClock();
    fake.respondOnce({ status: 429, headers: { 'retry-after': '2' } });
    const result = await apiSource({ clock, timeoutMs: 5_000 }).lookupRecipe('lasagne');
    expect(result.name).toBe('lasagne');
    expect(clock.sleeps).toEqual([2_000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('waits only once: a second 429 is reported', async () => {
    const clock = fakeClock();
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
    );
    const error = (await failure(apiSource({ clock }).lookupRecipe('lasagne'))) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(1);
    expect(clock.sleeps).toEqual([1_000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not wait when the short Retry-After would outlast the deadline', async () => {
    const clock = fakeClock();
    fake.respondOnce({ status: 429, headers: { 'retry-after': '2' } });
    const error = (await failure(
      apiSource({ clock, timeoutMs: 1_500 }).lookupRecipe('lasagne'),
    )) as RateLimitedError;
    expect(error.retryAfterSeconds).toBe(2);
    expect(clock.sleeps).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('a lookup arriving in a short cool-down waits for its end instead of failing', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock, timeoutMs: 5_000 });
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': '2' } },
    );
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    expect(fake.requests).toHaveLength(2);
    clock.advance(500);
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
    expect(clock.sleeps).toEqual([2_000, 1_500]);
    expect(fake.requests).toHaveLength(3);
  });
});

describe('retries and failures', () => {
  it('retries a 500 once and succeeds', async () => {
    fake.respondOnce({ status: 500, body: 'Internal Server Error' });
    const result = await apiSource().lookupRecipe('lasagne');
    expect(result.name).toBe('lasagne');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError after two 5xx, with no third attempt', async () => {
    fake.respondOnce({ status: 503 }, { status: 502 }, { status: 500 });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(502);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a connection reset mid-body once and succeeds', async () => {
    fake.respondOnce({ destroyMidBody: true });
    const result = await apiSource().lookupProduct('oat milk');
    expect(result.kgCo2ePerUnit).toBe(0.9);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError when the connection is reset twice', async () => {
    fake.respondOnce({ destroyMidBody: true }, { destroyBeforeHeaders: true });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(UpstreamTimeoutError);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives UpstreamError when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(apiSource({ trialUrl: `http://127.0.0.1:${port}` }).lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('times out a server that never answers, without retrying past the deadline', async () => {
    fake.respondWith({ delayMs: 5_000 });
    const error = await failure(apiSource({ timeoutMs: 200 }).lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect((error as UpstreamTimeoutError).timeoutMs).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a body that trickles in past the deadline', async () => {
    fake.respondWith({ slowBodyMs: 5_000 });
    const error = await failure(apiSource({ timeoutMs: 200 }).lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry when the backoff would outlast the deadline', async () => {
    fake.respondOnce({ status: 500 });
    const source = apiSource({ timeoutMs: 200, retry: { minDelayMs: 5_000, maxDelayMs: 5_000 } });
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(UpstreamError);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops when the caller aborts, passing a CarbonError reason through', async () => {
    fake.respondWith({ delayMs: 5_000 });
    const source = apiSource();
    const controller = new AbortController();
    const pending = failure(source.lookupRecipe('lasagne', { signal: controller.signal }));
    const reason = new UpstreamTimeoutError(2_500);
    setTimeout(() => controller.abort(reason), 20);
    expect(await pending).toBe(reason);
    const plain = failure(source.lookupRecipe('lasagne', { signal: AbortSignal.abort() }));
    expect(await plain).toBeInstanceOf(LookupCancelledError);
  });
});

describe('the cached source createApiSource returns by default', () => {
  it('answers a repeat lookup without a new request, whatever the casing', async () => {
    const source = apiSource({ cache: {} });
    await source.lookupProduct('oat milk');
    const again = await source.lookupProduct('  Oat MILK ');
    expect(fake.requests).toHaveLength(1);
    expect(again.query).toBe('  Oat MILK ');
  });

  it('caches a not-found too, but not a failure', async () => {
    const source = apiSource({ cache: {} });
    await failure(source.lookupRecipe('unobtainium'));
    await failure(source.lookupRecipe('unobtainium'));
    expect(fake.requests).toHaveLength(1);
    fake.respondOnce({ status: 500 }, { status: 500 });
    await failure(source.lookupRecipe('lasagne'));
    await source.lookupRecipe('lasagne');
    expect(fake.requests).toHaveLength(4);
  });

  it('sends exactly one upstream request for 50 concurrent identical lookups', async () => {
    fake.respondWith({ delayMs: 100 });
    const source = apiSource({ cache: {} });
    const results = await Promise.all(Array.from({ length: 50 }, () => source.lookupProduct('oat milk')));
    expect(fake.requests).toHaveLength(1);
    expect(results.every((result) => result.kgCo2ePerUnit === 0.9)).toBe(true);
  });
});

describe('lifecycle', () => {
  it('refuses an empty key or one a header cannot carry', () => {
    expect(() => apiSource({ apiKey: '' })).toThrow(SourceUnavailableError);
    expect(() => apiSource({ apiKey: 'abc\r\nx-evil: 1' })).toThrow(SourceUnavailableError);
  });

  it('fails lookups after close', async () => {
    const source = apiSource();
    await source.lookupRecipe('lasagne');
    await source.close();
    expect(await failure(source.lookupRecipe('vegetable curry'))).toBeInstanceOf(SourceUnavailableError);
    expect(source.id).toBe('api');
  });
});

describe('secrets', () => {
  it('never writes the API key to logs or error messages, whatever happens', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const logger = pino({ level: 'trace' }, sink);
    const clock = fakeClock();
    const source = apiSource({ logger, timeoutMs: 300, clock });
    fake.respondOnce(
      { status: 500 },
      {},
      { status: 401, body: { error: `key ${API_KEY} refused` } },
      { destroyMidBody: true },
      { destroyMidBody: true },
      { delayMs: 2_000 },
      { status: 429, headers: { 'retry-after': '5' } },
      { body: `{"broken": "${API_KEY}"` },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      await source.lookupRecipe('lasagne').catch((error: unknown) => errors.push(error));
      clock.advance(60_000); // past the 429's cool-down
    }
    expect(errors.map((error) => (error as Error).constructor.name)).toEqual([
      'ApiKeyRefusedError',
      'UpstreamError',
      'UpstreamTimeoutError',
      'RateLimitedError',
      'BadResponseError',
    ]);
    expect(output).toContain('/recipe');
    expect(output).toContain('"attempt":2');
    expect(output).toContain('"status":500');
    expect(output).not.toContain(API_KEY);
    for (const error of errors) {
      expect(String(error)).not.toContain(API_KEY);
      expect(JSON.stringify(toErrorView(error))).not.toContain(API_KEY);
      expect(String((error as Error).cause ?? '')).not.toContain(API_KEY);
    }
  });
});
