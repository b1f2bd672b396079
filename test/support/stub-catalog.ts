import type { Catalog } from '../../src/sources/catalog/types.js';

/**
 * A catalog whose every lookup throws `error`: the one case the real catalog cannot produce, used
 * to check that unexpected failures become a 500 without internals.
 */
export function throwingCatalog(error: Error): Catalog {
  const fail = (): never => {
    throw error;
  };
  return {
    source: { id: 'catalog', label: 'Stub catalog' },
    stats: { products: 0, recipes: 0, categories: 0 },
    findProduct: fail,
    findTrialMilk: fail,
    findRecipe: fail,
    matchFood: fail,
    foodScore: fail,
    food: fail,
    animalsIn: fail,
    restaurantNamed: fail,
    recipeIngredients: fail,
    suggest: () => [],
  };
}
