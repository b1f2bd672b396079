import type { IngredientListEstimator, PortionWeights } from '../compare/resolve.js';
import type { RecipeComputer } from './compute.js';
import type { PortionTable } from './portions.js';

/**
 * What `compare` needs from ingredient lists: "(500g beef mince, 1 onion, serves 4)" as an option is
 * computed like `/carbon recipe <list>`, from the built-in catalog whatever the source.
 */
export function ingredientListEstimator(computer: () => RecipeComputer): IngredientListEstimator {
  return {
    estimate: async (label, ingredients) => ({ ...computer().compute(ingredients), query: label }),
  };
}

/**
 * A product's typical portion, to set it beside dishes per serving: FNDDS "Quantity not specified"
 * for the foods of data/portions.json, found by the words of the query or of the catalog name.
 */
export function fnddsPortionWeights(table: () => PortionTable): PortionWeights {
  return {
    typicalPortionGrams: (product) =>
      (table().find(product.query) ?? table().find(product.name))?.typicalGrams ?? null,
  };
}
