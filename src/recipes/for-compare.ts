import pluralize from 'pluralize';
import type { IngredientListEstimator, PortionWeights } from '../compare/resolve.js';
import { foldWords } from '../core/fold.js';
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
 * for the foods of data/portions.json, found by the words of the query or of the catalog name, when
 * the portion's food names the product itself: a baked potato's 285 g is a potato's, not potato
 * crisps' nor a potato purée's (whose first part, "Potato crisps", has a word the food does not).
 */
export function fnddsPortionWeights(table: () => PortionTable): PortionWeights {
  return {
    typicalPortionGrams: (product) => {
      const principal = wordsOf(product.name.split(',')[0] ?? product.name);
      for (const text of [product.query, product.name]) {
        const food = table().find(text);
        if (food !== null && principal.every((word) => food.words.some((each) => sameWord(each, word))))
          return food.typicalGrams;
      }
      return null;
    },
  };
}

function wordsOf(text: string): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word.length > 2);
}

/** One word as another, singular or plural ("apples" is "apple"). */
function sameWord(a: string, b: string): boolean {
  return a === b || pluralize.singular(a) === pluralize.singular(b);
}
