import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { createPortionCheck } from '../../../src/sources/catalog/portion-check.js';
import type { RecipeData } from '../../../src/sources/catalog/schema.js';

const check = createPortionCheck({
  notAMealOf: '\\b(soups?|salads?)\\b',
  badlyUnder: 0.5,
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
