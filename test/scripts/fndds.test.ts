import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DROP_REASONS,
  deriveFnddsDishes,
  expandIngredients,
  foldName,
  type IngredientMapper,
  MIN_MAPPED_SHARE,
  readMappingRules,
  servingGrams,
} from '../../scripts/build-data/fndds/derive.js';
import { dishCuisine, dishName, withoutVegetableGroups } from '../../scripts/build-data/fndds/names.js';
import type { FnddsFood, FnddsPortion } from '../../scripts/build-data/fndds/read.js';
import { DATA_DIR } from '../../scripts/build-data/paths.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';
import { RecipesFileSchema } from '../../src/sources/catalog/schema.js';

function food(
  code: number,
  description: string,
  ingredients: [number, string, number][],
  moisture = 0,
): FnddsFood {
  return {
    code,
    description,
    category: 3002,
    categoryDescription: 'Meat mixed dishes',
    moistureChangePercent: moisture,
    ingredients: ingredients.map(([ingredientCode, ingredientDescription, grams]) => ({
      code: ingredientCode,
      description: ingredientDescription,
      grams,
    })),
  };
}

describe('FNDDS dish names', () => {
  it('puts the kind before the head and drops where it was bought', () => {
    expect(dishName('Pizza, cheese, from restaurant or fast food, thin crust')).toBe(
      'Cheese pizza, thin crust',
    );
    expect(dishName('Rice, fried, with shrimp')).toBe('Fried rice with shrimp');
    expect(dishName('Bacon, lettuce, and tomato sandwich on white')).toBe(
      'Bacon, lettuce, and tomato sandwich on white',
    );
    expect(dishName('Cheeseburger, 1 large patty')).toBe('Cheeseburger, 1 large patty');
    expect(dishName('Chicken curry')).toBe('Chicken curry');
    expect(dishName('Spaghetti with meat sauce, NFS')).toBe('Spaghetti with meat sauce');
  });

  it('reads a trailing style as the cuisine in front', () => {
    expect(dishName('Beef stew, no potatoes, tomato-based sauce, Mexican style')).toBe(
      'Mexican beef stew, no potatoes, tomato-based sauce',
    );
    expect(dishCuisine('Veal fricassee, Puerto Rican style', 'Meat mixed dishes')).toBe('Puerto Rican');
    expect(dishCuisine('Beef enchilada', 'Other Mexican mixed dishes')).toBe('Mexican');
    expect(dishCuisine('Meat loaf made with beef', 'Meat mixed dishes')).toBe('American');
  });

  it('drops the vegetable-group clauses, which name foods the dish does not contain', () => {
    const description = 'Seafood soup with vegetables excluding carrots, broccoli, and dark-green leafy';
    expect(withoutVegetableGroups(description)).toBe('Seafood soup with vegetables');
    expect(
      dishName(
        'Beef stew with potatoes and vegetables (including carrots, broccoli, and/or dark-green leafy); gravy',
      ),
    ).toBe('Beef stew with potatoes and vegetables');
  });

  it('keeps names within the 100 characters the schema allows', () => {
    const long = `Casserole, ${'very long qualifier, '.repeat(10)}baked`;
    expect(dishName(long).length).toBeLessThanOrEqual(100);
  });

  it('folds plurals, case, accents and "and/or" for clashes', () => {
    expect(foldName('Chicken Enchiladas')).toBe(foldName('chicken enchilada'));
    expect(foldName('Beef and/or pork')).toBe(foldName('beef and pork'));
    expect(foldName('Crème brûlée')).toBe('creme brulee');
  });
});

