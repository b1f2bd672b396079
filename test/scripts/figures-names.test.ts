import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndependentFigures } from '../../scripts/build-data/figures/build.js';
import { cutNames } from '../../scripts/build-data/figures/cuts.js';
import { type FigureMappingFile, readFigureMapping } from '../../scripts/build-data/figures/mapping.js';
import { namesBelow, type OffTree } from '../../scripts/build-data/figures/off-names.js';
import { DATA_DIR } from '../../scripts/build-data/paths.js';
import { ProductsFileSchema, RecipesFileSchema } from '../../src/sources/catalog/schema.js';

/**
 * The studies' entries' other names, from the Open Food Facts taxonomy (figure-mapping.json
 * `entries.names`, scripts/build-data/figures/off-names.ts).
 */

/** A small taxonomy: teas, with a subtree and a synonym to leave out. */
function tree(categories: Record<string, { names: string[]; parents?: string[] }>): OffTree {
  return {
    has: (id) => id in categories,
    names: (id) => categories[id]?.names ?? [],
    children: (id) =>
      Object.entries(categories)
        .filter(([, category]) => category.parents?.includes(id) === true)
        .map(([child]) => child),
  };
}

const teas = tree({
  'en:teas': { names: ['Teas'] },
  'en:tea-bags': { names: ['Tea bags', 'Teas in bags'], parents: ['en:teas'] },
  'en:green-teas': { names: ['Green teas'], parents: ['en:teas'] },
  'en:japanese-green-teas': { names: ['Japanese green teas', 'green teas'], parents: ['en:green-teas'] },
  'en:mint-teas': { names: ['Mint teas'], parents: ['en:teas'] },
  'en:green-teas-with-mint': { names: ['Green teas with mint'], parents: ['en:mint-teas', 'en:green-teas'] },
  'en:brewed-tea': { names: ['Brewed tea without sugar', 'Hot tea'], parents: ['en:teas'] },
  'en:long': { names: ['A tea named at such length that nobody would ever type it'], parents: ['en:teas'] },
});

describe('namesBelow', () => {
  it('gives the names of a category and every category below it, once each, sorted', () => {
    expect(namesBelow(teas, 'en:green-teas', null)).toEqual([
      'Green teas',
      'Green teas with mint',
      'Japanese green teas',
    ]);
  });

  it('leaves out a subtree whose id the exclusion matches, and a single name it matches', () => {
    // The mint subtree goes by its id; "Green teas with mint" stays out though also below green teas,
    // since its name matches; the brewed drink's other name "Hot tea" goes with its category's id.
    expect(namesBelow(teas, 'en:teas', /mint|brew/)).toEqual([
      'Green teas',
      'Japanese green teas',
      'Tea bags',
      'Teas',
      'Teas in bags',
    ]);
  });
});

describe('entries.names in the build', () => {
  const products = ProductsFileSchema.parse(
    JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')),
  );
  const recipes = RecipesFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')));
  const mapping = readFigureMapping();
  const studies = {
    'poore-nemecek-2018': [{ name: 'Cheese', kgCo2ePerKg: 23.88, medianKgCo2ePerKg: 21.2 }],
    'clark-2022': [{ name: 'Tea', kgCo2ePerKg: 17.62, medianKgCo2ePerKg: null }],
  };
  const build = (names: FigureMappingFile['entries']['names']) =>
    buildIndependentFigures(
      {
        ...mapping,
        rules: [
          {
            dataset: 'poore-nemecek-2018',
            item: 'Cheese',
            use: 'food',
            codes: ['12726'],
            kgPerKg: 1,
            why: 'test',
          },
        ],
        entries: { same: [], notByName: [], names, cuts: [] },
      },
      studies,
      products,
      recipes,
      new Map(),
      new Map(mapping.datasets.map((dataset) => [dataset.id, `${dataset.label} (CC BY 4.0)`])),
      teas,
    ).file;
  const rule = (off: string, exclude?: string) => ({
    dataset: 'clark-2022',
    item: 'Tea',
    off,
    ...(exclude === undefined ? {} : { exclude }),
    why: 'test',
  });

  it("writes the entry's other names, less its own name", () => {
    const file = build([rule('en:teas', 'mint|brew|long')]);
    const tea = file.items.find((item) => item.name === 'Tea')!;
    expect(tea.names).toEqual(['Green teas', 'Japanese green teas', 'Tea bags', 'Teas', 'Teas in bags']);
    expect(file.items.find((item) => item.name === 'Cheese')!.names).toBeUndefined();
  });

  it('fails on an unknown category, an unknown entry and a rule that adds no name', () => {
    expect(() => build([rule('en:coffees')])).toThrow(/unknown OFF category en:coffees/);
    expect(() => build([{ ...rule('en:teas'), item: 'Coffee' }])).toThrow(/"Coffee": no such entry/);
    expect(() => build([rule('en:teas', 'tea')])).toThrow(/adds no name/);
  });
});

describe('cutNames: meat entries by animal and cut', () => {
  const food = (code: string, name: string, category = 'Raw meat') => ({ code, name, category });
  const lamb = [
    food('1', 'Lamb, shoulder, raw'),
    food('2', 'Lamb, leg, roasted/baked', 'Cooked meat'),
    food('3', 'Mutton, meat and skin, raw'),
    food('8', 'Lamb, minced steak, raw'),
  ];
  const pork = [
    food('4', 'Pork, knuckle or shank, raw'),
    food('5', 'Pork, belly, raw'),
    food('6', 'Prok, eye of shortloin, raw'),
    food('7', 'Cooked ham, choice', 'Delicatessen meat and similar'),
  ];

  it('gives every animal of an entry every cut word of any entry, in either order, less words that name no cut', () => {
    const names = cutNames(
      new Map([
        [0, lamb],
        [1, pork],
      ]),
    );
    const lambNames = names.get(0)!;
    // Lamb's own foods name it twice ("Lamb, …"); mutton once, too few to be an animal of it.
    expect(lambNames).toContain('lamb shank');
    expect(lambNames).not.toContain('shank lamb');
    expect(lambNames).toContain('minced lamb');
    expect(lambNames).toContain('lamb steak');
    expect(lambNames).not.toContain('steak lamb');
    expect(lambNames).toContain('lamb belly');
    expect(lambNames.some((name) => name.includes('mutton'))).toBe(false);
    expect(lambNames.some((name) => /\b(skin|raw|or|eye|of)\b/.test(name))).toBe(false);
    // The typo "Prok" is a one-off, so no animal; a delicatessen food has no animal and cut.
    expect(names.get(1)!.some((name) => name.includes('prok') || name.includes('ham'))).toBe(false);
    expect(names.get(1)).toContain('pork shoulder');
  });
});
