import { describe, expect, it } from 'vitest';
import { readFiguresFile } from '../../src/figures/load.js';
import { FiguresTable } from '../../src/figures/table.js';
import { defaultDataDir, loadCatalog } from '../../src/sources/catalog/load.js';

/**
 * The committed mapping (data/independent-figures.json) for foods a study prices inside a dish only,
 * against those it has as that very food: an ingredient entry prices a dish, and never shows on the
 * food's own answer.
 */
describe('ingredient entries price dishes, and only dishes', () => {
  const figures = new FiguresTable(readFiguresFile(defaultDataDir()));
  const catalog = loadCatalog();
  // Agribalyse codes: burger buns, soy oil, cooked red kidney beans.
  const [BUNS, SOY_OIL, KIDNEY_COOKED] = ['7259', '17420', '20503'];
  const clark = (sources: { dataset: string; name: string; kgCo2e: number }[]) =>
    sources.find((source) => source.dataset === 'clark-2022');

  it("prices a bun in a dish with Clark et al.'s bread, and shows none on the bun's own answer", () => {
    const bun = { code: BUNS, grams: 100, kgCo2e: 0.181 };
    const sources = figures.dishSources('a bun', null, [bun], 100);
    expect(clark(sources)).toMatchObject({ name: 'a bun', method: 'ingredients', mappedShare: 1 });
    expect(figures.foodSources(BUNS).map((source) => source.name)).toEqual(['Wheat & Rye']);
    expect(clark(catalog.findProduct('burger buns').sources ?? [])).toBeUndefined();
  });

  it("prices soy oil as rapeseed oil inside a dish, at the entry's own figure", () => {
    const oil = { code: SOY_OIL, grams: 1000, kgCo2e: 0 };
    const rapeseed = figures.entries().find((entry) => entry.name === 'Rapeseed oil')!;
    const perKg = figures.entrySource(rapeseed.item).kgCo2e;
    expect(clark(figures.dishSources('oil', null, [oil], 1000))!.kgCo2e).toBeCloseTo(perKg, 3);
  });

  it("shows cooked beans with Clark et al.'s beans as that very food", () => {
    expect(figures.foodSources(KIDNEY_COOKED).map((source) => [source.name, source.kgPerKg])).toEqual([
      ['Other Pulses', 0.4],
      ['Beans', null],
    ]);
  });
});
