import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASED_COOKING_SOURCE,
  BASED_DROP_REASONS,
  deriveBasedDishes,
  dishNames,
  isDish,
  readMisread,
} from '../../scripts/build-data/based-cooking/derive.js';
import {
  type BasedRecipe,
  factServings,
  readBasedRecipe,
  statedServings,
} from '../../scripts/build-data/based-cooking/read.js';
import { seasoningCodes } from '../../scripts/build-data/build.js';
import { foldName, MIN_MAPPED_SHARE } from '../../scripts/build-data/fndds/derive.js';
import { DATA_DIR } from '../../scripts/build-data/paths.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';
import { ProductsFileSchema, RecipesFileSchema } from '../../src/sources/catalog/schema.js';

const markdown = (facts: string, intro = '', ingredients = ['500 g beef mince', '400 g spaghetti']) =>
  [
    '---',
    'title: "Spaghetti Bolognese Recipe"',
    "tags: ['italian', 'pasta']",
    '---',
    '',
    intro,
    '',
    facts,
    '',
    '## Ingredients',
    '',
    '### Sauce',
    '',
    ...ingredients.map((line) => `- ${line}`),
    '',
    '## Directions',
    '',
    '1. Simmer for 2 hours, serves 12 in a restaurant.',
  ].join('\n');

describe('based-cooking recipe files', () => {
  it('reads the title, tags and the bullets under "## Ingredients", sub-headings included', () => {
    const recipe = readBasedRecipe('bolognese', markdown('- 🍽️ Servings: 4'));
    expect(recipe).toMatchObject({
      id: 'bolognese',
      title: 'Spaghetti Bolognese Recipe',
      tags: ['italian', 'pasta'],
      ingredients: ['500 g beef mince', '400 g spaghetti'],
    });
    expect(recipe.servings).toEqual({ count: 4, statement: 'Servings: 4' });
  });

  it('reads the servings fact line as the files write it', () => {
    expect(factServings('Servings: 4-6')).toBe(5);
    expect(factServings('Serves 3 to 5.')).toBe(4);
    expect(factServings('Servings: 2/3')).toBe(2.5);
    expect(factServings('Servings: 6+')).toBe(6);
    expect(factServings('Serving 14')).toBe(14);
    expect(factServings('Servings : 10.')).toBe(10);
    expect(factServings('Servings: Five-dozen individual cookies')).toBe(60);
    expect(factServings('Servings: 2 litres')).toBeNull();
    expect(factServings('Servings: Depends')).toBeNull();
    expect(
      factServings('Servings: A batch like this will last for two days in a family of four.'),
    ).toBeNull();
  });

  it('takes servings from the introduction only when it says how many it serves', () => {
    expect(statedServings(markdown('', 'The ingredients below are for 2 hearty portions.'))?.count).toBe(2);
    expect(statedServings(markdown('', 'If you intend it as a side dish, then this serves 4.'))?.count).toBe(
      4,
    );
    expect(statedServings(markdown('', 'Eat the same thing for 2 or 3 days.'))).toBeNull();
    expect(statedServings(markdown('', 'Serves many people or one person for many days.'))).toBeNull();
    // "serves 12" in the directions is not a statement of the recipe's servings.
    expect(statedServings(markdown('- ⏲️ Prep time: 30 min'))).toBeNull();
  });
});

