import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/build-data/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Committed, derived output read by the app at run time. */
export const DATA_DIR = join(REPO_ROOT, 'data');

/**
 * Raw inputs, checked out beside the clone (CI does the same). Only the build reads them; the app
 * never does. CARBON_RAW_DATA_DIR overrides the location.
 */
export const RAW_DATA_DIR = process.env.CARBON_RAW_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'data');

export const RAW_FILES = {
  agribalyse: 'agribalyse-3.2/agribalyse-31-synthese.csv',
  ciqual: 'ciqual-2020/Table Ciqual 2020_ENG_2020 07 07.xls',
  pooreNemecek: 'owid-poore-nemecek-2018/Environmental impacts of food (Poore & Nemecek, 2018).csv',
  pooreNemecekSupplyChain: 'owid-poore-nemecek-2018/food-emissions-supply-chain.csv',
  clark: 'owid-clark-2022/Environmental impacts of food (Clark et al. 2022).csv',
  offCategories: 'off-taxonomies-2022/categories.full.json.gz',
  fnddsIngredients: 'fndds/2019-2020 FNDDS At A Glance - FNDDS Ingredients.xlsx',
  fnddsPortions: 'fndds/2017-2018 FNDDS At A Glance - Portions and Weights.xlsx',
  basedCooking: 'based-cooking/recipes',
} as const;

/** Hand-written inputs of the build, committed with the project. */
export const CURATED_DIR = join(DATA_DIR, 'curated');

export function rawPath(file: keyof typeof RAW_FILES, rawDir = RAW_DATA_DIR): string {
  return join(rawDir, RAW_FILES[file]);
}

/** Why the raw inputs cannot be used, or null when they all exist. */
export function missingRawData(rawDir = RAW_DATA_DIR): string | null {
  for (const file of Object.keys(RAW_FILES) as (keyof typeof RAW_FILES)[]) {
    if (!existsSync(rawPath(file, rawDir))) return `raw data not found: ${rawPath(file, rawDir)}`;
  }
  return null;
}
