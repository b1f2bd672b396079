import { describe, expect, it } from 'vitest';
import { adaptDish } from '../../src/compare/adapt.js';
import { createDishComposer } from '../../src/compare/compose.js';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadServings } from '../../src/compare/servings.js';
import { createStatedChecks } from '../../src/compare/stated.js';
import { basisText, verdictText } from '../../src/core/figures-text.js';
import { type RecipeResult, RecipeResultSchema } from '../../src/core/result.js';
import { verdictOfSources } from '../../src/core/verdict.js';
import { dishSourcesOf, onDishFigures } from '../../src/figures/dish.js';
import { FiguresTable } from '../../src/figures/table.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * One path for a dish's figures on every dataset (src/figures/dish.ts): a dish the catalog names, one
 * built from its parts and a named dish changed to keep what an option states are priced by the
 * studies alike, and judged on every figure.
 */
describe("a dish's figures on every dataset, whatever made it", () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const global = loadCatalog(undefined, { basis: 'global' });
  const templates = loadDishTemplates();
  const composer = createDishComposer(templates, loadServings(), catalog);
  const studies = ['poore-nemecek-2018', 'clark-2022'];

  it('gives a dish built from its parts a per-serving figure on each study, the catalog first, and judges the verdict on all', () => {
    const dish = composer.compose('Thai red curry with beef')!.result;
    RecipeResultSchema.parse(dish);
    const sources = dish.sources!;
    expect(sources[0]).toMatchObject({ dataset: 'agribalyse-3.2', per: 'serving' });
    expect(sources[0]!.kgCo2e).toBeCloseTo(dish.kgCo2ePerServing, 9);
    expect(sources.slice(1).map((source) => source.dataset)).toEqual(studies);
    for (const source of sources.slice(1)) {
      expect(source).toMatchObject({ per: 'serving', method: 'ingredients', name: dish.name });
      expect(source.mappedShare).toBeGreaterThanOrEqual(0.5);
    }
    // Beef is several times Agribalyse's figure on both studies (99.5 and 130 against 35.7 per kg).
    expect(sources[1]!.kgCo2e).toBeGreaterThan(2 * dish.kgCo2ePerServing);
    expect(dish.withoutFigure).toEqual([]);
    expect(dish.climateFriendly.value).toBe(verdictOfSources(sources));
  });

  it("prices a named dish's ingredients the same way whether the catalog answers it or a dish is built of them", () => {
    // Chow mein has no study entry of its own: its figures are its ingredients priced by each study.
    const named = catalog.findRecipe('chow mein');
    const ingredients = catalog.recipeIngredients(named.name)!;
    const rebuilt = onDishFigures(
      { ...named, sources: undefined, withoutFigure: undefined },
      catalog.figures,
      'agribalyse',
      { ...ingredients, entry: null },
    );
    expect(rebuilt.sources).toEqual(named.sources);
    expect(rebuilt.climateFriendly).toEqual(named.climateFriendly);
    expect(catalog.recipeIngredients('no such dish')).toBeNull();
  });

  it('prices a named dish changed to keep what an option states from what it is now made of', () => {
    const ramen = catalog.findRecipe('ramen');
    const input = 'ramen with tofu';
    const reading = composer.read(input);
    const checks = createStatedChecks(templates, (text) => catalog.animalsIn(text));
    const changed = adaptDish(
      ramen,
      reading,
      (ingredient) => checks.offends(input, reading, ingredient),
      checks.missing(reading, ramen),
      catalog,
    )!.result;
    expect(changed.name).toBe('Ramen with tofu instead of chashu pork');
    expect(changed.sources![0]!.kgCo2e).toBeCloseTo(changed.kgCo2ePerServing, 9);
    const independent = changed.sources!.slice(1);
    expect(independent.length).toBeGreaterThan(0);
    for (const source of independent) {
      expect(source.method).toBe('ingredients');
      // Not the named dish's figure: the pork is out and tofu in.
      const before = ramen.sources!.find((each) => each.dataset === source.dataset);
      if (before !== undefined) expect(source.kgCo2e).not.toBe(before.kgCo2e);
    }
    expect(changed.climateFriendly.value).toBe(verdictOfSources(changed.sources!));
  });

  it('leads a built dish with a study figure under CARBON_BASIS=global, as a named dish', () => {
    const built = createDishComposer(templates, loadServings(), global).compose('Thai red curry with beef')!;
    expect(built.result.sources![0]!.dataset).toBe('poore-nemecek-2018');
    expect(built.result.kgCo2ePerServing).toBe(built.result.sources![0]!.kgCo2e);
    expect(built.result.notes.join(' ')).toContain("The figure is Poore & Nemecek 2018's");
  });

  it('judges on the catalog figure alone when no figures are loaded', () => {
    const bare = loadCatalog(undefined, { figures: false });
    const built = createDishComposer(templates, loadServings(), bare).compose('Thai red curry with beef')!;
    expect(built.result.sources).toBeUndefined();
    expect(built.result.climateFriendly.value).toBe('no');
  });
});

