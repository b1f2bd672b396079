import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseComparison } from '../../../src/core/comparison.js';
import { LookupCancelledError, NotFoundError, SourceUnavailableError } from '../../../src/core/errors.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, productLevel, recipeLevel } from '../../../src/core/levels.js';
import { ProductResultSchema, RecipeResultSchema } from '../../../src/core/result.js';
import { CATALOG_SOURCE_INFO, createCatalogSource, loadCatalog } from '../../../src/sources/catalog/index.js';

const catalog = loadCatalog();
const recipesFile = JSON.parse(
  readFileSync(new URL('../../../data/recipes.json', import.meta.url), 'utf8'),
) as {
  recipes: unknown[];
};

function notFound(run: () => unknown): NotFoundError {
  try {
    run();
  } catch (error) {
    if (error instanceof NotFoundError) return error;
    throw error;
  }
  throw new Error('expected NotFoundError');
}

describe('loadCatalog', () => {
  it('loads every product, category and recipe, once per process', () => {
    expect(catalog.stats).toEqual({ products: 2451, categories: 61, recipes: recipesFile.recipes.length });
    expect(loadCatalog()).toBe(catalog);
  });

  it('reports a missing data directory as SourceUnavailableError', () => {
    expect(() => loadCatalog('/nonexistent/carbon-data')).toThrow(SourceUnavailableError);
  });
});

describe('findProduct', () => {
  it('answers a drink per litre with its category average and a plant-based swap', () => {
    const result = ProductResultSchema.parse(catalog.findProduct('semi-skimmed milk 2 pints'));
    expect(result).toMatchObject({
      name: 'Milk, semi-skimmed, UHT',
      unit: 'L',
      category: 'Milk',
      status: null,
    });
    // 1.27 kg CO2e per kg × 1.03 kg/L.
    expect(result.kgCo2ePerUnit).toBeCloseTo(1.308, 3);
    expect(result.comparisonText).toMatch(
      /^The impact is \d+% lower than the average of the 17 products in "Milk", compared per kg, not per litre\.$/,
    );
    expect(parseComparison(result.comparisonText)).toEqual(result.comparison);
    expect(result.notes.join(' ')).toMatch(/1\.03 kg\/L/);
    expect(result.swap?.percentLower).toBeGreaterThanOrEqual(30);
    expect(result.swap?.unit).toBe('L');
    expect(result.source).toEqual(CATALOG_SOURCE_INFO);
  });

  it('compares a food of a small category with its parent group, saying so', () => {
    // "Sugars and honey" has 7 foods: the group "Sugar and confectionery" is the reference.
    const result = catalog.findProduct('honey');
    expect(result.category).toBe('Sugars and honey');
    expect(result.comparisonText).toMatch(
      /average of the \d+ products in "Sugar and confectionery", per kg\.$/,
    );
  });

  it('rates beef mince high and offers a much lower meat', () => {
    const result = catalog.findProduct('Beef Mince 500g');
    expect(result.level).toBe('high');
    expect(result.level).toBe(productLevel(result.kgCo2ePerUnit));
    expect(result.comparison?.direction).toBe('higher');
    // Another animal's cut in the same form (scripts/build-data/swaps.ts), not beef again.
    expect(result.swap).toMatchObject({ unit: 'kg' });
    expect(result.swap!.name).not.toMatch(/beef/i);
    expect(result.swap!.percentLower).toBeGreaterThanOrEqual(30);
    expect(result.swap!.kgCo2ePerUnit).toBeLessThan(result.kgCo2ePerUnit * 0.7);
  });

  it('ranks a per-litre product by its per-kg value', () => {
    // Grapeseed oil: 1.81 kg CO2e per kg (medium), 1.665 per litre at 0.92 kg/L (below the 1.8 bound).
    const result = catalog.findProduct('grapeseed oil');
    expect(result).toMatchObject({ name: 'Grapeseed oil', unit: 'L', kgCo2ePerUnit: 1.665 });
    expect(result.level).toBe('medium');
    expect(result.level).toBe(productLevel(1.81));
  });

  it('prefers the raw, plain variant unless the query names another', () => {
    expect(catalog.findProduct('broccoli').name).toBe('Broccoli, raw');
    expect(catalog.findProduct('broccoli frozen').name).toBe('Broccoli, frozen, raw');
    expect(catalog.findProduct('rice').name).toBe('Rice, raw');
    expect(catalog.findProduct('cooked rice').name).toBe('Rice, cooked, unsalted');
  });

  it('reports confidence: full for an alias, less for a typo', () => {
    expect(catalog.findProduct('oat milk').confidence).toBe(1);
    const typo = catalog.findProduct('chiken breast').confidence!;
    expect(typo).toBeGreaterThan(0.7);
    expect(typo).toBeLessThan(1);
  });

  it('says "did you mean" when a query is close but not close enough', () => {
    const error = notFound(() => catalog.findProduct('beef jerky'));
    expect(error.kind).toBe('product');
    expect(error.query).toBe('beef jerky');
    expect(error.suggestions.length).toBeGreaterThan(0);
    expect(error.suggestions.length).toBeLessThanOrEqual(3);
    expect(error.suggestions.some((name) => /beef/i.test(name))).toBe(true);
  });

  it('gives no suggestions for gibberish', () => {
    expect(notFound(() => catalog.findProduct('asdfgh')).suggestions).toEqual([]);
  });
});

