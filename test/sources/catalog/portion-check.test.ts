import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { createPortionCheck, kindsAdded } from '../../../src/sources/catalog/portion-check.js';
import type { RecipeData } from '../../../src/sources/catalog/schema.js';

const check = createPortionCheck({
  notAMealOf: '\\b(soups?|salads?)\\b',
  badlyUnder: 0.5,
  statedKinds: { cheese: ['cheese', 'feta'] },
  kinds: [
    { kind: 'tofu and tempeh', words: ['tofu', 'tempeh'], grams: 100 },
    { kind: 'red meat', words: ['beef', 'lamb'], grams: 70 },
  ],
});
const recipe = (name: string, held?: Record<string, number>): RecipeData => ({
  name,
  aliases: [],
  cuisine: 'Thai',
  kgCo2ePerServing: 0.3,
  contributors: [{ name: 'Rice noodles', code: '9901', grams: 100, kgCo2e: 0.1, share: 1 }],
  ...(held === undefined ? {} : { held }),
});

describe('a name stating a food is not answered with a dish short of it (portion-check.ts)', () => {
  it('refuses a dish holding under half a portion of the food a name starts with or has after "with"', () => {
    expect(check('tofu pad thai', recipe('Pad Thai, meatless', { 'tofu and tempeh': 24 }))).toMatch(
      /holds 24 g of tofu and tempeh/,
    );
    expect(check('pad thai with beef', recipe('Pad Thai with meat', { 'red meat': 31 }))).not.toBeNull();
  });

  it('accepts a dish holding half a portion or more, or none (left to what compare reads), or named for it', () => {
    expect(check('tofu curry', recipe('Thai red curry with tofu', { 'tofu and tempeh': 60 }))).toBeNull();
    expect(check('tofu ramen', recipe('Ramen'))).toBeNull();
    expect(check('beef stew', recipe('Beef stew', { 'red meat': 30 }))).toBeNull();
  });

  it('leaves names whose point is not a portion, "or" names, and foods stated elsewhere alone', () => {
    expect(check('tofu soup', recipe('Miso soup', { 'tofu and tempeh': 20 }))).toBeNull();
    expect(check('tofu or beef noodles', recipe('Noodles', { 'tofu and tempeh': 20 }))).toBeNull();
    expect(check('mapo tofu', recipe('Mapo tofu with rice', { 'tofu and tempeh': 20 }))).toBeNull();
    expect(check('tofu nicoise', recipe('Garden salad', { 'tofu and tempeh': 20 }))).toBeNull();
  });

  it('checks nothing without the norms (a recipes.json written before them)', () => {
    expect(
      createPortionCheck(undefined)('tofu pad thai', recipe('Pad thai', { 'tofu and tempeh': 1 })),
    ).toBeNull();
  });

  it('makes the built-in catalog refuse "tofu pad thai" as a dish, so it is built from its parts', () => {
    const catalog = loadCatalog();
    expect(() => catalog.findRecipe('tofu pad thai')).toThrow(NotFoundError);
    expect(() => catalog.findRecipe('beef pad thai')).toThrow(NotFoundError);
    expect(catalog.findRecipe('tofu stir fry').name).toBe('Stir-fried tofu');
    expect(catalog.findRecipe('pad thai').name).toBe('Pad thai');
  });
});

describe('a name listing its parts is not answered with a dish adding a cheese (kindsAdded)', () => {
  const kinds = { cheese: ['cheese', 'feta', 'cheddar'] };

  it('finds the cheese a dish adds to a name that lists its parts', () => {
    expect(
      kindsAdded('jacket potato with baked beans', 'Jacket potato with beans and cheese', kinds),
    ).toEqual(['cheese']);
    expect(kindsAdded('bean & rice burrito', 'Burrito with beans and rice, cheese', kinds)).toEqual([
      'cheese',
    ]);
  });

  it('adds nothing where the name states the cheese, through a typo too, or lists no parts', () => {
    expect(kindsAdded('jacket potato with cheese', 'Jacket potato with beans and cheese', kinds)).toEqual([]);
    expect(kindsAdded('mac n cehese', 'Mac and cheese', kinds)).toEqual([]);
    expect(kindsAdded('cheddar and beans jacket', 'Jacket potato with beans and cheese', kinds)).toEqual([]);
    expect(kindsAdded('jacket spud', 'Jacket potato with beans and cheese', kinds)).toEqual([]);
  });

  it('refuses such a dish as the answer, and accepts it for a name stating its cheese', () => {
    expect(check('jacket potato with beans', recipe('Jacket potato with beans and cheese'))).toMatch(
      /has cheese, which it does not state/,
    );
    expect(check('beans and cheese jacket', recipe('Jacket potato with beans and cheese'))).toBeNull();
  });

  it('answers the built-in catalog\'s "jacket potato with baked beans" with the plain one', () => {
    const catalog = loadCatalog();
    expect(catalog.findRecipe('jacket potato with baked beans').name).toBe('Jacket potato with baked beans');
    expect(catalog.findRecipe('jacket potato with cheese').name).toBe('Jacket potato with beans and cheese');
  });
});