/**
 * A study that prices too little of a dish for a figure still has its say on the verdict when the
 * part it prices is alone over the budget: one dataset's figure must not call the dish climate-friendly.
 */
describe("a study's part of a dish over the budget", () => {
  const table = new FiguresTable({
    datasets: [
      { id: 'agribalyse-3.2', label: 'ADEME Agribalyse 3.2', region: 'France' },
      { id: 'poore-nemecek-2018', label: 'Poore & Nemecek 2018', region: 'global' },
    ],
    items: [{ dataset: 1, name: 'Cheese', kgCo2ePerKg: 23.88, medianKgCo2ePerKg: 18 }],
    foods: [['cheese', [[0, 1, 'food']]]],
    dishes: [],
    zero: [],
  });
  // 30 g of cheese in 300 g of gnocchi: the study prices a tenth of the weight.
  const dish = (cheeseGrams: number) => ({
    entry: null,
    ingredients: [
      { code: 'cheese', grams: cheeseGrams, kgCo2e: cheeseGrams * 0.005 },
      { code: 'gnocchi', grams: 300 - cheeseGrams, kgCo2e: 0.3 },
    ],
  });
  const result = (kg: number): RecipeResult => ({
    kind: 'recipe',
    query: 'gnocchi',
    name: 'Gnocchi with cheese',
    kgCo2ePerServing: kg,
    climateFriendly: { value: 'unknown', raw: null },
    thresholdKgPerServing: 0.5,
    level: 'low',
    contributors: [],
    confidence: null,
    status: null,
    notes: [],
    source: { id: 'catalog', label: 'ADEME Agribalyse 3.2' },
  });

  it('is given as a lower bound, and the verdict depends on the data', () => {
    const sources = dishSourcesOf(table, 'Gnocchi with cheese', 0.45, dish(30));
    expect(sources[1]).toMatchObject({
      dataset: 'poore-nemecek-2018',
      method: 'part',
      lowerBound: true,
      mappedShare: 0.1,
      kgCo2e: 0.716,
    });
    const judged = onDishFigures(result(0.45), table, 'agribalyse', dish(30));
    expect(judged.climateFriendly.value).toBe('depends');
    expect(basisText(judged)).toContain(
      'global average at least 0.716 (Poore & Nemecek 2018; its own figures for the 10% of the weight it has, the rest not counted)',
    );
    expect(verdictText(judged, judged.climateFriendly)).toContain(
      'over it on Poore & Nemecek 2018 (at least 0.716 kg)',
    );
  });

  it('is left out when the part it prices is within the budget, and never leads', () => {
    const judged = onDishFigures(result(0.35), table, 'agribalyse', dish(10));
    expect(judged.sources!.map((source) => source.dataset)).toEqual(['agribalyse-3.2']);
    expect(judged.withoutFigure).toEqual(['Poore & Nemecek 2018']);
    expect(judged.climateFriendly.value).toBe('yes');
    const global = onDishFigures(result(0.45), table, 'global', dish(30));
    expect(global.sources![0]!.dataset).toBe('agribalyse-3.2');
    expect(global.kgCo2ePerServing).toBe(0.45);
  });
});
