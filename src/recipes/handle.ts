import { loadCatalog } from '../sources/catalog/load.js';
import { createRecipeComputer, type RecipeComputer } from './compute.js';
import { loadPortionTable } from './portions.js';

/**
 * The recipe computer, loaded lazily. Routing `recipe <text>` between a dish name and an ingredient
 * list is the recipe command's (src/core/commands/recipe.ts); lists are computed from the built-in
 * catalog whatever source answers names, as the GreenSwapp API has no operation that takes
 * ingredients.
 */

/** The catalog and portion table, loaded on the first ingredient list only. */
export function lazyRecipeComputer(): () => RecipeComputer {
  let computer: RecipeComputer | undefined;
  return () => {
    computer ??= createRecipeComputer(loadCatalog(), loadPortionTable());
    return computer;
  };
}
