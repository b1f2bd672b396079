import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, missingRawData, rawPath } from '../../scripts/build-data/paths.js';
import { buildServings, median, readPortions } from '../../scripts/build-data/servings.js';
import { CuratedServingsSchema, loadServings, productServings } from '../../src/compare/servings.js';
import { sampleProduct } from '../support/sample-results.js';

const curated = CuratedServingsSchema.parse(
  JSON.parse(readFileSync(join(DATA_DIR, 'curated/servings.json'), 'utf8')),
);

describe('servings', () => {
  it('takes a group’s serving as the median weight of one portion over its WWEIA categories', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const portion = (food: number, category: number, description: string, grams: number) => ({
      food,
      category,
      description,
      grams,
    });
    const portions = [
      portion(1, 3802, 'Quantity not specified', 300),
      portion(1, 3802, '1 cup', 240),
      portion(2, 3802, 'Quantity not specified', 250),
      portion(3, 3804, 'Quantity not specified', 400),
      portion(4, 3002, '1 meal (11 oz)', 312),
      portion(5, 3002, '1 meal (10 oz)', 284),
      portion(5, 3002, 'Quantity not specified', 190),
    ];
    const built = buildServings(
      {
        groups: {
          soups: { wweia: [3802, 3804], meal: true, label: 'soup' },
          meals: { wweia: [3002], meal: true, label: 'meal', portion: '^1 meal \\(' },
        },
        categories: { Soups: 'soups', 'Composite dishes': 'meals' },
        ingredients: { group: 'soups', words: ['tofu'], why: 'test' },
      },
      portions,
    );
    expect(built.groups.soups).toEqual({
      grams: 300,
      meal: true,
      label: 'soup',
      wweia: [3802, 3804],
      portion: 'Quantity not specified',
      foods: 3,
    });
    // A meal's serving is a frozen meal's weight, not what FNDDS takes when no amount is said.
    expect(built.groups.meals!.grams).toBe(298);
  });

  it('fails on a WWEIA category with no food, so the curated groups cannot drift from FNDDS', () => {
    const groups = { x: { wweia: [1], meal: false, label: 'x' } };
    const ingredients = { group: 'x', words: ['tofu'], why: 'test' };
    expect(() => buildServings({ groups, categories: {}, ingredients }, [])).toThrow(
      /WWEIA category 1 \(x\) has no food/,
    );
  });

  it('serves tofu and plant-based patties, which Agribalyse files among dishes, as a portion, not a meal', () => {
    const servings = loadServings();
    const serving = productServings(servings, undefined);
    const tofu = serving(
      sampleProduct({ name: 'Tofu, plain', query: 'tofu', category: 'Composite dishes' }),
    )!;
    expect(tofu.meal).toBe(false);
    expect(tofu.grams).toBe(servings.groups['soy and meat substitutes']!.grams);
    const lasagne = serving(
      sampleProduct({ name: 'Lasagna with meat', query: 'lasagne', category: 'Composite dishes' }),
    )!;
    expect(lasagne.meal).toBe(true);
  });

  it('names a group, or none, for every category of the catalog', () => {
    const products = JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')) as {
      categories: { name: string }[];
    };
    const servings = loadServings();
    for (const { name } of products.categories) expect(servings.categories).toHaveProperty([name]);
    // The dish categories are meals: never ranked on a spoonful.
    for (const name of [
      'Composite dishes',
      'Sandwiches',
      'Pizzas, crepe and pies',
      'Soups',
      'Vegetarian dishes',
    ])
      expect(servings.groups[servings.categories[name]!]!.meal).toBe(true);
  });

  const missing = missingRawData();
  it.skipIf(missing !== null)(
    `reproduces data/servings.json from FNDDS${missing === null ? '' : ` (skipped: ${missing})`}`,
    () => {
      const built = buildServings(curated, readPortions(rawPath('fnddsPortions')));
      expect(`${JSON.stringify(built, null, 2)}\n`).toBe(
        readFileSync(join(DATA_DIR, 'servings.json'), 'utf8'),
      );
    },
    60_000,
  );
});
