import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndependentFigures } from '../../scripts/build-data/figures/build.js';
import {
  type FigureMappingFile,
  FigureMappingFileSchema,
  readFigureMapping,
  selectFoods,
} from '../../scripts/build-data/figures/mapping.js';
import { DATA_DIR } from '../../scripts/build-data/paths.js';
import { FIGURES_FILE, readFiguresFile } from '../../src/figures/load.js';
import { ProductsFileSchema, RecipesFileSchema } from '../../src/sources/catalog/schema.js';

const products = ProductsFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')));
const recipes = RecipesFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')));

describe('the figure mapping (data/curated/figure-mapping.json)', () => {
  const mapping = readFigureMapping();

  it('names the catalog dataset first, then the two studies', () => {
    expect(mapping.datasets.map((dataset) => dataset.id)).toEqual([
      'agribalyse-3.2',
      'poore-nemecek-2018',
      'clark-2022',
    ]);
  });

  it('selects by category, Open Food Facts category and name pattern together, less exceptions', () => {
    const foods = [
      { code: '1', name: "Cheddar cheese, from cow's milk", category: 'Cheese and similar' },
      { code: '2', name: 'Butter, 82% fat', category: 'Butters' },
      { code: '3', name: "Cheese, from goat's milk", category: 'Cheese and similar' },
      { code: '4', name: 'Processed cheese', category: 'Cheese and similar' },
    ];
    const ancestors = new Map([
      ['1', new Set(['en:cow-cheeses', 'en:cheeses'])],
      ['3', new Set(['en:goat-cheeses', 'en:cheeses'])],
    ]);
    const rule = FigureMappingFileSchema.shape.rules.element.parse({
      dataset: 'poore-nemecek-2018',
      item: 'Cheese',
      categories: ['Cheese and similar'],
      off: 'en:cow-cheeses',
      codes: ['4'],
      why: "cow's-milk cheeses",
    });
    expect(selectFoods(rule, foods, ancestors).map((food) => food.code)).toEqual(['1', '4']);
    const noGoat = { ...rule, off: undefined, codes: [], exclude: 'goat' };
    expect(selectFoods(noGoat, foods, ancestors).map((food) => food.code)).toEqual(['1', '4']);
  });

  it('fails the build on a food two rules give to one study, an unknown entry and a rule that selects nothing', () => {
    const base: FigureMappingFile = {
      ...mapping,
      rules: [],
      entries: { same: [], notByName: [], names: [], cuts: [] },
    };
    const rule = (item: string, codes: string[]) => ({
      dataset: 'poore-nemecek-2018',
      item,
      use: 'food' as const,
      codes,
      kgPerKg: 1,
      why: 'test',
    });
    const studies = {
      'poore-nemecek-2018': [
        { name: 'Cheese', kgCo2ePerKg: 23.88, medianKgCo2ePerKg: 21.2 },
        { name: 'Milk', kgCo2ePerKg: 3.15, medianKgCo2ePerKg: 2.8 },
      ],
      'clark-2022': [],
    };
    const build = (rules: FigureMappingFile['rules']) =>
      buildIndependentFigures(
        { ...base, rules },
        studies,
        products,
        recipes,
        new Map(),
        new Map(mapping.datasets.map((dataset) => [dataset.id, `${dataset.label}; CC BY 4.0`])),
      );
    expect(() => build([rule('Cheese', ['12726']), rule('Milk', ['12726'])])).toThrow(
      /given to "Cheese" and to "Milk"/,
    );
    expect(() => build([rule('Butter', ['16400'])])).toThrow(/"Butter": no such entry/);
    expect(() => build([{ ...rule('Cheese', []), name: '^No such food$' }])).toThrow(/selects no food/);
    // Mayonnaise (11054) is reviewed as priced by no study (`unpriced`): a rule pricing it contradicts that.
    expect(() => build([rule('Cheese', ['11054'])])).toThrow(/unpriced: 11054 is priced by a rule/);
    const { file } = build([rule('Cheese', ['12726'])]);
    expect(file.foods).toEqual([['12726', [[0, 1, 'food']]]]);
  });
});