describe('based-cooking dish names', () => {
  it('names dishes the way people ask, keeping the other names as synonyms', () => {
    expect(dishNames('Pâté Chinois (Quebec Style Shepherd’s Pie)', 'pate-chinois')).toEqual({
      name: 'Pâté Chinois',
      aliases: ['Quebec Style Shepherd’s Pie'],
    });
    expect(dishNames('Bitoque - Portuguese Steak with Beer Sauce', 'x')).toEqual({
      name: 'Bitoque',
      aliases: ['Portuguese Steak with Beer Sauce'],
    });
    expect(dishNames('Chicken Biscuit Potpie Recipe', 'x').name).toBe('Chicken Biscuit Potpie');
    expect(dishNames('pasta-arrabbiata', 'pasta-arrabbiata').name).toBe('Pasta arrabbiata');
  });

  it('leaves sauces, seasonings, spreads, doughs and drinks out', () => {
    expect(isDish({ title: 'Fajita Seasoning', tags: ['mexican'] })).toBe(false);
    expect(isDish({ title: 'Peanut Butter', tags: ['snack'] })).toBe(false);
    expect(isDish({ title: 'Irish Coffee', tags: ['drink'] })).toBe(false);
    expect(isDish({ title: 'Chicken with Sticky Sauce', tags: ['chicken'] })).toBe(true);
    expect(isDish({ title: 'Beef Stroganoff', tags: ['beef'] })).toBe(true);
    expect(isDish({ title: 'Brown Sauce', tags: [] })).toBe(false);
    expect(isDish({ title: 'Salsa', tags: ['mexican', 'tomato'] })).toBe(false);
  });
});

describe('deriving based-cooking dishes with the chat ingredient pipeline', () => {
  const catalog = loadCatalog(DATA_DIR);
  const portions = loadPortionTable(DATA_DIR);
  const label = (code: string) => `item ${code}`;
  const recipe = (
    id: string,
    title: string,
    ingredients: string[],
    servings: number | null,
  ): BasedRecipe => ({
    id,
    title,
    tags: ['supper'],
    servings: servings === null ? null : { count: servings, statement: `Servings: ${servings}` },
    ingredients,
  });

  it('divides each line by the stated servings and keeps the food each line was taken as', () => {
    const { dishes } = deriveBasedDishes(
      [recipe('stew', 'Test Beef Stew', ['800 g beef', '400 g potatoes', 'Paprika', 'a pinch of salt'], 4)],
      catalog,
      portions,
      label,
      new Set(),
      new Set(),
      seasoningCodes(
        ProductsFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8'))),
      ),
    );
    expect(dishes).toHaveLength(1);
    const [dish] = dishes;
    expect(dish!.provenance).toEqual({ source: BASED_COOKING_SOURCE, id: 'stew' });
    expect(dish!.gramsPerServing).toBe(300);
    expect(dish!.servings).toEqual({ count: 4, statement: 'Servings: 4' });
    expect(dish!.ingredients.map((ingredient) => ingredient.grams)).toEqual([200, 100]);
    expect(dish!.lines[0]).toMatchObject({ text: '800 g beef', status: 'counted', grams: 200 });
    expect(dish!.lines[0]!.food).toMatch(/beef/i);
    // "Paprika" with no amount is a seasoning used by the pinch, not an average-weight unknown line.
    expect(dish!.lines[2]).toMatchObject({ status: 'negligible', grams: 0 });
    expect(dish!.mappedShare).toBe(1);
  });

  it('drops a recipe when less than 90% of its weight is understood, and says why', () => {
    const { dishes, report } = deriveBasedDishes(
      [recipe('vague', 'Vague Stew', ['800 g beef', 'Potatoes', 'Onions', 'Carrots'], 4)],
      catalog,
      portions,
      label,
      new Set(),
      new Set(),
    );
    expect(dishes).toEqual([]);
    expect(report.dropped).toEqual({ [BASED_DROP_REASONS.unmapped]: 1 });
  });

  it('lets hand-written and FNDDS dishes keep their names', () => {
    const lines = ['500 g beef mince', '400 g spaghetti'];
    const { dishes, report } = deriveBasedDishes(
      [
        recipe('a', 'Lasagne', lines, 4),
        recipe('b', 'Chicken Curries', lines, 4),
        recipe('c', 'Lasagne', lines, 4),
      ],
      catalog,
      portions,
      label,
      new Set([foldName('lasagne')]),
      new Set([foldName('Chicken curry')]),
    );
    expect(dishes).toEqual([]);
    expect(report.dropped).toEqual({ [BASED_DROP_REASONS.handWritten]: 2, [BASED_DROP_REASONS.fndds]: 1 });
  });

  it('drops a dish whose listed line is misread, and fails when the listed reading has changed', () => {
    const stew = recipe('stew', 'Jumbo Stew', ['800 g jumbo shrimp', '400 g potatoes'], 4);
    const taken = deriveBasedDishes([stew], catalog, portions, label, new Set(), new Set()).dishes[0]!;
    const food = taken.lines[0]!.food!;
    const entry = { id: 'stew', line: '800 g jumbo shrimp', takenAs: food, why: 'test' };
    const { dishes, report } = deriveBasedDishes(
      [stew],
      catalog,
      portions,
      label,
      new Set(),
      new Set(),
      new Set(),
      [entry],
    );
    expect(dishes).toEqual([]);
    expect(report.dropped).toEqual({ [BASED_DROP_REASONS.misread]: 1 });
    expect(() =>
      deriveBasedDishes([stew], catalog, portions, label, new Set(), new Set(), new Set(), [
        { ...entry, takenAs: 'Something else' },
      ]),
    ).toThrow(/now taken as/);
  });

  it('divides a recipe that states no servings into servings of the median stated serving weight', () => {
    const { dishes, report } = deriveBasedDishes(
      [
        recipe('one', 'Stated One', ['600 g beef', '600 g potatoes'], 4),
        recipe('two', 'Stated Two', ['400 g beef', '800 g potatoes'], 4),
        recipe('none', 'Unstated', ['900 g potatoes', '300 g beef'], null),
      ],
      catalog,
      portions,
      label,
      new Set(),
      new Set(),
    );
    expect(report.assumedServings).toEqual({ recipes: 1, gramsPerServing: 300 });
    const unstated = dishes.find((dish) => dish.name === 'Unstated')!;
    expect(unstated.servings).toEqual({ count: 4, statement: null });
    expect(unstated.gramsPerServing).toBe(300);
  });
});

