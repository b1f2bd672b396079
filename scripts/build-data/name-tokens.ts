import { createCatalog } from '../../src/sources/catalog/catalog.js';
import type { Brand, Lexicon } from '../../src/sources/catalog/lexicon.js';
import { checksum } from '../../src/sources/catalog/load.js';
import {
  type NameTokensFile,
  NameTokensFileSchema,
  type ProductsFile,
  type RecipesFile,
} from '../../src/sources/catalog/schema.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';

/**
 * data/name-tokens.json: the tokens of every name that building the catalog's indexes reads (names,
 * aliases, synonyms, dish ingredients, the parts the head rules look at), in the order it reads them.
 * Pure derived data: normalising 14,000 names (folding, phrases, singulars from `pluralize`) was a fifth
 * of the catalog's load time, and the result only changes with the lexicon or the normaliser's code.
 * The app uses the file only with the lexicon whose SHA-256 it records (src/sources/catalog/load.ts).
 */
export function nameTokensFile(
  products: ProductsFile,
  recipes: RecipesFile,
  lexicon: Lexicon,
  brands: readonly Brand[],
  /** data/curated/lexicon.json as read. */
  lexiconText: string,
): NameTokensFile {
  const text = new TextNormaliser(lexicon, brands);
  createCatalog(products, recipes, lexicon, brands, text);
  return NameTokensFileSchema.parse({
    $comment:
      'Tokens of the catalog names, derived from products.json and recipes.json by the normaliser of src/sources/catalog/text.ts with the lexicon of the given SHA-256; written by npm run build:data (data/README.md).',
    lexicon: checksum(lexiconText),
    ...text.catalogTokenTable(),
  });
}
