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
  type PortionFood,
  type PortionKey,
  type PortionsFile,
  PortionsFileSchema,
} from '../../src/recipes/portions.js';
import { CURATED_DIR, DATA_DIR, RAW_DATA_DIR } from './paths.js';
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

export function buildPortions(curated: CuratedPortionFoods, table: Map<number, FnddsFood>): PortionsFile {
  const foods: PortionFood[] = curated.foods.map((entry) => {
    const food = table.get(entry.fnddsCode);
    if (food === undefined) throw new Error(`FNDDS portions: no food ${entry.fnddsCode} (${entry.name})`);
    const grams: Partial<Record<PortionKey, number>> = {};
    for (const [key, description] of Object.entries(entry.portions) as [PortionKey, string][]) {
      const weight = food.portions.get(description);
      if (weight === undefined || weight <= 0)
        throw new Error(
          `FNDDS portions: "${description}" not found for ${entry.fnddsCode} ${food.description}`,
        );
      grams[key] = weight;
    }
    const typical = food.portions.get('Quantity not specified');
    return {
      name: entry.name,
      words: entry.words,
      fnddsCode: entry.fnddsCode,
      fnddsDescription: food.description,
      grams,
      typicalGrams: typical !== undefined && typical > 0 ? typical : null,
    };
  });
  return PortionsFileSchema.parse({
    source: 'USDA ARS, FNDDS 2017-2018 At A Glance: Portions and Weights (public domain)',
    foods,
  });
}

export function serialisePortions(file: PortionsFile): string {
  const foods = file.foods.map((food) => `    ${JSON.stringify(food)}`).join(',\n');
  return `{\n  "source": ${JSON.stringify(file.source)},\n  "foods": [\n${foods}\n  ]\n}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const curated = CuratedPortionFoodsSchema.parse(
    JSON.parse(readFileSync(join(CURATED_DIR, 'portion-foods.json'), 'utf8')),
  );
  const output = buildPortions(curated, readFnddsPortions(join(RAW_DATA_DIR, PORTIONS_RAW_FILE)));
  writeFileSync(join(DATA_DIR, 'portions.json'), serialisePortions(output));
  process.stdout.write(`build:portions: ${output.foods.length} foods → ${join(DATA_DIR, 'portions.json')}\n`);
}