describe('committed based-cooking dishes', () => {
  it('include none listed as misread', () => {
    const ids = new Set(readMisread().map((entry) => entry.id));
    expect(ids.size).toBeGreaterThan(0);
    const kept = RecipesFileSchema.parse(
      JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')),
    ).recipes.filter((recipe) => ids.has(recipe.provenance?.id ?? ''));
    expect(kept.map((recipe) => recipe.name)).toEqual([]);
  });

  const recipes = RecipesFileSchema.parse(
    JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')),
  ).recipes.filter((recipe) => recipe.provenance?.source === BASED_COOKING_SOURCE);

  it('keep their file name, servings, lines and at least 90% of their weight mapped', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(50);
    for (const recipe of recipes) {
      expect(recipe.provenance!.id, recipe.name).toMatch(/^[a-z0-9-]+$/);
      expect(recipe.mappedShare, recipe.name).toBeGreaterThanOrEqual(MIN_MAPPED_SHARE);
      expect(recipe.servings!.count, recipe.name).toBeGreaterThan(0);
      const counted = recipe.lines!.filter((line) => line.status === 'counted');
      expect(counted.length, recipe.name).toBeGreaterThan(0);
      for (const line of counted) expect(line.food, recipe.name).not.toBeNull();
      // The contributors are the counted lines, summed by catalog item.
      const lineGrams = counted.reduce((sum, line) => sum + line.grams!, 0);
      const contributorGrams = recipe.contributors.reduce((sum, contributor) => sum + contributor.grams, 0);
      expect(Math.abs(lineGrams - contributorGrams), recipe.name).toBeLessThan(1 + 0.1 * counted.length);
    }
  });

  it("are each found by their own name through the app's dish lookup", () => {
    const catalog = loadCatalog(DATA_DIR);
    const missed = recipes.filter((recipe) => catalog.findRecipe(recipe.name).name !== recipe.name);
    expect(missed.map((recipe) => recipe.name)).toEqual([]);
  });
});
