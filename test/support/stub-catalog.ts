import { NotFoundError } from '../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import type { Catalog } from '../../src/sources/catalog/types.js';

const SOURCE = { id: 'catalog' as const, label: 'Stub catalog', attribution: 'Test data' };

function product(query: string, name: string, kg: number, unit: 'kg' | 'L', category: string): ProductResult {
  return {
    kind: 'product',
    query,
    name,
    kgCo2ePerUnit: kg,
    unit,
    comparisonText: `The impact is 10% lower than the average product in “${category}”.`,
    comparison: { percent: 10, direction: 'lower' },
    category,
    level: 'low',
    swap: null,
    confidence: 1,
    status: null,
    notes: [],
    source: SOURCE,
  };
}

/**
 * A three-entry catalog for cases the real data cannot produce, e.g. a catalog that throws an
 * unexpected error. `fail` makes every lookup throw it.
 */
export function stubCatalog(fail?: Error): Catalog {
  const guard = () => {
    if (fail) throw fail;
  };
  return {
    stats: { products: 2, recipes: 1, categories: 1 },
    findProduct(query) {
      guard();
      if (/oat/i.test(query)) return product(query, 'Oat drink', 0.3, 'L', 'Milk');
      if (/cheddar/i.test(query)) return product(query, 'Cheddar', 9.5, 'kg', 'Cheese');
      throw new NotFoundError('product', query, ['Oat drink']);
    },
    findTrialMilk(query) {
      guard();
      if (/oat/i.test(query)) return product(query, 'Oat drink', 0.3, 'L', 'Milk');
      throw new NotFoundError('product', query, ['Oat drink'], 'trial_milk_only');
    },
    findRecipe(query): RecipeResult {
      guard();
      if (!/lasagne/i.test(query)) throw new NotFoundError('recipe', query, ['Lasagne']);
      return {
        kind: 'recipe',
        query,
        name: 'Lasagne',
        kgCo2ePerServing: 1.2,
        climateFriendly: { value: 'no', raw: null },
        thresholdKgPerServing: 0.5,
        level: 'medium',
        contributors: [],
        confidence: 1,
        status: null,
        notes: [],
        source: SOURCE,
      };
    },
    suggest() {
      return [];
    },
  };
}
