import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { compareItems, handleCompareText } from '../../src/compare/compare.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import { CompareResultSchema } from '../../src/compare/model.js';
import { readItem } from '../../src/compare/parse.js';
import { perKgFigure } from '../../src/compare/rank.js';
import type { IngredientListEstimator } from '../../src/compare/resolve.js';
import { loadServings, type ServingOf } from '../../src/compare/servings.js';
import { NotFoundError, UpstreamTimeoutError } from '../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import type { LookupSource } from '../../src/core/source.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';
import { sampleProduct, sampleRecipe } from '../support/sample-results.js';

const logger = pino({ level: 'silent' });
const car = loadEquivalences().carKm;
const catalog = loadCatalog();
const catalogDeps = { source: createCatalogSource(catalog), car, logger, catalog: () => catalog };

/** A real LookupSource over fixed tables: names not in a table are not found; `fail` names time out. */
function tableSource(
  dishes: Record<string, Partial<RecipeResult>>,
  products: Record<string, Partial<ProductResult>>,
  fail: string[] = [],
): LookupSource {
  return {
    id: 'catalog',
    async lookupRecipe(name) {
      if (fail.includes(name)) throw new UpstreamTimeoutError(8000);
      const found = dishes[name];
      if (found === undefined) throw new NotFoundError('recipe', name, [`${name} soup`]);
      return sampleRecipe({ query: name, name, ...found });
    },
    async lookupProduct(name) {
      if (fail.includes(name)) throw new UpstreamTimeoutError(8000);
      const found = products[name];
      if (found === undefined) throw new NotFoundError('product', name, [`${name} powder`]);
      return sampleProduct({ query: name, name, ...found });
    },
  };
}

const items = (...names: string[]) => names.map(readItem);

describe('compare over the built-in catalog', () => {
  it('ranks dishes per serving, lowest first, and works out the difference for the group', async () => {
    const reply = await handleCompareText('lasagne, dal, chicken curry for 12 people', catalogDeps);
    if (reply.type !== 'compare') throw new Error('expected a comparison');
    const result = CompareResultSchema.parse(reply.result);
    expect(result.status).toBe('ranked');
    expect(result.basis).toBe('serving');
    expect(result.ranked.map((item) => item.name)).toEqual(['Dal', 'Chicken curry', 'Lasagne']);
    const figures = result.ranked.map((item) => item.kgCo2e);
    expect([...figures].sort((a, b) => a - b)).toEqual(figures);
    const spread = figures[2]! - figures[0]!;
    expect(result.difference!.kgCo2e).toBeCloseTo(spread, 10);
    expect(result.difference!.groupKgCo2e).toBeCloseTo(spread * 12, 10);
    expect(result.difference!.carKm).toBeCloseTo((spread * 12) / car.kgCo2ePerKm, 6);
    // Dal is within the budget on the catalog's figures; whether on every dataset, its verdict says.
    expect(result.ranked[0]!.verdict).toMatch(/^(climate-friendly|depends on the data)/);
  });

  it('takes "chicken" as the product (exact) and "lasagne" as the dish (a tie), and says why', async () => {
    const result = await compareItems(items('chicken', 'beef', 'dish: chicken'), catalogDeps);
    const chicken = [...result.ranked, ...result.notRanked].find((item) => item.input === 'chicken')!;
    expect(chicken.takenAs).toBe('product');
    const lasagne = await compareItems(items('lasagne', 'dal'), catalogDeps);
    expect(lasagne.ranked.find((item) => item.input === 'lasagne')).toMatchObject({
      takenAs: 'dish',
      takenAsReason: 'both a dish and a product; dishes win ties',
    });
  });

  it('lists what is not found with suggestions and still compares the rest', async () => {
    const result = await compareItems(items('lasagne', 'moussak verdi', 'dal', 'qwzx'), catalogDeps);
    expect(result.status).toBe('ranked');
    expect(result.ranked).toHaveLength(2);
    expect(result.notFound.map((item) => item.input)).toEqual(['moussak verdi', 'qwzx']);
    expect(result.notFound[0]!.suggestions.length).toBeGreaterThan(0);
    expect(result.notFound[0]!.suggestions.length).toBeLessThanOrEqual(3);
  });

  it('says when fewer than two options are found', async () => {
    const result = await compareItems(items('lasagne', 'qwzx'), catalogDeps);
    expect(result.status).toBe('too_few');
    expect(result.difference).toBeNull();
    expect(result.ranked).toHaveLength(1);
    expect(result.notFound).toHaveLength(1);
  });
});