describe("the studies' entries themselves (figure-mapping.json `entries`)", () => {
  const mapping = readFigureMapping();
  const studies = {
    'poore-nemecek-2018': [
      { name: 'Cheese', kgCo2ePerKg: 23.88, medianKgCo2ePerKg: 21.2 },
      { name: 'Barley', kgCo2ePerKg: 1.18, medianKgCo2ePerKg: 1.1 },
    ],
    'clark-2022': [
      { name: 'Cheddar cheese', kgCo2ePerKg: 20.75, medianKgCo2ePerKg: null },
      { name: 'Brie', kgCo2ePerKg: 19.14, medianKgCo2ePerKg: null },
      { name: 'Cottage cheese', kgCo2ePerKg: 25.28, medianKgCo2ePerKg: null },
    ],
  };
  const rule = (dataset: string, item: string, codes: string[]) => ({
    dataset,
    item,
    use: 'food' as const,
    codes,
    kgPerKg: 1,
    why: 'test',
  });
  // 12726 is cheddar, 12001 camembert; 1029_1 a plant-based cheese, no Poore & Nemecek cheese.
  const rules = [
    rule('poore-nemecek-2018', 'Cheese', ['12726', '12001']),
    rule('clark-2022', 'Cheddar cheese', ['12726']),
    rule('clark-2022', 'Brie', ['12001', '1029_1']),
  ];
  const build = (entries: FigureMappingFile['entries']) =>
    buildIndependentFigures(
      { ...mapping, rules, entries },
      studies,
      products,
      recipes,
      new Map(),
      new Map(mapping.datasets.map((dataset) => [dataset.id, `${dataset.label} (CC BY 4.0)`])),
    ).file;
  const named = (file: ReturnType<typeof build>, name: string) =>
    file.items.find((item) => item.name === name)!;
  const alsoIs = (file: ReturnType<typeof build>, name: string) =>
    (named(file, name).alsoIs ?? []).map(([item, kgPerKg]) => [file.items[item]!.name, kgPerKg]);

  it("derives the other study's entry where every catalog food of an entry is that entry there, and not where one is not", () => {
    const file = build({ same: [], notByName: [], names: [], cuts: [] });
    expect(alsoIs(file, 'Cheddar cheese')).toEqual([['Cheese', 1]]);
    // One of Brie's foods (1029_1) has no Poore & Nemecek entry: Brie is not said to be Cheese.
    expect(alsoIs(file, 'Brie')).toEqual([]);
    // P&N's Cheese is two Clark entries: neither is it.
    expect(alsoIs(file, 'Cheese')).toEqual([]);
    expect(file.datasets[2]!.attribution).toBe('Clark et al. 2022 (CC BY 4.0)');
    expect(file.datasets[0]!.attribution).toBeUndefined();
  });

  it('takes a reviewed rule for an entry no catalog food maps to, and fails on one its catalog foods contradict', () => {
    const same = (item: string, is: string) => ({
      dataset: 'clark-2022',
      item,
      is: { dataset: 'poore-nemecek-2018', item: is, kgPerKg: 1 },
      why: 'test',
    });
    const file = build({ same: [same('Cottage cheese', 'Cheese')], notByName: [], names: [], cuts: [] });
    expect(alsoIs(file, 'Cottage cheese')).toEqual([['Cheese', 1]]);
    expect(() =>
      build({ same: [same('Cheddar cheese', 'Barley')], notByName: [], names: [], cuts: [] }),
    ).toThrow(/its catalog foods make it "Cheese"/);
    expect(() => build({ same: [same('Brie', 'Cheese')], notByName: [], names: [], cuts: [] })).toThrow(
      /do not all map to "Cheese"/,
    );
    expect(() => build({ same: [same('Ale', 'Cheese')], notByName: [], names: [], cuts: [] })).toThrow(
      /no such entry/,
    );
  });

  it('marks the entries whose own name does not name their food', () => {
    const file = build({
      same: [],
      notByName: [{ dataset: 'poore-nemecek-2018', item: 'Barley', why: 'beer' }],
      names: [],
      cuts: [],
    });
    expect(named(file, 'Barley').byName).toBe(false);
    expect(named(file, 'Cheese').byName).toBeUndefined();
  });
});

