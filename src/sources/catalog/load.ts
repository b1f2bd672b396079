import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceUnavailableError } from '../../core/errors.js';
import { createCatalog } from './catalog.js';
import { BrandsFileSchema, LexiconSchema } from './lexicon.js';
import { ProductsFileSchema, RecipesFileSchema } from './schema.js';
import type { Catalog } from './types.js';

/**
 * The package root: the nearest ancestor of this module holding package.json. Works from src/ (tsx,
 * vitest) and from dist/ after `tsc`.
 */
export function packageRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    if (existsSync(join(directory, 'package.json'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new SourceUnavailableError('cannot find the package root for data/');
    directory = parent;
  }
}

export function defaultDataDir(): string {
  return join(packageRoot(), 'data');
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(
      `the built-in catalog could not read ${path}: ${(error as Error).message}`,
    );
  }
}

let memoised: Catalog | undefined;

/** Reads and validates data/*.json synchronously. The default location is read once per process. */
export function loadCatalog(dataDir?: string): Catalog {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const directory = dataDir ?? defaultDataDir();
  const products = ProductsFileSchema.safeParse(readJson(join(directory, 'products.json')));
  const recipes = RecipesFileSchema.safeParse(readJson(join(directory, 'recipes.json')));
  if (!products.success)
    throw new SourceUnavailableError(`catalog products.json is invalid: ${products.error.message}`);
  if (!recipes.success)
    throw new SourceUnavailableError(`catalog recipes.json is invalid: ${recipes.error.message}`);
  const lexicon = LexiconSchema.safeParse(readJson(join(directory, 'curated', 'lexicon.json')));
  const brands = BrandsFileSchema.safeParse(readJson(join(directory, 'curated', 'brands.json')));
  if (!lexicon.success)
    throw new SourceUnavailableError(`catalog curated/lexicon.json is invalid: ${lexicon.error.message}`);
  if (!brands.success)
    throw new SourceUnavailableError(`catalog curated/brands.json is invalid: ${brands.error.message}`);
  const catalog = createCatalog(products.data, recipes.data, lexicon.data, brands.data);
  if (dataDir === undefined) memoised = catalog;
  return catalog;
}
