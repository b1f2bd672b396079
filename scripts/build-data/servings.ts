/**
 * `npm run build:servings`: derives data/servings.json (a serving of every kind of food, for
 * comparisons per serving) from the USDA FNDDS 2017-2018 "Portions and Weights" table (public
 * domain) and the hand-written groups of data/curated/servings.json: a group's serving is the median
 * weight of one portion of the FNDDS foods in its WWEIA categories: "Quantity not specified" (what
 * FNDDS takes when no amount is said), or the portion the group names ("1 meal (11 oz)", frozen
 * meals, for dishes eaten as a meal). Fails when a category has no such food, so the curated file
 * cannot drift from the data.
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

export interface FnddsPortion {
  food: number;
  category: number;
  description: string;
  grams: number;
}

/** Every portion of every FNDDS food with its WWEIA category. */
export function readPortions(path: string): FnddsPortion[] {
  const portions: FnddsPortion[] = [];
  for (const row of readSheet(path, { headerRow: 1 })) {
    const food = Number(row['Food code']);
    const category = Number(row['WWEIA Category number']);
    const grams = Number(row['Portion weight (g)']);
    const description = row['Portion description'];
    if (!Number.isInteger(food) || !Number.isInteger(category) || typeof description !== 'string') continue;
    if (!Number.isFinite(grams) || grams <= 0) continue;
    portions.push({ food, category, description, grams });
  }
  if (new Set(portions.map((portion) => portion.food)).size < 5000)
    throw new Error('FNDDS portions: fewer than 5,000 foods read');
  return portions;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** FNDDS's weight when an amount is not said: a serving as people report eating it. */
const DEFAULT_PORTION = 'Quantity not specified';

export function buildServings(curated: CuratedServings, portions: readonly FnddsPortion[]): ServingsFile {
  const groups: ServingsFile['groups'] = {};
  for (const [name, group] of Object.entries(curated.groups)) {
    const wanted = group.portion === undefined ? null : new RegExp(group.portion);
    const weights: number[] = [];
    for (const category of group.wweia) {
      const seen = new Set<number>();
      let found = 0;
      for (const portion of portions) {
        if (portion.category !== category || seen.has(portion.food)) continue;
        if (wanted === null ? portion.description !== DEFAULT_PORTION : !wanted.test(portion.description))
          continue;
        seen.add(portion.food);
        weights.push(portion.grams);
        found++;
      }
      if (found === 0 && wanted === null)
        throw new Error(`servings: WWEIA category ${category} (${name}) has no food`);
    }
    if (weights.length === 0) throw new Error(`servings: no "${group.portion}" portion in ${name}`);
    groups[name] = {
      grams: median(weights),
      meal: group.meal,
      ...(group.drink === undefined ? {} : { drink: group.drink }),
      label: group.label,
      wweia: group.wweia,
      portion: group.portion ?? DEFAULT_PORTION,
      foods: weights.length,
    };
  }
  return ServingsFileSchema.parse({
    source:
      'USDA ARS, FNDDS 2017-2018 At A Glance: Portions and Weights (public domain): median weight of a portion ("Quantity not specified" unless the group names another) over the WWEIA categories of each group',
    groups,
    categories: curated.categories,
    ingredients: curated.ingredients,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const curated = CuratedServingsSchema.parse(
    JSON.parse(readFileSync(join(CURATED_DIR, 'servings.json'), 'utf8')),
  );
  const output = buildServings(curated, readPortions(rawPath('fnddsPortions')));
  writeFileSync(join(DATA_DIR, 'servings.json'), `${JSON.stringify(output, null, 2)}\n`);
  process.stdout.write(
    `build:servings: ${Object.keys(output.groups).length} groups → ${join(DATA_DIR, 'servings.json')}\n`,
  );
}