describe('findTrialMilk', () => {
  it('compares a plant milk per litre with the world-average cow milk', () => {
    const result = catalog.findTrialMilk('Oatly Barista 1L');
    expect(result.name).toBe('Oat-based drink, plain, prepacked');
    expect(result.unit).toBe('L');
    // 0.566 against 3.15 kg/kg × 1.03 kg/L = 3.244 kg/L (Poore & Nemecek 2018 via OWID).
    expect(result.comparison).toEqual({ percent: 83, direction: 'lower' });
    expect(result.comparisonText).toContain("world-average cow's milk (3.244 kg CO2e per litre");
  });

  it('covers cow, goat and soy milk', () => {
    expect(catalog.findTrialMilk('whole milk').name).toMatch(/^Milk, whole/);
    expect(catalog.findTrialMilk('goat milk').name).toMatch(/^Goat milk/);
    expect(catalog.findTrialMilk('soya milk').name).toMatch(/^Soy drink/);
  });

  it('accepts flavoured milks: they are milks', () => {
    expect(catalog.findTrialMilk('chocolate milk').name).toMatch(/^Chocolate flavoured milk/);
    expect(catalog.findTrialMilk('strawberry milk').name).toMatch(/^Strawberry flavoured milk/);
  });

  it('marks other foods out of scope and unknown names not found', () => {
    expect(notFound(() => catalog.findTrialMilk('beef mince')).outOfScope).toBe('trial_milk_only');
    expect(notFound(() => catalog.findTrialMilk('cheddar')).outOfScope).toBe('trial_milk_only');
    expect(notFound(() => catalog.findTrialMilk('asdfgh')).outOfScope).toBeUndefined();
  });
});

