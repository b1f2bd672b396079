import type { Brand } from './lexicon.js';
import type { ProductData, RecipeData } from './schema.js';
import type { IndexEntry } from './search-index.js';

/** What the catalog's matchers search: each product's and dish's names, and the entry a brand means. */

export function productEntry(product: ProductData): IndexEntry {
  return {
    names: [
      { text: product.name, kind: 'name' },
      ...product.aliases.map((text) => ({ text, kind: 'alias' as const })),
      ...product.synonyms.map((text) => ({ text, kind: 'synonym' as const })),
      ...product.related.map((text) => ({ text, kind: 'related' as const })),
    ],
  };
}

export function recipeEntry(recipe: RecipeData): IndexEntry {
  return {
    names: [
      { text: recipe.name, kind: 'name' },
      ...recipe.aliases.map((text) => ({ text, kind: 'alias' as const })),
    ],
    // A dish's defining ingredients say what it is even when its name does not ("Pad thai").
    describedBy: recipe.contributors.map((contributor) => contributor.name),
  };
}

/** Per brand, the position among these products of the item its name alone means, where listed. */
export function brandItems(brands: readonly Brand[], products: readonly ProductData[]): Map<string, number> {
  const position = new Map(products.map((product, i) => [product.code, i]));
  const items = new Map<string, number>();
  for (const brand of brands) {
    const entry = brand.item === undefined ? undefined : position.get(brand.item);
    if (entry !== undefined) items.set(brand.brand, entry);
  }
  return items;
}
