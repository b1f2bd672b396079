import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { SourceUnavailableError } from '../../core/errors.js';
import { createCatalog } from './catalog.js';
import { type Brand, BrandsFileSchema, type Lexicon, LexiconSchema } from './lexicon.js';
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

/** Reads data/<file> and validates it; either failure is a SourceUnavailableError naming the file. */
function readValid<T>(directory: string, file: string, schema: z.ZodType<T>): T {
  const path = join(directory, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(
      `the built-in catalog could not read ${path}: ${(error as Error).message}`,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`catalog ${file} is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/** The hand-written matching knowledge (data/curated/), read by the app and by the data build. */
export function loadCurated(dataDir = defaultDataDir()): { lexicon: Lexicon; brands: Brand[] } {
  return {
    lexicon: readValid(dataDir, 'curated/lexicon.json', LexiconSchema),
    brands: readValid(dataDir, 'curated/brands.json', BrandsFileSchema),
  };
}

let memoised: Catalog | undefined;

/** Reads and validates data/*.json synchronously. The default location is read once per process. */
export function loadCatalog(dataDir?: string): Catalog {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const directory = dataDir ?? defaultDataDir();
  const products = readValid(directory, 'products.json', ProductsFileSchema);
  const recipes = readValid(directory, 'recipes.json', RecipesFileSchema);
  const { lexicon, brands } = loadCurated(directory);
  const catalog = createCatalog(products, recipes, lexicon, brands);
  if (dataDir === undefined) memoised = catalog;
  return catalog;
}
