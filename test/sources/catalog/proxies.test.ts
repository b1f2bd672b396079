import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

/**
 * A plain food answered with an exotic one: Open Food Facts made the wild morel (6.2 kg CO2e per kg in
 * Agribalyse 3.2) the stand-in for all mushrooms. data/curated/proxy-overrides.json stands ordinary
 * mushrooms in with the frozen pan-fried vegetables with mushrooms instead, the stand-in the
 * hand-written dishes already use; the answer says it is only the closest match.
 */
describe('ordinary mushrooms', () => {
  const catalog = loadCatalog();

  it('are not answered with morels, and the answer says it is the closest match', () => {
    const answer = catalog.findProduct('mushrooms');
    expect(answer.name).toBe('Vegetables pan-fried with mushrooms (country-style), frozen');
    expect(answer.kgCo2ePerUnit).toBeLessThan(1);
    expect(answer.notes[0]).toMatch(/^Closest match in the catalog/);
  });

  it('are priced alike in an ingredient line, while morels are still morels', () => {
    expect(catalog.matchFood('mushrooms')?.code).toBe('20498');
    expect(catalog.findProduct('morels').name).toBe('Morel, raw');
  });
});