describe('footing: never two units in one ranking', () => {
  const source = tableSource(
    {
      curry: { kgCo2ePerServing: 1.2, level: 'medium', climateFriendly: { value: 'no', raw: null } },
      dal: {},
    },
    {
      beef: { kgCo2ePerUnit: 30, unit: 'kg', level: 'high' },
      'oat milk': {
        kgCo2ePerUnit: 0.515,
        unit: 'L',
        notes: ['Per litre, using a milk density of 1.03 kg/L.'],
      },
      juice: { kgCo2ePerUnit: 0.8, unit: 'L' },
    },
  );
  const deps = { source, car, logger };

  it('compares products per litre when all are drinks, per kg otherwise, converting with the stated density', async () => {
    expect((await compareItems(items('oat milk', 'juice'), deps)).basis).toBe('litre');
    const mixed = await compareItems(items('beef', 'oat milk', 'juice'), deps);
    expect(mixed.basis).toBe('kg');
    expect(mixed.ranked.map((item) => item.kgCo2e)).toEqual([0.5, 0.8, 30]);
    expect(mixed.ranked[1]!.notes).toContain('Converted from per litre assuming 1 kg/L.');
    expect(perKgFigure(sampleProduct({ unit: 'kg', kgCo2ePerUnit: 2 })).perKg).toBe(2);
  });

  it('leaves a product with no known serving out of a ranking of meals, and says why', async () => {
    // The table's products have no catalog category, so no serving is known for them.
    const result = await compareItems(items('curry', 'dal', 'beef'), deps);
    expect(result.basis).toBe('serving');
    expect(result.ranked.map((item) => item.input)).toEqual(['dal', 'curry']);
    expect(result.notRanked).toEqual([
      expect.objectContaining({
        input: 'beef',
        takenAs: 'product',
        reason: expect.stringMatching(/no serving size is known/),
      }),
    ]);
  });

  it('keeps a comparison with a dish per serving, whatever plain products are among it', async () => {
    const servings: ServingOf = (product) =>
      product.name === 'beef' ? { grams: 85, meal: false, text: 'a 85 g serving (meat, FNDDS)' } : null;
    const result = await compareItems(items('dal', 'beef', 'juice'), { ...deps, servings });
    expect(result.basis).toBe('portion');
    expect(result.ranked.map((item) => [item.input, item.kgCo2e, item.howTaken])).toEqual([
      ['dal', 0.4, 'a named dish'],
      ['beef', 2.55, 'a product, a 85 g serving (meat, FNDDS)'],
    ]);
    expect(result.notRanked.map((item) => item.input)).toEqual(['juice']);
  });

  it('ranks a meal the catalog holds per kg per its serving, never per kg, even among products only', async () => {
    const meals = tableSource(
      {},
      {
        quiche: { kgCo2ePerUnit: 4.6, unit: 'kg', category: 'Pizzas, crepe and pies' },
        'sausage roll': { kgCo2ePerUnit: 14.3, unit: 'kg', category: 'Savoury pastries and other starters' },
        apple: { kgCo2ePerUnit: 0.4, unit: 'kg', category: 'Fruits' },
      },
    );
    const result = await compareItems(items('quiche', 'sausage roll', 'apple'), {
      source: meals,
      car,
      logger,
    });
    expect(result.basis).toBe('portion');
    const servings = loadServings();
    const grams = Object.fromEntries(result.ranked.map((item) => [item.input, item.portionGrams]));
    expect(grams).toEqual({
      quiche: servings.groups['pizzas and pies']!.grams,
      'sausage roll': servings.groups['savoury pastries and starters']!.grams,
      apple: servings.groups.fruit!.grams,
    });
    // A meal's serving, not the 50 g of an egg the quiche's name holds.
    expect(grams.quiche).toBeGreaterThan(150);
  });

  it('ranks per kg when every option is a plain ingredient', async () => {
    const plain = tableSource(
      {},
      {
        tofu: { kgCo2ePerUnit: 2, unit: 'kg', category: 'Meat substitutes' },
        'beef mince': { kgCo2ePerUnit: 30, unit: 'kg', category: 'Raw meat' },
      },
    );
    const result = await compareItems(items('tofu', 'beef mince'), { source: plain, car, logger });
    expect(result.basis).toBe('kg');
    expect(result.ranked.map((item) => item.howTaken)).toEqual(['a product, per kg', 'a product, per kg']);
  });

  it('reports an ingredient list as not understood until a reader is plugged in, then ranks it as a dish', async () => {
    const without = await compareItems(items('dal', 'curry', 'bowl (rice, beans)'), deps);
    expect(without.notUnderstood).toEqual([
      { input: 'bowl (rice, beans)', reason: expect.stringMatching(/ingredient lists/) },
    ]);
    const reader: IngredientListEstimator = {
      estimate: async (label, ingredients) =>
        sampleRecipe({ name: `${label}: ${ingredients}`, kgCo2ePerServing: 0.1 }),
    };
    const withReader = await compareItems(items('dal', 'bowl (rice, beans)'), {
      ...deps,
      ingredients: reader,
    });
    expect(withReader.ranked[0]).toMatchObject({ takenAs: 'ingredient list', name: 'bowl: rice, beans' });
  });

  it('reports an upstream failure for one option without losing the others', async () => {
    const failing = tableSource({ dal: {}, curry: {} }, {}, ['slow']);
    const result = await compareItems(items('dal', 'slow', 'curry'), { source: failing, car, logger });
    expect(result.status).toBe('ranked');
    expect(result.failed).toEqual([
      { input: 'slow', error: expect.objectContaining({ code: 'upstream_timeout' }) },
    ]);
  });

  it('does not look up an option over 200 characters, and says why', async () => {
    const long = 'x'.repeat(201);
    const result = await compareItems(items('dal', 'curry', long), deps);
    expect(result.notUnderstood).toEqual([{ input: long, reason: 'names are limited to 200 characters' }]);
    expect(result.status).toBe('ranked');
  });

  it('turns a parse failure into an error reply, never a throw', async () => {
    const reply = await handleCompareText('just one', deps);
    expect(reply).toMatchObject({
      type: 'error',
      error: {
        code: 'invalid_input',
        text: 'That comparison can\'t be made: give at least two options, separated by commas, "or" or "vs".',
        hint: 'Try `/carbon compare lasagne, dal, chicken curry`.',
      },
    });
  });
});
