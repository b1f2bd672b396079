/**
 * `npm run build:portions`: derives data/portions.json (weights of whole things and household
 * measures) from the USDA FNDDS 2017-2018 "Portions and Weights" table (public domain) and the
 * hand-written choice of foods in data/curated/portion-foods.json. Fails when a chosen food code or
 * portion description is not in the table, so the curated file cannot drift from the data.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CuratedPortionFoods,
  CuratedPortionFoodsSchema,
  isPieceKey,
  type PortionFood,
  type PortionKey,
  type PortionsFile,
  PortionsFileSchema,
} from '../../src/recipes/portions.js';
import { readFnddsFoods } from './fndds/read.js';
import { CURATED_DIR, DATA_DIR, RAW_DATA_DIR, rawPath } from './paths.js';
import { readSheet } from './spreadsheet.js';

export const PORTIONS_RAW_FILE = 'fndds/2017-2018 FNDDS At A Glance - Portions and Weights.xlsx';

export interface FnddsFood {
  description: string;
  /** Portion description → grams, in the table's order. */
  portions: Map<string, number>;
}

/**
 * The one place the workbook is read: rows of the first sheet after the title row, keyed by food code.
 * Columns: Food code, Main food description, Subcode, Subcode description, WWEIA number, WWEIA
 * description, Seq num, Portion description, Portion weight (g).
 */
export function readFnddsPortions(path: string): Map<number, FnddsFood> {
  const foods = new Map<number, FnddsFood>();
  for (const row of readSheet(path, { headerRow: 1 })) {
    const code = Number(row['Food code']);
    const portion = row['Portion description'];
    const grams = Number(row['Portion weight (g)']);
    if (!Number.isInteger(code) || typeof portion !== 'string' || !Number.isFinite(grams)) continue;
    let food = foods.get(code);
    if (food === undefined) {
      food = { description: String(row['Main food description']), portions: new Map() };
      foods.set(code, food);
    }
    // Subcodes repeat some descriptions; the first (main food) wins.
    if (!food.portions.has(portion)) food.portions.set(portion, grams);
  }
  if (foods.size < 5000) throw new Error(`FNDDS portions: only ${foods.size} foods read`);
  return foods;
}

const GRAMS_PER_OUNCE = 28.349523125;

/** Raw grams per cooked gram for a curated food, and how that was found; null when FNDDS's are kept. */
function rawFactor(
  entry: CuratedPortionFoods['foods'][number],
  food: FnddsFood,
  moistureChanges: ReadonlyMap<number, number>,
): { factor: number; how: string } | null {
  if (entry.raw === undefined) return null;
  if ('ounceYield' in entry.raw) {
    const cooked = food.portions.get(entry.raw.ounceYield);
    if (cooked === undefined || cooked <= 0)
      throw new Error(
        `FNDDS portions: "${entry.raw.ounceYield}" not found for ${entry.fnddsCode} ${food.description}`,
      );
    return {
      factor: GRAMS_PER_OUNCE / cooked,
      how: `raw: FNDDS's cooked weight × 28.35 / ${cooked} ("${entry.raw.ounceYield}" is ${cooked} g)`,
    };
  }
  const change = moistureChanges.get(entry.raw.moistureChangeOf);
  if (change === undefined || change >= 0 || change <= -100)
    throw new Error(`FNDDS ingredients: no moisture loss for ${entry.raw.moistureChangeOf} (${entry.name})`);
  return {
    factor: 100 / (100 + change),
    how: `raw: FNDDS's cooked weight / ${(100 + change) / 100} (${change}% moisture change cooking FNDDS food ${entry.raw.moistureChangeOf} from raw)`,
  };
}

export function buildPortions(
  curated: CuratedPortionFoods,
  table: Map<number, FnddsFood>,
  /** FNDDS 2019-2020 food code → the moisture change (%) of its recipe, for foods cooked from raw. */
  moistureChanges: ReadonlyMap<number, number> = new Map(),
): PortionsFile {
  const foods: PortionFood[] = curated.foods.map((entry) => {
    const food = table.get(entry.fnddsCode);
    if (food === undefined) throw new Error(`FNDDS portions: no food ${entry.fnddsCode} (${entry.name})`);
    const raw = rawFactor(entry, food, moistureChanges);
    const grams: Partial<Record<PortionKey, number>> = {};
    for (const [key, description] of Object.entries(entry.portions) as [PortionKey, string][]) {
      const weight = food.portions.get(description);
      if (weight === undefined || weight <= 0)
        throw new Error(
          `FNDDS portions: "${description}" not found for ${entry.fnddsCode} ${food.description}`,
        );
      grams[key] = raw !== null && isPieceKey(key) ? Math.round(weight * raw.factor) : weight;
    }
    const typical = food.portions.get('Quantity not specified');
    return {
      name: entry.name,
      words: entry.words,
      fnddsCode: entry.fnddsCode,
      fnddsDescription: food.description,
      grams,
      typicalGrams: typical !== undefined && typical > 0 ? typical : null,
      ...(raw === null ? {} : { raw: raw.how }),
    };
  });
  return PortionsFileSchema.parse({
    source: 'USDA ARS, FNDDS 2017-2018 At A Glance: Portions and Weights (public domain)',
    foods,
  });
}

/** The moisture changes the curated foods refer to, from the FNDDS 2019-2020 Ingredients workbook. */
export function readMoistureChanges(
  curated: CuratedPortionFoods,
  rawDir = RAW_DATA_DIR,
): Map<number, number> {
  const wanted = new Set(
    curated.foods.flatMap((food) =>
      food.raw !== undefined && 'moistureChangeOf' in food.raw ? [food.raw.moistureChangeOf] : [],
    ),
  );
  const changes = new Map<number, number>();
  if (wanted.size === 0) return changes;
  for (const [code, food] of readFnddsFoods(rawPath('fnddsIngredients', rawDir))) {
    if (wanted.has(code)) changes.set(code, food.moistureChangePercent);
  }
  return changes;
}

export function serialisePortions(file: PortionsFile): string {
  const foods = file.foods.map((food) => `    ${JSON.stringify(food)}`).join(',\n');
  return `{\n  "source": ${JSON.stringify(file.source)},\n  "foods": [\n${foods}\n  ]\n}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const curated = CuratedPortionFoodsSchema.parse(
    JSON.parse(readFileSync(join(CURATED_DIR, 'portion-foods.json'), 'utf8')),
  );
  const output = buildPortions(
    curated,
    readFnddsPortions(join(RAW_DATA_DIR, PORTIONS_RAW_FILE)),
    readMoistureChanges(curated),
  );
  writeFileSync(join(DATA_DIR, 'portions.json'), serialisePortions(output));
  process.stdout.write(`build:portions: ${output.foods.length} foods → ${join(DATA_DIR, 'portions.json')}\n`);
}
