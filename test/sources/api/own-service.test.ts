import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyRefusedError, NotFoundError } from '../../../src/core/errors.js';
import { toErrorView } from '../../../src/core/messages.js';
import { ProductResultSchema, RecipeResultSchema } from '../../../src/core/result.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { createService, type Service } from '../../../src/service/index.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { compareOver } from '../../service/helpers.js';
import { apiSourcesForFile, failure } from '../../support/api-source-harness.js';

/**
 * The API client against our own `carbon serve` with the real catalog, over real HTTP: the service
 * claims to honour the lookup API's contract, and the client claims to speak it, so each checks the
 * other. Both product URLs point at the service, as the README tells users to configure it.
 */
const KEY = 'own-service-key-4b1d9e7c2a';

let service: Service;
let url: string;

beforeAll(async () => {
  const catalog = loadCatalog();
  service = createService({ catalog, compare: compareOver(catalog), keys: [KEY], logger: silentLogger() });
  const { port } = await service.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await service.close();
});

const client = apiSourcesForFile(() => ({
  apiKey: KEY,
  baseUrl: url,
  trialUrl: url,
  timeoutMs: 5_000,
  logger: silentLogger(),
  cache: false,
}));

describe('API client → carbon serve', () => {
  it('finds a product through /impact/product', async () => {
    const result = await client().lookupProduct('Oatly Oat Milk Barista Edition 1L');
    expect(ProductResultSchema.parse(result)).toEqual(result);
    expect(result.name.toLowerCase()).toContain('oat');
    expect(result.kgCo2ePerUnit).toBeGreaterThan(0);
    expect(result.comparison?.direction).toMatch(/^(higher|lower|same)$/);
    expect(result.source.id).toBe('api');
    expect(result.status).toBe('found');
  });

  it('finds a milk through the trial /product when no base URL is set', async () => {
    const result = await client({ baseUrl: undefined }).lookupProduct('oat milk');
    expect(result).toMatchObject({
      unit: 'L',
      category: 'Milk (world average)',
      comparison: { direction: 'lower' },
    });
    expect(result.name.toLowerCase()).toContain('oat');
    expect(result.comparisonText).toContain('cow');
  });

  it('finds a recipe, with its climate-friendly verdict read from "yes"/"no"', async () => {
    const result = await client().lookupRecipe('lasagne');
    expect(RecipeResultSchema.parse(result)).toEqual(result);
    expect(result.name).toBe('Lasagne');
    expect(result.kgCo2ePerServing).toBeGreaterThan(0.5);
    expect(result.climateFriendly).toEqual({ value: 'no', raw: null });
    const curry = await client().lookupRecipe('vegetable curry');
    expect(curry.climateFriendly.value).toBe(curry.kgCo2ePerServing <= 0.5 ? 'yes' : 'no');
  });

  it('gets a dish the catalog does not name, built from its parts, in the spec fields it reads', async () => {
    const result = await client().lookupRecipe('thai red curry with beef');
    expect(result.name).toBe('Curry with beef');
    expect(result.kgCo2ePerServing).toBeGreaterThan(0.5);
    expect(result.climateFriendly.value).toBe('no');
  });

  it('passes on the suggestions of a not-found product and recipe', async () => {
    const product = (await failure(client().lookupProduct('chicken qqqq'))) as NotFoundError;
    expect(product).toBeInstanceOf(NotFoundError);
    expect(product.suggestions).toContain('Chicken');
    expect(toErrorView(product).suggestions).toContain('Chicken');

    const recipe = (await failure(client().lookupRecipe('qqq lasagne xyz'))) as NotFoundError;
    expect(recipe).toBeInstanceOf(NotFoundError);
    expect(recipe.suggestions).toContain('Lasagne');

    // Every suggestion is a name the client can then look up.
    for (const name of product.suggestions) {
      expect((await client().lookupProduct(name)).kgCo2ePerUnit).toBeGreaterThanOrEqual(0);
    }
  });

  it('passes on the milk suggestions of the trial', async () => {
    const error = (await failure(client({ baseUrl: undefined }).lookupProduct('oat mylkk'))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.suggestions).toEqual(['Oat milk']);
  });

  it('reports a wrong key as refused', async () => {
    const error = await failure(client({ apiKey: 'not-the-key' }).lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(ApiKeyRefusedError);
    expect((error as ApiKeyRefusedError).status).toBe(401);
  });
});
