/**
 * `npm run build:servings`: derives data/servings.json (a serving of every kind of food, for
 * comparisons per serving) from the USDA FNDDS 2017-2018 "Portions and Weights" table (public
 * domain) and the hand-written groups of data/curated/servings.json: a group's serving is the median
 * "Quantity not specified" weight of the FNDDS foods in its WWEIA categories. Fails when a category
 * has no such food, so the curated file cannot drift from the data.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CuratedServings,
  CuratedServingsSchema,
  type ServingsFile,
  ServingsFileSchema,
} from '../../src/compare/servings.js';
import { CURATED_DIR, DATA_DIR, rawPath } from './paths.js';
import { readSheet } from './spreadsheet.js';

/** Per WWEIA category number, the default ("Quantity not specified") weight of each of its foods. */
export function readDefaultWeights(path: string): Map<number, number[]> {
  const byCategory = new Map<number, number[]>();
  const seen = new Set<number>();
  for (const row of readSheet(path, { headerRow: 1 })) {
    const code = Number(row['Food code']);
    const category = Number(row['WWEIA Category number']);
    const grams = Number(row['Portion weight (g)']);
    if (row['Portion description'] !== 'Quantity not specified' || seen.has(code)) continue;
    if (!Number.isInteger(category) || !Number.isFinite(grams) || grams <= 0) continue;
    seen.add(code);
    const weights = byCategory.get(category);
    if (weights === undefined) byCategory.set(category, [grams]);
    else weights.push(grams);
  }
  if (seen.size < 5000) throw new Error(`FNDDS portions: only ${seen.size} foods with a default weight`);
  return byCategory;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function buildServings(curated: CuratedServings, weights: Map<number, number[]>): ServingsFile {
  const groups: ServingsFile['groups'] = {};
  for (const [name, group] of Object.entries(curated.groups)) {
    const all = group.wweia.flatMap((category) => {
      const found = weights.get(category);
      if (found === undefined) throw new Error(`servings: WWEIA category ${category} (${name}) has no food`);
      return found;
    });
    groups[name] = {
      grams: median(all),
      meal: group.meal,
      label: group.label,
      wweia: group.wweia,
      foods: all.length,
    };
  }
  return ServingsFileSchema.parse({
    source:
      'USDA ARS, FNDDS 2017-2018 At A Glance: Portions and Weights (public domain): median "Quantity not specified" weight over the WWEIA categories of each group',
    groups,
    categories: curated.categories,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const curated = CuratedServingsSchema.parse(
    JSON.parse(readFileSync(join(CURATED_DIR, 'servings.json'), 'utf8')),
  );
  const output = buildServings(curated, readDefaultWeights(rawPath('fnddsPortions')));
  writeFileSync(join(DATA_DIR, 'servings.json'), `${JSON.stringify(output, null, 2)}\n`);
  process.stdout.write(
    `build:servings: ${Object.keys(output.groups).length} groups → ${join(DATA_DIR, 'servings.json')}\n`,
  );
}
