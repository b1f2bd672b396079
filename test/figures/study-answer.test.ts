import { describe, expect, it } from 'vitest';
import { basisText } from '../../src/core/figures-text.js';
import { ProductResultSchema } from '../../src/core/result.js';
import { resultView } from '../../src/core/view.js';
import { readFiguresFile } from '../../src/figures/load.js';
import {
  besideSources,
  CATALOG_NAMES_FOOD,
  type NamedEntry,
  studyDecision,
  studyProductResult,
} from '../../src/figures/study-answer.js';
import { catalogSource, FiguresTable } from '../../src/figures/table.js';
import { defaultDataDir } from '../../src/sources/catalog/load.js';

/**
 * A study's own figure for a food the catalog lacks (src/figures/study-answer.ts), on the committed
 * figures file: when a named entry answers, when it only stands beside the catalog's food, and what
 * such an answer says.
 */
describe("a study's own entry for a food the catalog lacks", () => {
  const figures = new FiguresTable(readFiguresFile(defaultDataDir()));
  const entry = (study: 'poore-nemecek-2018' | 'clark-2022', name: string): NamedEntry => {
    const found = figures
      .entries()
      .find((each) => each.name === name && figures.datasets[each.dataset]!.id === study)!;
    return { item: found.item, dataset: found.dataset, confidence: 1 };
  };
  const cottage = entry('clark-2022', 'Cottage cheese');
  const lasagne = entry('clark-2022', 'Lasagne sheets');
  const cheddar = entry('clark-2022', 'Cheddar cheese');
  // Agribalyse codes: cheddar, dried pasta (Clark et al.'s "Spaghetti"), and the veggie burger in a
  // bun, which no Clark entry is.
  const [CHEDDAR, DRIED_PASTA, VEGGIE_BURGER] = ['12726', '9810', '25415_2'];

  it('answers with the entry where the catalog has no food, or only a guess or a stand-in for another', () => {
    expect(studyDecision(figures, [cottage], null)).toEqual({ kind: 'study', entries: [cottage] });
    const guess = { code: CHEDDAR, confidence: CATALOG_NAMES_FOOD - 0.01, closest: false };
    expect(studyDecision(figures, [cottage], guess).kind).toBe('study');
    const standIn = { code: CHEDDAR, confidence: 1, closest: true };
    expect(studyDecision(figures, [cottage], standIn).kind).toBe('study');
  });

  it("keeps the catalog's answer where its food is the entry named, or its own names name the food", () => {
    const named = { code: CHEDDAR, confidence: 0.8, closest: true };
    expect(studyDecision(figures, [cheddar], named)).toEqual({ kind: 'catalog' });
    // The catalog's names name a food no entry of that study is: nothing is set beside it.
    const unmapped = { code: VEGGIE_BURGER, confidence: 1, closest: false };
    expect(studyDecision(figures, [entry('clark-2022', 'Meat-free burger')], unmapped)).toEqual({
      kind: 'catalog',
    });
    expect(studyDecision(figures, [], null)).toEqual({ kind: 'catalog' });
  });

  it("sets the entry named beside the catalog's food where the food is another entry of that study", () => {
    const pasta = { code: DRIED_PASTA, confidence: 1, closest: false };
    const decision = studyDecision(figures, [lasagne], pasta);
    expect(decision).toEqual({ kind: 'beside', entries: [lasagne] });
    const own = [
      catalogSource(figures.catalogDataset, 'Dried pasta, raw', 1.98, 'kg'),
      ...figures.foodSources(DRIED_PASTA),
    ];
    expect(own.map((source) => source.name)).toEqual(['Dried pasta, raw', 'Spaghetti']);
    const shown = besideSources(figures, own, [lasagne]);
    expect(shown.map((source) => [source.name, source.kgCo2e])).toEqual([
      ['Dried pasta, raw', 1.98],
      ['Lasagne sheets', 1.961],
    ]);
  });

  it("leads with the entry's figure per kg, sets the other study's same food beside it, and says the catalog has none", () => {
    const result = ProductResultSchema.parse(studyProductResult(figures, 'cottage cheese', [cottage]));
    expect(result).toMatchObject({
      name: 'Cottage cheese',
      kgCo2ePerUnit: 25.28,
      unit: 'kg',
      level: 'high',
      category: null,
      comparison: null,
      swap: null,
      catalogHasFood: false,
      withoutFigure: ['ADEME Agribalyse 3.2'],
    });
    expect(result.sources!.map((source) => [source.dataset, source.name])).toEqual([
      ['clark-2022', 'Cottage cheese'],
      ['poore-nemecek-2018', 'Cheese'],
    ]);
    expect(result.source.label).toBe('Built-in catalog (Clark et al. 2022)');
    expect(result.source.attribution).toMatch(/Clark et al\. \(2022\).*CC BY 4\.0.*Poore & Nemecek/);
    expect(basisText(result)).toBe(
      '25.3 kg CO2e per kg, UK products (Clark et al. 2022); global average 23.9 for "Cheese" (Poore & Nemecek 2018; median 21.2); ADEME Agribalyse 3.2 has no figure for this food.',
    );
    const view = resultView(result);
    expect(view.comparison).toMatch(/^Not compared with a category: ADEME Agribalyse 3\.2/);
    expect(view.swap).toBeNull();
  });

  it("refuses, as a schema, a study's answer that carries a category, a comparison or a swap", () => {
    const result = studyProductResult(figures, 'cottage cheese', [cottage]);
    expect(ProductResultSchema.safeParse({ ...result, category: 'Cheese and similar' }).success).toBe(false);
    expect(ProductResultSchema.safeParse({ ...result, withoutFigure: [] }).success).toBe(false);
    expect(
      ProductResultSchema.safeParse({ ...result, catalogHasFood: true, category: 'Cheese' }).success,
    ).toBe(true);
  });

  it('says which study has no entry either, and sets a level on the catalog scale', () => {
    const halloumi = studyProductResult(figures, 'halloumi', [entry('clark-2022', 'Halloumi cheese')]);
    expect(halloumi.withoutFigure).toEqual(['ADEME Agribalyse 3.2', 'Poore & Nemecek 2018']);
    expect(basisText(halloumi)).toMatch(
      /; ADEME Agribalyse 3\.2 has no figure for this food, and Poore & Nemecek 2018 has no entry for it\.$/,
    );
    const naan = studyProductResult(figures, 'naan', [entry('clark-2022', 'Naan')]);
    expect(naan.level).toBe('low');
  });
});