describe('FNDDS recipes', () => {
  const stock = food(99000001, 'Stock', [
    [14411, 'Water, tap', 90],
    [11282, 'Onions, raw', 10],
  ]);
  const stew = food(
    99000002,
    'Beef stew',
    [
      [23612, 'Beef, chuck, raw', 600],
      [99000001, 'Stock', 400],
    ],
    -20,
  );
  const foods = new Map([stock, stew].map((item) => [item.code, item]));

  it('scales ingredients to the finished weight after cooking losses and expands sub-recipes', () => {
    // 1000 g of ingredients lose 20%: 800 g of stew. 200 g of stew hold 150 g beef and 100 g stock.
    const leaves = expandIngredients(foods, stew, 200);
    expect(leaves.map((leaf) => [leaf.description, Math.round(leaf.grams * 10) / 10])).toEqual([
      ['Beef, chuck, raw', 150],
      ['Water, tap', 90],
      ['Onions, raw', 10],
    ]);
  });

  it("takes FNDDS's default portion, else the category median, else nothing", () => {
    const portions: FnddsPortion[] = [
      { description: '1 cup', grams: 240 },
      { description: 'Quantity not specified', grams: 180 },
    ];
    expect(servingGrams(portions, 300)).toBe(180);
    expect(servingGrams([{ description: 'Quantity not specified', grams: 0 }], 300)).toBe(300);
    expect(servingGrams(undefined, undefined)).toBeNull();
  });

  it('maps ingredients by the first matching rule of data/curated/fndds-ingredients.json', () => {
    const mapper = readMappingRules();
    expect(mapper.agbFor('Beverages, water, tap, drinking')).toBe('18066');
    expect(mapper.agbFor('Beef, ground, 85% lean meat / 15% fat, raw')).toBe('6254');
    expect(mapper.agbFor('Beef, ground, patties, frozen, cooked, broiled')).toBe('6255');
    expect(mapper.agbFor('Rice, white, long-grain, regular, enriched, cooked')).toBe('9104');
    expect(mapper.agbFor('Gravy, chicken, canned or bottled, ready-to-serve')).toBeNull();
  });

  it('keeps a dish at 90% of its weight mapped, drops it below, and lets a hand-written name win', () => {
    const mapper: IngredientMapper = {
      agbFor: (description) =>
        description.startsWith('Beef') ? '6231' : description.startsWith('Water') ? '18066' : null,
    };
    const dishes = new Map<number, FnddsFood>([
      [
        1,
        food(1, 'Beef stew', [
          [1001, 'Beef, chuck, raw', 80],
          [1002, 'Water, tap', 10],
          [1003, 'Spices, mystery', 10],
        ]),
      ],
      [
        2,
        food(2, 'Beef pie', [
          [1001, 'Beef, chuck, raw', 80],
          [1003, 'Pastry, mystery', 21],
        ]),
      ],
      [
        3,
        food(3, 'Stew, beef', [
          [1001, 'Beef, chuck, raw', 90],
          [1002, 'Water, tap', 10],
        ]),
      ],
      [4, food(4, 'Beef jerky', [[1001, 'Beef, dried', 100]])],
      [
        5,
        food(5, 'Lasagne', [
          [1001, 'Beef, minced', 50],
          [1002, 'Water, tap', 50],
        ]),
      ],
    ]);
    const portions = new Map(
      [1, 2, 3, 4, 5].map((code) => [code, [{ description: 'Quantity not specified', grams: 250 }]]),
    );
    const { dishes: kept, report } = deriveFnddsDishes(
      dishes,
      portions,
      mapper,
      (agb) => `item ${agb}`,
      new Set([foldName('lasagne')]),
    );
    expect(kept.map((dish) => dish.name)).toEqual(['Beef stew']);
    const [stewDish] = kept;
    expect(stewDish!.mappedShare).toBeGreaterThanOrEqual(MIN_MAPPED_SHARE);
    expect(stewDish!.provenance).toEqual({ source: 'USDA FNDDS 2019-2020', id: '1' });
    expect(stewDish!.gramsPerServing).toBe(250);
    expect(stewDish!.ingredients).toEqual([
      { agb: '6231', grams: 200, label: 'item 6231' },
      { agb: '18066', grams: 25, label: 'item 18066' },
    ]);
    expect(report.dropped).toEqual({
      [DROP_REASONS.unmapped]: 1,
      [DROP_REASONS.single]: 1,
      [DROP_REASONS.handWritten]: 1,
      [DROP_REASONS.duplicate]: 1,
    });
    expect(report.unmapped.map((entry) => entry.description)).toEqual(['Pastry, mystery', 'Spices, mystery']);
  });
});

describe('committed data/recipes.json', () => {
  const recipes = RecipesFileSchema.parse(
    JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')),
  ).recipes;
  const derived = recipes.filter((recipe) => recipe.provenance !== undefined);

  it('names at least 1,000 dishes, each derived one with its source, serving weight and ≥ 90% mapped', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(1000);
    const fromFndds = derived.filter((recipe) => recipe.provenance!.source === 'USDA FNDDS 2019-2020');
    expect(fromFndds.length).toBeGreaterThan(800);
    for (const recipe of fromFndds) {
      expect(recipe.provenance!.id, recipe.name).toMatch(/^\d{8}$/);
      expect(recipe.gramsPerServing, recipe.name).toBeGreaterThan(0);
      expect(recipe.mappedShare, recipe.name).toBeGreaterThanOrEqual(MIN_MAPPED_SHARE);
    }
  });

  it('has names unique when case, plurals and punctuation are ignored', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const recipe of recipes) {
      for (const name of [recipe.name, ...recipe.aliases]) {
        const key = foldName(name);
        const owner = owners.get(key);
        if (owner !== undefined && owner !== recipe.name) clashes.push(`${name}: ${owner} / ${recipe.name}`);
        owners.set(key, recipe.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("finds every dish by its own name, and each derived dish by its FNDDS description, through the app's lookup", () => {
    const catalog = loadCatalog(DATA_DIR);
    const missed = recipes.filter((recipe) => catalog.findRecipe(recipe.name).name !== recipe.name);
    expect(missed.map((recipe) => recipe.name)).toEqual([]);
    const aliasMissed = derived.flatMap((recipe) =>
      recipe.aliases.filter((alias) => catalog.findRecipe(alias).name !== recipe.name),
    );
    expect(aliasMissed).toEqual([]);
  });
});
