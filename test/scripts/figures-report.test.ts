import { describe, expect, it } from 'vitest';
import {
  evaluateDishes,
  evaluateFoods,
  loadFiguresSet,
  summarise,
} from '../../scripts/build-data/figures-evaluation.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * Floors on the development half of the independent-figures blind set (written from the studies'
 * files alone; tuned on, so these are in-sample figures). They keep what the mapping reaches from
 * sliding back; the validation half is measured by the lead (figures-report.ts --validation).
 */
describe('independent figures against the blind set (development half, in-sample)', () => {
  const catalog = loadCatalog();
  const set = loadFiguresSet('independent-figures-dev.json');
  const summary = summarise(evaluateFoods(catalog, set), evaluateDishes(catalog, set));

  it("shows every study's own entry for at least 92% of the everyday foods a study covers", () => {
    expect(summary.covered).toBe(124);
    expect(summary.coveredRight / summary.covered).toBeGreaterThanOrEqual(0.92);
  });

  it('gives an independent per-serving figure for at least 94% of dishes, and contradicts at most one verdict', () => {
    expect(summary.dishesWithIndependent / summary.dishes).toBeGreaterThanOrEqual(0.94);
    expect(summary.contradicted).toBeLessThanOrEqual(1);
  });
});
