import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, missingRawData, rawPath } from '../../scripts/build-data/paths.js';
import { buildServings, median, readDefaultWeights } from '../../scripts/build-data/servings.js';
import { CuratedServingsSchema, loadServings } from '../../src/compare/servings.js';

const curated = CuratedServingsSchema.parse(
  JSON.parse(readFileSync(join(DATA_DIR, 'curated/servings.json'), 'utf8')),
);

describe('servings', () => {
  it('takes a group’s serving as the median default weight over its WWEIA categories', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const built = buildServings(
      {
        groups: { soups: { wweia: [3802, 3804], meal: true, label: 'soup' } },
        categories: { Soups: 'soups' },
      },
      new Map([
        [3802, [300, 250]],
        [3804, [400]],
      ]),
    );
    expect(built.groups.soups).toEqual({
      grams: 300,
      meal: true,
      label: 'soup',
      wweia: [3802, 3804],
      foods: 3,
    });
  });

  it('fails on a WWEIA category with no food, so the curated groups cannot drift from FNDDS', () => {
    expect(() =>
      buildServings({ groups: { x: { wweia: [1], meal: false, label: 'x' } }, categories: {} }, new Map()),
    ).toThrow(/WWEIA category 1 \(x\) has no food/);
  });

  it('names a group, or none, for every category of the catalog', () => {
    const products = JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')) as {
      categories: { name: string }[];
    };
    const servings = loadServings();
    for (const { name } of products.categories) expect(servings.categories).toHaveProperty([name]);
    // The dish categories are meals: never ranked on a spoonful.
    for (const name of ['Composite dishes', 'Sandwiches', 'Pizzas, crepe and pies', 'Soups'])
      expect(servings.groups[servings.categories[name]!]!.meal).toBe(true);
  });

  const missing = missingRawData();
  it.skipIf(missing !== null)(
    `reproduces data/servings.json from FNDDS${missing === null ? '' : ` (skipped: ${missing})`}`,
    () => {
      const built = buildServings(curated, readDefaultWeights(rawPath('fnddsPortions')));
      expect(`${JSON.stringify(built, null, 2)}\n`).toBe(
        readFileSync(join(DATA_DIR, 'servings.json'), 'utf8'),
      );
    },
    60_000,
  );
});
