import { describe, expect, it } from 'vitest';
import { ProductResultSchema } from '../../../src/core/result.js';
import {
  API_KEY,
  failure,
  fakeGreenSwappForFile,
  productBody,
  recipeBody,
} from '../../support/api-source-harness.js';
import { startFakeGreenSwapp } from '../../support/fake-greenswapp.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

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
