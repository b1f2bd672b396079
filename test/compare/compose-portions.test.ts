import { describe, expect, it } from 'vitest';
import { createDishComposer } from '../../src/compare/compose.js';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadPortionNorms } from '../../src/compare/portion-norms.js';
import { loadServings } from '../../src/compare/servings.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * A dish built from its parts is what its type is made of, and holds a portion of the meat, fish or
 * eggs it is made of, as the catalog's dishes do (data/curated/portion-norms.json).
 */
describe('a dish built from its parts, held to the portion norms', () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const servings = loadServings();
  const norms = loadPortionNorms();
  const composer = createDishComposer(loadDishTemplates(), servings, catalog, norms);
  const grams = (text: string, label: string) =>
    composer
      .compose(text)!
      .result.contributors.filter((each) => each.name === label)
      .reduce((sum, each) => sum + each.grams!, 0);
  const norm = (kind: string) => norms.norms.find((each) => each.kind === kind)!.grams;

  it('keeps the eggs of an omelette beside the foods its name states, and names only those', () => {
    const omelette = composer.compose('mushroom and spinach omelette')!;
    expect(omelette.result.name).toBe('Egg dish with mushrooms and spinach');
    expect(omelette.how).toBe('an egg dish recipe with mushrooms and spinach');
    expect(grams('mushroom and spinach omelette', 'eggs')).toBeGreaterThanOrEqual(norm('eggs') - 1e-9);
    expect(grams('mushroom and spinach omelette', 'mushrooms')).toBeGreaterThan(0);
    // Its studies' figures exist now that the eggs are in it.
    expect(omelette.result.sources!.length).toBe(3);
  });

  it('leaves the eggs out where a stated food stands in for them or the diet leaves them out', () => {
    expect(grams('tofu scramble', 'eggs')).toBe(0);
    expect(grams('tofu scramble', 'tofu')).toBeGreaterThan(0);
    expect(grams('vegan omelette', 'eggs')).toBe(0);
    expect(grams('vegan omelette', 'tofu')).toBeGreaterThan(0);
  });

  it("enlarges the type's serving to hold a portion of fish, at most by the norms' most", () => {
    const dish = composer.compose('salmon teriyaki with rice')!.result;
    expect(grams('salmon teriyaki with rice', 'salmon')).toBeCloseTo(norm('fish and seafood'), 6);
    const serving = dish.contributors.reduce((sum, each) => sum + each.grams!, 0);
    expect(serving).toBeGreaterThan(servings.groups.meals!.grams);
    expect(serving).toBeLessThanOrEqual(servings.groups.meals!.grams * norms.maxScale + 1e-9);
    expect(dish.notes[0]).toMatch(/enlarged from 298 g to hold a portion of fish and seafood, 140 g/);
    // A curry of vegetables is held to no norm: its serving is its type's.
    const curry = composer.compose('vegetable curry with chickpeas')!.result;
    expect(curry.contributors.reduce((sum, each) => sum + each.grams!, 0)).toBeCloseTo(
      servings.groups.meals!.grams,
      6,
    );
  });

  it('holds nothing without norms', () => {
    const bare = createDishComposer(loadDishTemplates(), servings, catalog);
    const dish = bare.compose('salmon teriyaki with rice')!.result;
    expect(dish.contributors.reduce((sum, each) => sum + each.grams!, 0)).toBeCloseTo(
      servings.groups.meals!.grams,
      6,
    );
  });
});
