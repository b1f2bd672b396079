import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

/**
 * A plain food answered with an exotic one: Open Food Facts made the wild morel (6.2 kg CO2e per kg in
 * Agribalyse 3.2) the stand-in for all mushrooms. data/curated/proxy-overrides.json stands ordinary
 * mushrooms in with the frozen pan-fried vegetables with mushrooms instead, the stand-in the
 * hand-written dishes already use. Agribalyse 3.2 has no cultivated mushroom, and Clark et al. (2022)
 * has "Mushrooms": a product query is answered with that entry, saying the catalog has none
 * (figures/study-answer.ts); an ingredient line is priced with the stand-in.
 */
describe('ordinary mushrooms', () => {
  const catalog = loadCatalog();
  const alone = loadCatalog(undefined, { figures: false });

  it("are not answered with morels: Clark et al.'s own entry answers, saying the catalog has none", () => {
    const answer = catalog.findProduct('mushrooms');
    expect(answer.name).toBe('Mushrooms');
    expect(answer.catalogHasFood).toBe(false);
    expect(answer.sources!.map((source) => [source.dataset, source.kgCo2e])).toEqual([['clark-2022', 2.353]]);
    expect(answer.withoutFigure![0]).toBe('ADEME Agribalyse 3.2');
  });

  it("without the studies' figures, are the stand-in, said to be the closest match", () => {
    const answer = alone.findProduct('mushrooms');
    expect(answer.name).toBe('Vegetables pan-fried with mushrooms (country-style), frozen');
    expect(answer.kgCo2ePerUnit).toBeLessThan(1);
    expect(answer.notes[0]).toMatch(/^Closest match in the catalog/);
  });

  it('are priced alike in an ingredient line, while morels are still morels', () => {
    expect(catalog.matchFood('mushrooms')?.code).toBe('20498');
    expect(catalog.findProduct('morels').name).toBe('Morel, raw');
  });
});
