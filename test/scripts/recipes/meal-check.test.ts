import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../../scripts/build-data/paths.js';
import {
  checkListedNames,
  checkWrittenDishes,
  dropUnheldAliases,
  fixDerivedServings,
  readPortionNorms,
  withPortionFacts,
} from '../../../scripts/build-data/recipes/meal-check.js';
import { RecipesFileSchema } from '../../../src/sources/catalog/schema.js';

const norms = readPortionNorms();
const foods = new Map([
  ['6230', { category: 'Cooked meat', name: 'Beef, stewing meat, cooked' }],
  ['10021', { category: 'Seafood, raw', name: 'Shrimp or prawn, raw' }],
  ['9104', { category: 'Pasta, rice and grains', name: 'Rice, cooked, unsalted' }],
  ['22000', { category: 'Eggs', name: 'Egg, raw' }],
  ['20904', { category: 'Composite dishes', name: 'Tofu, plain' }],
  ['20507', { category: 'Legumes', name: 'Chick pea, cooked' }],
  ['20585', { category: 'Legumes', name: 'Lentil, green, dried' }],
  ['19590', { category: 'Cheese and similar', name: "Mozzarella cheese, from cow's milk" }],
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

/** A dish as recipes.json holds it: names and ingredients by code. */
const built = (name: string, aliases: string[], contributors: [string, number][]) => ({
  name,
  aliases,
  contributors: contributors.map(([code, grams]) => ({ code, grams })),
});

describe('plant proteins are held to a portion too (portion-norms.json)', () => {
  it('has cited norms for tofu and tempeh, pulses, and paneer and halloumi', () => {
    const kinds = new Map(norms.norms.map((norm) => [norm.kind, norm]));
    expect(kinds.get('tofu and tempeh')).toMatchObject({ grams: 100, words: ['tofu', 'tempeh'] });
    expect(kinds.get('pulses')?.grams).toBe(80);
    expect(kinds.get('paneer and halloumi')?.grams).toBe(30);
    for (const norm of norms.norms) expect(norm.source.length).toBeGreaterThan(40);
  });

  it('enlarges a derived tofu dish to a portion of tofu, and counts dried pulses at their dry weight', () => {
    const tofu = {
      name: 'Tofu and vegetables',
      aliases: [],
      cuisine: 'Asian',
      ingredients: [
        { agb: '20904', grams: 69, label: 'tofu' },
        { agb: '9104', grams: 94, label: 'rice' },
      ],
      gramsPerServing: 163,
    };
    expect(fixDerivedServings([tofu], norms, foods).findings[0]).toMatchObject({
      kind: 'tofu and tempeh',
      fixedGrams: 100,
    });
    const lentils = {
      ...tofu,
      name: 'Lentil curry',
      ingredients: [{ agb: '20585', grams: 90, label: 'lentils' }],
    };
    expect(fixDerivedServings([lentils], norms, foods).findings).toEqual([]);
  });
});

describe('an alias names what the dish holds (dropUnheldAliases)', () => {
  it("drops an alias naming a food the dish's name does not and it holds under half a portion of", () => {
    const padThai = built(
      'Pad Thai, meatless',
      ['vegetarian pad thai', 'tofu pad thai'],
      [
        ['20904', 24.2],
        ['9104', 198],
      ],
    );
    const { dishes, findings } = dropUnheldAliases([padThai], norms, foods);
    expect(dishes[0]!.aliases).toEqual(['vegetarian pad thai']);
    expect(findings).toEqual([
      expect.objectContaining({
        alias: 'tofu pad thai',
        kind: 'tofu and tempeh',
        grams: 24.2,
        fix: 'alias dropped',
      }),
    ]);
  });

  it("drops an alias listing parts without the cheese the dish's own name states", () => {
    const jacket = built(
      'Jacket potato with beans and cheese',
      ['baked potato with beans', 'jacket spud'],
      [['9104', 300]],
    );
    const { dishes, findings } = dropUnheldAliases([jacket], norms, foods);
    expect(dishes[0]!.aliases).toEqual(['jacket spud']);
    expect(findings).toEqual([
      expect.objectContaining({ alias: 'baked potato with beans', kind: 'cheese', fix: 'alias dropped' }),
    ]);
  });

  it('drops an alias stating vegan from a dish holding an animal food', () => {
    const burrito = built(
      'Bean burrito',
      ['vegan burrito', 'veggie burrito'],
      [
        ['20507', 120],
        ['19590', 25],
      ],
    );
    const vegan = { words: ['vegan', 'plant based'], animalCategories: new Set(['Cheese and similar']) };
    const { dishes, findings } = dropUnheldAliases([burrito], norms, foods, vegan);
    expect(dishes[0]!.aliases).toEqual(['veggie burrito']);
    expect(findings).toEqual([expect.objectContaining({ alias: 'vegan burrito', kind: 'vegan', grams: 25 })]);
    const plain = built('Bean chilli', ['vegan chilli'], [['20507', 150]]);
    expect(dropUnheldAliases([plain], norms, foods, vegan).findings).toEqual([]);
  });

  it('keeps an alias the dish holds half a portion of, or that its own name names too', () => {
    const curry = built('Thai red curry with tofu', ['tofu red curry'], [['20904', 60]]);
    const paella = built('Paella with seafood', ['seafood paella'], [['10021', 40]]);
    expect(dropUnheldAliases([curry, paella], norms, foods).findings).toEqual([]);
  });

  it('keeps an alias named after the food the dish holds a portion of, and any alias of a salad', () => {
    const scramble = built('Tofu scramble', ['scrambled tofu'], [['20904', 150]]);
    const salad = built('Salade niçoise', ['tuna nicoise'], [['10021', 20]]);
    expect(dropUnheldAliases([scramble, salad], norms, foods).findings).toEqual([]);
  });
});

describe('the portion facts the catalog checks answers with (withPortionFacts)', () => {
  it("writes each dish's grams of every norm's foods it holds, and the norms' words", () => {
    const { dishes, check } = withPortionFacts(
      [
        built(
          'Chana masala',
          [],
          [
            ['20507', 150],
            ['9104', 70],
          ],
        ),
        built('Plain rice', [], [['9104', 200]]),
      ],
      norms,
      foods,
    );
    expect(dishes[0]!.held).toEqual({ pulses: 150 });
    expect(dishes[1]!.held).toBeUndefined();
    expect(check.badlyUnder).toBe(0.5);
    expect(check.kinds.find((kind) => kind.kind === 'tofu and tempeh')).toEqual({
      kind: 'tofu and tempeh',
      words: ['tofu', 'tempeh'],
      grams: 100,
    });
  });

  it('dropped the committed catalog\'s "tofu pad thai" alias and wrote the check into recipes.json', () => {
    const recipes = RecipesFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')));
    const meatless = recipes.recipes.find((recipe) => recipe.name === 'Pad Thai, meatless')!;
    expect(meatless.aliases).not.toContain('tofu pad thai');
    expect(meatless.held?.['tofu and tempeh']).toBeLessThan(50);
    expect(recipes.portionCheck?.kinds.map((kind) => kind.kind)).toContain('pulses');
  });
});

describe('a written salad or bowl named by its parts names its cheese (checkListedNames)', () => {
  const salad = (name: string, aliases: string[], feta: number) => ({
    name,
    aliases,
    contributors: [
      { name: 'quinoa', code: '9104', share: 0.5 },
      { name: 'chickpeas', code: '20507', share: 0.2 },
      { name: 'feta', code: '19590', share: feta },
    ],
  });
  const cheeses = norms.statedKinds.kinds.cheese ?? [];

  it('fails the build on a name listing the parts of a dish that holds an unnamed cheese', () => {
    expect(() => checkListedNames([salad('Quinoa salad', [], 0.29)], cheeses, foods)).toThrow(
      /Quinoa salad: "Quinoa salad" lists its parts without feta/,
    );
    expect(() =>
      checkListedNames([salad('Grain bowl', ['quinoa chickpea bowl'], 0.29)], cheeses, foods),
    ).toThrow(/"quinoa chickpea bowl"/);
  });

  it('passes a name stating the cheese, a name that is not a list of its parts, and a cheese too small to matter', () => {
    expect(() =>
      checkListedNames(
        [
          salad('Quinoa and feta salad', [], 0.29),
          salad('Mediterranean salad', [], 0.29),
          salad('Quinoa salad', [], 0.05),
        ],
        cheeses,
        foods,
      ),
    ).not.toThrow();
  });
});
