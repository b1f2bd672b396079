import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { SourceUnavailableError } from '../../core/errors.js';
import type { Basis } from '../../figures/basis.js';
import { FIGURES_FILE, readFiguresFile } from '../../figures/load.js';
import { FiguresTable } from '../../figures/table.js';
import { createCatalog } from './catalog.js';
import { type Brand, BrandsFileSchema, BrandsFileShape, type Lexicon, LexiconSchema } from './lexicon.js';
import {
  ChecksumsFileSchema,
  type NameTokensFile,
  NameTokensFileSchema,
  NameTokensFileShape,
  ProductsFileSchema,
  ProductsFileShape,
  RecipesFileSchema,
  RecipesFileShape,
} from './schema.js';
import { TextNormaliser } from './text.js';
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

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new SourceUnavailableError(
      `the built-in catalog could not read ${path}: ${(error as Error).message}`,
    );
  }
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SourceUnavailableError(
      `the built-in catalog could not read ${path}: ${(error as Error).message}`,
    );
  }
}

function validate<T>(file: string, raw: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`catalog ${file} is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/** Reads data/<file> and validates it; either failure is a SourceUnavailableError naming the file. */
function readValid<T>(directory: string, file: string, schema: z.ZodType<T>): T {
  const path = join(directory, file);
  return validate(file, parseJson(path, readBytes(path).toString('utf8')), schema);
}

/** The file in which `npm run build:data` records the SHA-256 of each file it validated (see readBuilt). */
export const CHECKSUMS_FILE = 'checksums.json';

/** SHA-256 in lowercase hex of a file's bytes (a string is taken as UTF-8): what `sha256sum` prints. */
export function checksum(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** What data/checksums.json records; nothing when the directory has none (all validated in full). */
function readChecksums(directory: string): Readonly<Record<string, string>> {
  const path = join(directory, CHECKSUMS_FILE);
  if (!existsSync(path)) return {};
  return readValid(directory, CHECKSUMS_FILE, ChecksumsFileSchema).files;
}

/**
 * Reads a file the data build wrote or read (products.json, recipes.json, name-tokens.json,
 * curated/brands.json). The build validated its content with the full schema and recorded its SHA-256,
 * so bytes with that checksum are the validated file: their top level is checked (`shape`) and the full
 * validation, once the larger part of the load time, is not repeated. A file that differs in any byte
 * (edited by hand, rebuilt without the checksums) is validated in full, so no unvalidated content is
 * ever used.
 */
function readBuilt<T>(
  directory: string,
  file: string,
  schema: z.ZodType<T>,
  shape: z.ZodType,
  checksums: Readonly<Record<string, string>>,
): T {
  const path = join(directory, file);
  const bytes = readBytes(path);
  const raw = parseJson(path, bytes.toString('utf8'));
  const recorded = checksums[file];
  if (recorded !== undefined && recorded === checksum(bytes) && shape.safeParse(raw).success) return raw as T;
  return validate(file, raw, schema);
}

/** Where the data build stores the tokens of the catalog's names (see readNameTokens). */
export const NAME_TOKENS_FILE = 'name-tokens.json';
const LEXICON_FILE = 'curated/lexicon.json';
export const BRANDS_FILE = 'curated/brands.json';

/**
 * The catalog names' tokens worked out by the data build, when they were worked out with the lexicon
 * in this directory; otherwise nothing, and the normaliser works every name out as it is read. The
 * tokens depend on the lexicon, recorded by its SHA-256, and on TextNormaliser's code, which the
 * tests hold to the committed file (test/scripts/build-data.test.ts).
 */
function readNameTokens(
  directory: string,
  checksums: Readonly<Record<string, string>>,
): NameTokensFile | undefined {
  if (!existsSync(join(directory, NAME_TOKENS_FILE))) return undefined;
  const file = readBuilt(directory, NAME_TOKENS_FILE, NameTokensFileSchema, NameTokensFileShape, checksums);
  return file.lexicon === checksum(readBytes(join(directory, LEXICON_FILE))) ? file : undefined;
}

/** The hand-written matching knowledge (data/curated/), read by the app and by the data build. */
export function loadCurated(
  dataDir = defaultDataDir(),
  /** As recorded by the data build; the build itself passes none, validating both files in full. */
  checksums: Readonly<Record<string, string>> = {},
): { lexicon: Lexicon; brands: Brand[] } {
  return {
    // Small, and with defaults the file leaves out: always validated in full.
    lexicon: readValid(dataDir, LEXICON_FILE, LexiconSchema),
    brands: readBuilt(dataDir, BRANDS_FILE, BrandsFileSchema, BrandsFileShape, checksums),
  };
}

let memoised: Catalog | undefined;
let defaultBasis: Basis = 'agribalyse';

/**
 * The basis (CARBON_BASIS) of the catalog this process loads by default: set once from the
 * configuration (sources/select.ts, service/start.ts) before anything loads it, so every part that
 * loads the default catalog (lookups, ingredient lists, the service) leads with the same figure.
 */
export function setDefaultBasis(basis: Basis): void {
  if (basis !== defaultBasis) memoised = undefined;
  defaultBasis = basis;
}

export interface LoadOptions {
  /** Which figure answers lead with; the configured default (setDefaultBasis) when not given. */
  basis?: Basis;
  /**
   * Set the independent studies' figures beside the catalog's (data/independent-figures.json, when the
   * directory has it). Default true; false answers with the catalog's figures alone (benchmarks).
   */
  figures?: boolean;
}

/** The studies' figures in this directory, or null when it has none (a data directory from before them). */
function readFigures(directory: string): FiguresTable | null {
  if (!existsSync(join(directory, FIGURES_FILE))) return null;
  return new FiguresTable(readFiguresFile(directory));
}

/**
 * Reads and validates data/*.json synchronously. The default location, with the default options, is
 * read once per process.
 */
export function loadCatalog(dataDir?: string, options: LoadOptions = {}): Catalog {
  const basis = options.basis ?? defaultBasis;
  const defaults = dataDir === undefined && options.figures !== false && basis === defaultBasis;
  if (defaults && memoised !== undefined) return memoised;
  const directory = dataDir ?? defaultDataDir();
  const checksums = readChecksums(directory);
  const products = readBuilt(directory, 'products.json', ProductsFileSchema, ProductsFileShape, checksums);
  const recipes = readBuilt(directory, 'recipes.json', RecipesFileSchema, RecipesFileShape, checksums);
  const { lexicon, brands } = loadCurated(directory, checksums);
  const text = new TextNormaliser(lexicon, brands);
  const nameTokens = readNameTokens(directory, checksums);
  if (nameTokens !== undefined) text.rememberCatalogTokens(nameTokens.names, nameTokens.tokens);
  const figures = options.figures === false ? null : readFigures(directory);
  const catalog = createCatalog(products, recipes, lexicon, brands, text, figures, basis);
  if (defaults) memoised = catalog;
  return catalog;
}
