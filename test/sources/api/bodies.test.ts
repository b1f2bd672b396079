import { describe, expect, it } from 'vitest';
import { BadResponseError, NotFoundError } from '../../../src/core/errors.js';
import { RecipeResultSchema } from '../../../src/core/result.js';
import { failure, fakeGreenSwappForFile, productBody, recipeBody } from '../../support/api-source-harness.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

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
