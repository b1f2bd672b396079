import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import {
  ErrorBodySchema,
  HealthBodySchema,
  ServedProductBodySchema,
  ServedRecipeBodySchema,
} from '../../src/service/schemas.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import { type RunningTestService, rawExchange, send, startTestService } from './helpers.js';

// The real built-in catalog: these tests check shipped data end to end.
const catalog = loadCatalog();

let svc: RunningTestService;
beforeAll(async () => {
  svc = await startTestService(catalog);
});
afterAll(async () => {
  await svc.close();
});

function errorOf(reply: { json(): unknown }) {
  return ErrorBodySchema.parse(reply.json()).error;
}

describe('200 answers', () => {
  it('answers /impact/product with the spec fields and status "found"', async () => {
    const reply = await svc.get('/impact/product?product=oat+milk');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('private, max-age=3600');
    const body = ServedProductBodySchema.parse(reply.json());
    expect(body.status).toBe('found');
    expect(body.product_name).toMatch(/^Oat-based drink/);
    expect(body.kg_co2_per_kg).toBeGreaterThan(0);
    expect(body.unit).toBe('L');
    expect(body.percentage_impact_difference).toMatch(
      /^The impact is \d+% (higher|lower) than the average of the \d+ products in "Non-alcoholic beverages"/,
    );
    expect(body.category).toBe('Non-alcoholic beverages');
    expect(body.query).toBe('oat milk');
    expect(body.source.attribution).toMatch(/AGRIBALYSE/);
  });

  it("answers a food the catalog lacks with a study's own entry, its sources led by it, the spec's fields kept", async () => {
    const reply = await svc.get('/impact/product?product=cottage+cheese');
    expect(reply.status).toBe(200);
    const body = ServedProductBodySchema.parse(reply.json());
    expect(body).toMatchObject({
      product_name: 'Cottage cheese',
      kg_co2_per_kg: 25.28,
      unit: 'kg',
      status: 'found',
      category: null,
      comparison: null,
      swap: null,
      level: 'high',
    });
    expect(body.percentage_impact_difference).toMatch(/^Not compared with a category: ADEME Agribalyse 3\.2/);
    expect(body.sources.map((source) => [source.dataset, source.name])).toEqual([
      ['clark-2022', 'Cottage cheese'],
      ['poore-nemecek-2018', 'Cheese'],
    ]);
    expect(body.source.attribution).toMatch(/Clark et al\. \(2022\)/);
    expect(Object.keys(reply.json() as object)).not.toContain('catalogHasFood');
  });

  it("answers the milk trial on /product, per litre against world-average cow's milk", async () => {
    const reply = await svc.get('/product?product=oat%20milk');
    expect(reply.status).toBe(200);
    const body = ServedProductBodySchema.parse(reply.json());
    expect(body.product_name).toMatch(/^Oat-based drink/);
    expect(body.unit).toBe('L');
    expect(body.percentage_impact_difference).toMatch(
      /^The impact is \d+% lower than the world-average cow's milk/,
    );
    const whole = ServedProductBodySchema.parse((await svc.get('/product?product=whole+milk')).json());
    expect(whole.kg_co2_per_kg).toBeGreaterThan(body.kg_co2_per_kg);
  });

  it.each([
    ['lasagne', 'Lasagne', 'no'],
    ['apple+crumble', 'Apple crumble', 'yes'],
  ])('answers /recipe?recipe=%s per serving with a yes/no verdict', async (query, name, verdict) => {
    const reply = await svc.get(`/recipe?recipe=${query}`);
    expect(reply.status).toBe(200);
    const body = ServedRecipeBodySchema.parse(reply.json());
    expect(body.recipe_name).toBe(name);
    expect(body.climate_friendly).toBe(verdict);
    expect(body.threshold_kg_co2_per_serving).toBe(0.5);
    expect(body.kg_co2_per_kg <= body.threshold_kg_co2_per_serving).toBe(verdict === 'yes');
    expect(body.unit).toBe('serving');
    const summed = body.contributors.reduce((sum, contributor) => sum + contributor.kg_co2, 0);
    expect(summed).toBeCloseTo(body.kg_co2_per_kg, 2);
  });

  it('answers /healthz without a key', async () => {
    const reply = await svc.get('/healthz', {});
    expect(reply.status).toBe(200);
    expect(HealthBodySchema.parse(reply.json()).catalog).toEqual(catalog.stats);
  });

  it('accepts an absolute-form request target (RFC 9112 §3.2.2)', async () => {
    const health = await rawExchange(
      svc.port,
      `GET http://127.0.0.1:${svc.port}/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(health.status).toBe(200);
    const lookup = await rawExchange(
      svc.port,
      `GET http://127.0.0.1:${svc.port}/recipe?recipe=lasagne HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${svc.key}\r\nConnection: close\r\n\r\n`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.json()).toMatchObject({ recipe_name: 'Lasagne' });
  });

  it('answers HEAD like GET, without a body', async () => {
    const get = await svc.get('/recipe?recipe=lasagne');
    const head = await send(svc.port, '/recipe?recipe=lasagne', {
      method: 'HEAD',
      headers: { 'x-api-key': svc.key },
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
  });

  it('answers the same query identically from the cache and without one', async () => {
    const uncached = await startTestService(catalog, { cacheSize: 0 });
    try {
      const first = await svc.get('/impact/product?product=cheddar');
      const second = await svc.get('/impact/product?product=cheddar');
      const fresh = await uncached.get('/impact/product?product=cheddar');
      expect(second.text).toBe(first.text);
      expect(fresh.text).toBe(first.text);
    } finally {
      await uncached.close();
    }
  });
});

describe('400 invalid parameters', () => {
  const cases: [string, string, RegExp][] = [
    ['missing', '/impact/product', /"product" query parameter is required/],
    ['missing on /recipe', '/recipe?product=lasagne', /"recipe" query parameter is required/],
    ['without "="', '/recipe?recipe', /"recipe": the name is empty/],
    ['empty', '/impact/product?product=', /the name is empty/],
    ['only spaces', '/product?product=+%20+', /the name is empty/],
    ['only control characters', '/impact/product?product=%00%1F%E2%80%8B', /the name is empty/],
    ['over 200 characters', `/impact/product?product=${'a'.repeat(201)}`, /limited to 200 characters/],
    ['malformed percent-encoding', '/impact/product?product=%E0%A4%A', /malformed percent-encoding/],
    ['invalid UTF-8', '/recipe?recipe=%C3%28', /malformed percent-encoding/],
    ['a lone %', '/recipe?recipe=50%', /malformed percent-encoding/],
    ['given twice', '/impact/product?product=oat&product=cheddar', /only once/],
    ['given twice, once encoded', '/recipe?recipe=a&%72ecipe=b', /only once/],
  ];
  it.each(cases)('rejects a parameter that is %s', async (_label, path, message) => {
    const reply = await svc.get(path);
    expect(reply.status).toBe(400);
    expect(reply.headers['cache-control']).toBe('no-store');
    const error = errorOf(reply);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', suggestions: [] });
    expect(error.message).toMatch(message);
  });

  it('accepts exactly 200 characters (counted as code points)', async () => {
    const reply = await svc.get(`/impact/product?product=${encodeURIComponent('é'.repeat(200))}`);
    expect(reply.status).toBe(404);
  });

  it('ignores parameters it does not know', async () => {
    const reply = await svc.get('/recipe?lang=en&recipe=lasagne&&x');
    expect(reply.status).toBe(200);
  });
});

describe('401 without a valid key', () => {
  it.each([
    ['no header', {}],
    ['an empty key', { 'x-api-key': '' }],
    ['a wrong key', { 'x-api-key': 'nope' }],
    ['a prefix of the key', { 'x-api-key': 'test-key' }],
    ['the key plus a character', { 'x-api-key': `${'test-key-0123456789-abcdefghij'}x` }],
    ['the key under another header', { authorization: 'test-key-0123456789-abcdefghij' }],
  ])('refuses %s', async (_label, headers) => {
    const reply = await svc.get('/impact/product?product=oat', headers);
    expect(reply.status).toBe(401);
    expect(errorOf(reply)).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('checks the key before the parameters', async () => {
    const reply = await svc.get('/impact/product', {});
    expect(reply.status).toBe(401);
  });

  it('accepts any of several keys', async () => {
    const multi = await startTestService(catalog, { keys: ['first-key', 'second-key'] });
    try {
      for (const key of ['first-key', 'second-key']) {
        expect((await multi.get('/recipe?recipe=lasagne', { 'x-api-key': key })).status).toBe(200);
      }
      expect((await multi.get('/recipe?recipe=lasagne', { 'x-api-key': 'third-key' })).status).toBe(401);
    } finally {
      await multi.close();
    }
  });
});

describe('404', () => {
  it('suggests products for an unknown product', async () => {
    const reply = await svc.get('/impact/product?product=chicken+qqqq');
    expect(reply.status).toBe(404);
    const error = errorOf(reply);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('No product found for "chicken qqqq".');
    expect(error.suggestions).toContain('Chicken');
    expect(error.suggestions.length).toBeLessThanOrEqual(3);
    // Every suggestion is itself a name the service answers.
    for (const name of error.suggestions) {
      expect((await svc.get(`/impact/product?product=${encodeURIComponent(name)}`)).status).toBe(200);
    }
  });

  it('suggests recipes for an unknown recipe', async () => {
    const reply = await svc.get('/recipe?recipe=qqq+lasagne+xyz');
    expect(reply.status).toBe(404);
    const error = errorOf(reply);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('No recipe found for "qqq lasagne xyz".');
    expect(error.suggestions).toContain('Lasagne');
    for (const name of error.suggestions) {
      expect((await svc.get(`/recipe?recipe=${encodeURIComponent(name)}`)).status).toBe(200);
    }
  });

  it('points non-milk products on the milk trial to /impact/product', async () => {
    const reply = await svc.get('/product?product=cheddar');
    expect(reply.status).toBe(404);
    const error = errorOf(reply);
    expect(error.code).toBe('not_in_trial');
    expect(error.message).toContain('/impact/product');
    // The sentence is the one the bot uses (core/messages.ts); only the pointer is the service's.
    const view = toErrorView(new NotFoundError('product', 'cheddar', [], 'trial_milk_only'));
    expect(error.message).toBe(`${view.text} Use GET /impact/product for any other product.`);
    expect((await svc.get('/impact/product?product=cheddar')).status).toBe(200);
  });

  it('points a misspelt milk on the trial to /impact/product too, with milk suggestions', async () => {
    const reply = await svc.get('/product?product=oat+mylkk');
    expect(reply.status).toBe(404);
    const error = errorOf(reply);
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('/impact/product');
    expect(error.message.startsWith(toErrorView(new NotFoundError('product', 'oat mylkk')).text)).toBe(true);
    expect(error.suggestions).toEqual(['Oat milk']);
  });

  it.each([
    '/',
    '/impact',
    '/impact/product/',
    '/IMPACT/PRODUCT?product=oat',
    '/impact%2Fproduct?product=oat',
  ])('answers the unknown path %s with 404', async (path) => {
    const reply = await svc.get(path);
    expect(reply.status).toBe(404);
    expect(errorOf(reply).code).toBe('not_found');
  });
});

describe('405', () => {
  it.each([
    ['POST', '/recipe?recipe=lasagne'],
    ['PUT', '/impact/product?product=oat'],
    ['DELETE', '/product?product=oat'],
    ['OPTIONS', '/healthz'],
  ])('refuses %s %s with an Allow header', async (method, path) => {
    const reply = await send(svc.port, path, { method, headers: { 'x-api-key': svc.key } });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
    expect(errorOf(reply)).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });
});

describe('500', () => {
  it('hides internals from the client and logs them', async () => {
    const broken = await startTestService(throwingCatalog(new Error('index corrupt at /srv/secret/path')));
    try {
      const reply = await broken.get('/recipe?recipe=lasagne');
      expect(reply.status).toBe(500);
      expect(errorOf(reply)).toMatchObject({ status: 500, code: 'internal', suggestions: [] });
      expect(reply.text).not.toContain('secret');
      expect(reply.text).not.toContain('corrupt');
      const logged = broken.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const failure = logged.find((entry) => entry.msg === 'lookup failed unexpectedly');
      expect(failure).toMatchObject({ level: 50, path: '/recipe', recipe: 'lasagne' });
      expect(JSON.stringify(failure)).toContain('index corrupt at /srv/secret/path');
      // The service keeps serving after the failure.
      expect((await broken.get('/healthz', {})).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('query encoding', () => {
  it('decodes + and %20 to the same name', async () => {
    const plus = ServedProductBodySchema.parse((await svc.get('/impact/product?product=oat+milk')).json());
    const pct = ServedProductBodySchema.parse((await svc.get('/impact/product?product=oat%20milk')).json());
    expect(pct).toEqual(plus);
    expect(plus.query).toBe('oat milk');
  });

  it('keeps an encoded & inside the name', async () => {
    const reply = await svc.get('/recipe?recipe=mac+%26+cheese');
    expect(reply.status).toBe(200);
    const body = ServedRecipeBodySchema.parse(reply.json());
    expect(body.query).toBe('mac & cheese');
    expect(body.recipe_name).toBe('Mac and cheese');
    // Unencoded, the & ends the parameter: only "mac" is asked for.
    const split = await svc.get('/recipe?recipe=mac+&+cheese');
    expect(split.text).toMatch(/"query":"mac"|for "mac"/);
  });

  it('decodes UTF-8 names', async () => {
    const reply = await svc.get(`/recipe?recipe=${encodeURIComponent('crème brûlée')}`);
    expect(reply.status).toBe(200);
    const body = ServedRecipeBodySchema.parse(reply.json());
    expect(body.recipe_name).toBe('Crème brûlée');
    expect(body.query).toBe('crème brûlée');
    const emoji = await svc.get(`/recipe?recipe=${encodeURIComponent('🍮🍮🍮')}`);
    expect(emoji.status).toBe(404);
    expect(errorOf(emoji).message).toContain('"🍮🍮🍮"');
  });

  it('collapses runs of whitespace', async () => {
    const body = ServedProductBodySchema.parse(
      (await svc.get('/impact/product?product=++oat%09%0Amilk++')).json(),
    );
    expect(body.query).toBe('oat milk');
  });
});