describe('findRecipe', () => {
  it('computes a dish from its ingredients, largest contributor first', () => {
    const result = RecipeResultSchema.parse(catalog.findRecipe('spaghetti bolognese'));
    expect(result.name).toBe('Spaghetti bolognese');
    const total = result.contributors.reduce((sum, contributor) => sum + contributor.kgCo2e, 0);
    expect(result.kgCo2ePerServing).toBeCloseTo(total, 2);
    const kgs = result.contributors.map((contributor) => contributor.kgCo2e);
    expect(kgs).toEqual([...kgs].sort((a, b) => b - a));
    expect(result.contributors[0]!.name).toMatch(/beef/i);
    expect(result.contributors.reduce((sum, contributor) => sum + contributor.share, 0)).toBeCloseTo(1, 2);
    expect(result.level).toBe(recipeLevel(result.kgCo2ePerServing));
    expect(result.thresholdKgPerServing).toBe(CLIMATE_FRIENDLY_MAX_KG_PER_SERVING);
    expect(result.climateFriendly).toEqual({ value: 'no', raw: null });
  });

  it('matches typos and suggests dishes for unknown names', () => {
    expect(catalog.findRecipe('lasagna').name).toBe('Lasagne');
    const error = notFound(() => catalog.findRecipe('xyzzy pie'));
    expect(error.kind).toBe('recipe');
    expect(error.suggestions.length).toBeGreaterThan(0);
  });

  it('is certain of an exact dish name or alias', () => {
    expect(catalog.findRecipe('Dal').confidence).toBe(1);
    expect(catalog.findRecipe('lasagne').confidence).toBe(1);
  });

  it("suggests dishes whose names share the query's words first", () => {
    const suggestions = notFound(() => catalog.findRecipe('beef carpaccio')).suggestions;
    expect(suggestions.length).toBeGreaterThan(0);
    for (const name of suggestions) expect(name).toMatch(/beef/i);
  });
});

describe('suggest', () => {
  it('completes product names by prefix and by word start', () => {
    const names = catalog.suggest('product', 'oat m', 5);
    expect(names[0]).toBe('Oat milk');
    expect(catalog.suggest('product', 'chick', 10)).toContain('Chicken breast');
    expect(catalog.suggest('product', 'breast', 10)).toContain('Chicken breast');
  });

  it('respects the limit and the 100-character cap', () => {
    for (const prefix of ['', 'c', 'beef', 'yogurt, fermented']) {
      const names = catalog.suggest('product', prefix, 25);
      expect(names.length).toBeLessThanOrEqual(25);
      for (const name of names) expect(name.length).toBeLessThanOrEqual(100);
    }
    expect(catalog.suggest('product', 'c', 0)).toEqual([]);
  });

  it('offers staples for an empty box and completes recipes', () => {
    expect(catalog.suggest('product', '', 3)).toEqual(['Semi-skimmed milk', 'Oat milk', 'Beef mince']);
    expect(catalog.suggest('recipe', 'lasa', 5)).toContain('Lasagne');
    expect(catalog.suggest('recipe', '', 5)).toHaveLength(5);
  });

  it('offers nothing for a prefix of only punctuation', () => {
    for (const prefix of ['-', '!!', "'", ' ( ', '/', '…']) {
      expect(catalog.suggest('product', prefix, 25)).toEqual([]);
      expect(catalog.suggest('recipe', prefix, 25)).toEqual([]);
    }
  });
});

describe('createCatalogSource', () => {
  it('wraps the catalog as the "catalog" lookup source', async () => {
    const source = createCatalogSource(catalog);
    expect(source.id).toBe('catalog');
    await expect(source.lookupProduct('tofu')).resolves.toMatchObject({
      kind: 'product',
      name: 'Tofu, plain',
    });
    await expect(source.lookupRecipe('lasagne')).resolves.toMatchObject({ kind: 'recipe', name: 'Lasagne' });
    await expect(source.lookupProduct('laptop')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('does not answer once the caller has given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createCatalogSource(catalog).lookupProduct('tofu', { signal: controller.signal }),
    ).rejects.toBeInstanceOf(LookupCancelledError);
  });
});

describe('restaurantNamed', () => {
  it('names a restaurant a text names with no food beside it, and only then', () => {
    expect(catalog.restaurantNamed('subway')).toBe('Subway');
    expect(catalog.restaurantNamed('KFC?')).toBe('KFC');
    // A dish named with it is a dish; a maker of foods is no restaurant.
    expect(catalog.restaurantNamed('Greggs sausage roll')).toBeNull();
    expect(catalog.restaurantNamed('Heinz')).toBeNull();
    expect(catalog.restaurantNamed('lasagne')).toBeNull();
  });
});
