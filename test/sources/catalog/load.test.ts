import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError, SourceUnavailableError } from '../../../src/core/errors.js';
import { BrandsFileSchema } from '../../../src/sources/catalog/lexicon.js';
import {
  BRANDS_FILE,
  CHECKSUMS_FILE,
  checksum,
  defaultDataDir,
  loadCatalog,
  NAME_TOKENS_FILE,
} from '../../../src/sources/catalog/load.js';
import {
  ChecksumsFileSchema,
  NameTokensFileSchema,
  ProductsFileSchema,
  RecipesFileSchema,
} from '../../../src/sources/catalog/schema.js';

const dataDir = defaultDataDir();
const read = (file: string) => readFileSync(join(dataDir, file), 'utf8');
const FILES = [
  'products.json',
  'recipes.json',
  CHECKSUMS_FILE,
  NAME_TOKENS_FILE,
  'curated/lexicon.json',
  BRANDS_FILE,
];

let scratch: string | undefined;
afterEach(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A copy of data/ (the files loadCatalog reads) in a temporary directory, to alter. */
function copyData(): string {
  scratch = mkdtempSync(join(tmpdir(), 'carbon-data-'));
  mkdirSync(join(scratch, 'curated'));
  for (const file of FILES) copyFileSync(join(dataDir, file), join(scratch, file));
  return scratch;
}

/** products.json with its first product's figure made negative, which the full schema rejects. */
function invalidProducts(): string {
  const products = JSON.parse(read('products.json')) as { products: { kgCo2ePerKg: number }[] };
  products.products[0]!.kgCo2ePerKg = -1;
  return JSON.stringify(products);
}

describe('committed data/checksums.json', () => {
  const { files } = ChecksumsFileSchema.parse(JSON.parse(read(CHECKSUMS_FILE)));

  it('records the SHA-256 of the committed products.json, recipes.json, name-tokens.json and brands', () => {
    expect(Object.keys(files).sort()).toEqual([
      BRANDS_FILE,
      NAME_TOKENS_FILE,
      'products.json',
      'recipes.json',
    ]);
    for (const [file, sha256] of Object.entries(files)) {
      expect(checksum(readFileSync(join(dataDir, file))), `${file} changed: run npm run build:data`).toBe(
        sha256,
      );
    }
  });

  it('vouches only for files that pass their full schemas unchanged, so loading them as read loses nothing', () => {
    for (const [file, schema] of [
      ['products.json', ProductsFileSchema],
      ['recipes.json', RecipesFileSchema],
      [NAME_TOKENS_FILE, NameTokensFileSchema],
      [BRANDS_FILE, BrandsFileSchema],
    ] as const) {
      const raw: unknown = JSON.parse(read(file));
      expect(schema.parse(raw)).toEqual(raw);
    }
  });
});

describe('loadCatalog from a data directory', () => {
  it('loads a copy of data/ with its checksums like data/ itself', () => {
    expect(loadCatalog(copyData()).stats).toEqual(loadCatalog().stats);
  });

  it('validates a file in full when its bytes no longer match the recorded checksum', () => {
    const directory = copyData();
    writeFileSync(join(directory, 'products.json'), invalidProducts());
    expect(() => loadCatalog(directory)).toThrow(SourceUnavailableError);
    expect(() => loadCatalog(directory)).toThrow(/products\.json is invalid/);
  });

  it('validates every file in full when the directory has no checksums', () => {
    const directory = copyData();
    rmSync(join(directory, CHECKSUMS_FILE));
    expect(loadCatalog(directory).stats).toEqual(loadCatalog().stats);
    writeFileSync(join(directory, 'products.json'), invalidProducts());
    expect(() => loadCatalog(directory)).toThrow(/products\.json is invalid/);
  });

  it('still checks the top level of a file whose checksum matches', () => {
    const directory = copyData();
    const empty = JSON.stringify({ source: 'test', recipes: 'none' });
    writeFileSync(join(directory, 'recipes.json'), empty);
    const checksums = JSON.parse(read(CHECKSUMS_FILE)) as { files: Record<string, string> };
    checksums.files['recipes.json'] = checksum(empty);
    writeFileSync(join(directory, CHECKSUMS_FILE), JSON.stringify(checksums));
    expect(() => loadCatalog(directory)).toThrow(/recipes\.json is invalid/);
  });

  it('rejects a malformed checksums file', () => {
    const directory = copyData();
    writeFileSync(join(directory, CHECKSUMS_FILE), JSON.stringify({ files: { 'products.json': 'abc' } }));
    expect(() => loadCatalog(directory)).toThrow(/checksums\.json is invalid/);
  });
});

describe("the names' tokens worked out by the data build", () => {
  /**
   * A copy of data/ whose name-tokens.json (checksum updated) gives the first product's name the single
   * token "zzzfood", which no other name has: only a catalog that uses the file finds it by that word.
   */
  function withAlteredTokens(): string {
    const directory = copyData();
    const name = (JSON.parse(read('products.json')) as { products: { name: string }[] }).products[0]!.name;
    const file = JSON.parse(read(NAME_TOKENS_FILE)) as { names: string[]; tokens: string[][] };
    const at = file.names.indexOf(name);
    expect(at).toBeGreaterThanOrEqual(0);
    file.tokens[at] = ['zzzfood'];
    const text = JSON.stringify(file);
    writeFileSync(join(directory, NAME_TOKENS_FILE), text);
    const checksums = JSON.parse(read(CHECKSUMS_FILE)) as { files: Record<string, string> };
    checksums.files[NAME_TOKENS_FILE] = checksum(text);
    writeFileSync(join(directory, CHECKSUMS_FILE), JSON.stringify(checksums));
    return directory;
  }

  it('are used with the lexicon they were worked out with', () => {
    const catalog = loadCatalog(withAlteredTokens());
    expect(catalog.findProduct('zzzfood').name).toBe(
      (JSON.parse(read('products.json')) as { products: { name: string }[] }).products[0]!.name,
    );
    expect(() => loadCatalog().findProduct('zzzfood')).toThrow(NotFoundError);
  });

  it('are ignored once the lexicon has changed, every name then being tokenised as it is read', () => {
    const directory = withAlteredTokens();
    writeFileSync(join(directory, 'curated/lexicon.json'), `${read('curated/lexicon.json')}\n`);
    expect(() => loadCatalog(directory).findProduct('zzzfood')).toThrow(NotFoundError);
  });
});