describe(`the committed ${FIGURES_FILE}`, () => {
  const file = readFiguresFile(DATA_DIR);
  const items = (code: string) =>
    (file.foods.find(([food]) => food === code)?.[1] ?? []).map(([item, kgPerKg, use]) => ({
      name: file.items[item]!.name,
      dataset: file.datasets[file.items[item]!.dataset]!.id,
      kgPerKg,
      use,
    }));

  it('holds every entry of both studies: 42 of Poore & Nemecek with a figure, 211 of Clark et al.', () => {
    const count = (id: string) => file.items.filter((item) => file.datasets[item.dataset]!.id === id).length;
    expect(count('poore-nemecek-2018')).toBe(43);
    expect(count('clark-2022')).toBe(211);
    const beef = file.items.find((item) => item.name === 'Beef (beef herd)')!;
    expect([beef.kgCo2ePerKg, beef.medianKgCo2ePerKg]).toEqual([99.48, 59.6]);
    // Oils have no mean in the OWID file: their median stands alone.
    const olive = file.items.find((item) => item.name === 'Olive Oil')!;
    expect(olive.kgCo2ePerKg).toBeNull();
    expect(olive.medianKgCo2ePerKg).toBeGreaterThan(0);
  });

  it("maps cheddar to both studies' cheese, and butter to neither study's milk", () => {
    expect(items('12726')).toEqual([
      { name: 'Cheese', dataset: 'poore-nemecek-2018', kgPerKg: 1, use: 'food' },
      { name: 'Cheddar cheese', dataset: 'clark-2022', kgPerKg: 1, use: 'food' },
    ]);
    expect(items('16400').map((item) => item.name)).toEqual(['Butter']);
    expect(items('12803').map((item) => item.name)).toEqual(["Goat's cheese"]);
  });

  it("prices cooked rice as the rice in it, and only prices stewing beef as Clark et al.'s steak inside a dish", () => {
    expect(items('9104').map((item) => [item.name, item.kgPerKg])).toEqual([
      ['Rice', 0.4],
      ['Rice', 0.4],
    ]);
    expect(items('6231')).toContainEqual({
      name: 'Beef steak',
      dataset: 'clark-2022',
      kgPerKg: 1,
      use: 'ingredient',
    });
  });

  it('shows a study entry only for that very food: sweetcorn, sausage meat and rice noodles are priced as an entry inside dishes only', () => {
    // Sweetcorn is maize eaten as a vegetable: no P&N entry of its own, other vegetables in a dish.
    expect(items('20049')).toEqual([
      { name: 'Other Vegetables', dataset: 'poore-nemecek-2018', kgPerKg: 1, use: 'ingredient' },
      { name: 'Sweetcorn', dataset: 'clark-2022', kgPerKg: 1, use: 'food' },
    ]);
    // Sausage meat is pork, and the filling of sausages, not sausages as sold.
    expect(items('30051')).toEqual([
      { name: 'Pig Meat', dataset: 'poore-nemecek-2018', kgPerKg: 1, use: 'food' },
      { name: 'Pork sausages', dataset: 'clark-2022', kgPerKg: 1, use: 'ingredient' },
    ]);
    expect(items('9901')).toEqual([
      { name: 'Rice', dataset: 'poore-nemecek-2018', kgPerKg: 0.4, use: 'ingredient' },
      { name: 'Rice noodles', dataset: 'clark-2022', kgPerKg: 0.4, use: 'food' },
    ]);
    // The catalog's sausage roll (meat in puff pastry) and ice lolly are Clark et al.'s.
    expect(items('25402').map((item) => item.name)).toEqual(['Sausage rolls']);
    expect(items('39526').map((item) => item.name)).toEqual(['Ice lollies']);
    // A cereal filled with something other than chocolate is no chocolate cereal.
    expect(items('32018').map((item) => item.name)).toEqual(['Breakfast cereal']);
  });

  it("says which other study's entry the entries the catalog lacks are, and which names name no food", () => {
    const entry = (name: string) => file.items.find((item) => item.name === name)!;
    const alsoIs = (name: string) => (entry(name).alsoIs ?? []).map(([item]) => file.items[item]!.name);
    expect(alsoIs('Cottage cheese')).toEqual(['Cheese']);
    expect(alsoIs('Naan')).toEqual(['Wheat & Rye']);
    expect(alsoIs('Halloumi cheese')).toEqual([]);
    expect(alsoIs('Cheddar cheese')).toEqual(['Cheese']);
    expect(entry('Barley').byName).toBe(false);
  });

  it("gives Clark et al.'s ready meals to the dishes that are them", () => {
    const dish = (name: string) =>
      (file.dishes.find(([dish]) => dish === name)?.[1] ?? []).map((item) => file.items[item]!.name);
    expect(dish('Spaghetti bolognese')).toEqual(['Spaghetti bolognese']);
    expect(dish('Chilli con carne')).toEqual(['Chilli con carne']);
    expect(dish('Vegetable chilli')).toEqual(['Vegetarian chilli con carne']);
  });
});
