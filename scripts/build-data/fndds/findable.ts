import { createCatalog } from '../../../src/sources/catalog/catalog.js';
import type { Brand, Lexicon } from '../../../src/sources/catalog/lexicon.js';
import type { ProductsFile, RecipesFile } from '../../../src/sources/catalog/schema.js';

/**
 * Names of derived dishes that the app's own dish search, asked for exactly that name, answers with
 * another dish (or not at all): "Gumbo, no rice" beside "Gumbo with rice", where the search does not
 * read "no". Such a dish could never be the answer, so the build drops it.
 */
export function unfindableDerivedDishes(
  products: ProductsFile,
  recipes: RecipesFile,
  curated: { lexicon: Lexicon; brands: Brand[] },
): Set<string> {
  const catalog = createCatalog(products, recipes, curated.lexicon, curated.brands);
  const unfindable = new Set<string>();
  for (const recipe of recipes.recipes) {
    if (recipe.provenance === undefined) continue;
    let answer: string | null = null;
    try {
      answer = catalog.findRecipe(recipe.name).name;
    } catch {
      answer = null;
    }
    if (answer !== recipe.name) unfindable.add(recipe.name);
  }
  return unfindable;
}
