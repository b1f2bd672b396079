import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../../scripts/build-data/paths.js';
import {
  checkWrittenDishes,
  fixDerivedServings,
  readPortionNorms,
} from '../../../scripts/build-data/recipes/meal-check.js';
import { RecipesFileSchema } from '../../../src/sources/catalog/schema.js';

const norms = readPortionNorms();
const foods = new Map([
  ['6230', { category: 'Cooked meat', name: 'Beef, stewing meat, cooked' }],
  ['10021', { category: 'Seafood, raw', name: 'Shrimp or prawn, raw' }],
  ['9104', { category: 'Pasta, rice and grains', name: 'Rice, cooked, unsalted' }],
  ['22000', { category: 'Eggs', name: 'Egg, raw' }],
]);
const dish = (name: string, beef: number, rice: number, gramsPerServing = beef + rice) => ({
  name,
  aliases: [],
  cuisine: 'Indian',
  ingredients: [
    { agb: '6230', grams: beef, label: 'beef' },
    { agb: '9104', grams: rice, label: 'rice' },
  ],
  gramsPerServing,
});

describe('dishes named after a meat or a fish hold a portion of it (portion-norms.json)', () => {
  it('enlarges a derived serving to one portion of what it is named after, every ingredient alike', () => {
    const { dishes, findings } = fixDerivedServings([dish('Beef curry', 47, 193)], norms, foods);
    expect(findings).toEqual([
      expect.objectContaining({
        dish: 'Beef curry',
        grams: 47,
        fixedGrams: 70,
        servingGrams: 240,
        fix: 'serving enlarged',
      }),
    ]);
    expect(dishes[0]!.ingredients.map((ingredient) => ingredient.grams)).toEqual([70, 287.4]);
  });

  it('enlarges at most twice, leaves a dish that holds a portion, and a soup or an "or" dish alone', () => {
    const thin = fixDerivedServings([dish('Beef, rice, and vegetables', 20, 180)], norms, foods);
    expect(thin.findings[0]).toMatchObject({ fixedGrams: 40, fixedServingGrams: 400 });
    expect(fixDerivedServings([dish('Beef stew', 90, 100)], norms, foods).findings).toEqual([]);
    expect(fixDerivedServings([dish('Beef noodle soup', 20, 300)], norms, foods).findings).toEqual([]);
    expect(fixDerivedServings([dish('Beef or pork fajita', 20, 100)], norms, foods).findings).toEqual([]);
  });

  it('fails the build on a written dish under a portion that is not accepted', () => {
    const prawns = {
      name: 'Seafood risotto',
      aliases: [],
      cuisine: 'Italian',
      ingredients: [{ agb: '10021', grams: 20, label: 'prawns' }],
    };
    expect(() => checkWrittenDishes([prawns], norms, foods)).toThrow(
      /Seafood risotto: 20 g of fish and seafood/,
    );
  });

  it('holds a dish named after eggs to two eggs, and a dish with an egg in it to nothing', () => {
    const eggs = (name: string, grams: number) => ({
      name,
      aliases: [],
      cuisine: 'French',
      ingredients: [
        { agb: '22000', grams, label: 'eggs' },
        { agb: '9104', grams: 100, label: 'rice' },
      ],
      gramsPerServing: grams + 100,
    });
    const { findings } = fixDerivedServings(
      [eggs('Omelette with herbs', 50), eggs('Fried rice with egg', 20), eggs('Scrambled eggs', 110)],
      norms,
      foods,
    );
    expect(findings).toEqual([
      expect.objectContaining({ dish: 'Omelette with herbs', kind: 'eggs', grams: 50, fixedGrams: 100 }),
    ]);
  });

  it("left the committed catalog's beef curry with a portion of beef", () => {
    const recipes = RecipesFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')));
    const curry = recipes.recipes.find((recipe) => recipe.name === 'Beef curry')!;
    const beef = curry.contributors.filter((contributor) => contributor.code === '6230');
    expect(beef.reduce((sum, contributor) => sum + contributor.grams, 0)).toBeGreaterThanOrEqual(70);
    expect(curry.gramsPerServing).toBe(359);
  });
});
