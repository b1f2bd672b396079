import { beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateDishes,
  evaluateFoods,
  loadFiguresSet,
  summarise,
} from '../../scripts/build-data/figures-evaluation.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * Floors on the development halves of the independent-figures blind sets (written from the studies'
 * files alone; tuned on, so these are in-sample figures). They keep what the mapping and the dish
 * composer reach from sliding back; the validation halves are measured by the lead
 * (figures-report.ts --validation). A dish built from its parts counts as found, as /carbon recipe
 * answers it.
 */
describe('independent figures against the blind sets (development halves, in-sample)', () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const measure = async (file: string) => {
    const set = loadFiguresSet(file);
    return summarise(evaluateFoods(catalog, set), await evaluateDishes(catalog, set));
  };
  let first: Awaited<ReturnType<typeof measure>>;
  let second: Awaited<ReturnType<typeof measure>>;
  let third: Awaited<ReturnType<typeof measure>>;
  beforeAll(async () => {
    first = await measure('independent-figures-dev.json');
    second = await measure('figures-b-dev.json');
    third = await measure('figures-c-dev.json');
  });

  it("shows every study's own entry for most everyday foods a study covers", () => {
    expect(first.covered).toBe(124);
    expect(first.coveredRight / first.covered).toBeGreaterThanOrEqual(0.98);
    expect(second.covered).toBe(147);
    expect(second.coveredRight / second.covered).toBeGreaterThanOrEqual(0.95);
    expect(first.shownWhereNone + second.shownWhereNone).toBeLessThanOrEqual(9);
    expect(third.covered).toBe(3);
    expect(third.coveredRight).toBeGreaterThanOrEqual(2);
  });

  it("answers foods the catalog lacks with a study's own entry, each with every figure as the set has it", () => {
    expect(first.answeredByStudy + second.answeredByStudy).toBeGreaterThanOrEqual(13);
    expect(first.answeredByStudyRight).toBe(first.answeredByStudy);
    expect(second.answeredByStudyRight).toBe(second.answeredByStudy);
    expect(first.notAnswered + second.notAnswered).toBeLessThanOrEqual(4);
  });

  it('gives an independent per-serving figure for at least 95% of dishes, built or named, and contradicts no verdict', () => {
    expect(first.dishesWithIndependent / first.dishes).toBeGreaterThanOrEqual(0.98);
    expect(second.dishesWithIndependent / second.dishes).toBeGreaterThanOrEqual(0.97);
    expect(third.dishes).toBe(8);
    expect(third.dishesWithIndependent).toBeGreaterThanOrEqual(7);
    expect(second.dishesComposed).toBeGreaterThan(0);
    expect(first.dishesNotFound + second.dishesNotFound + third.dishesNotFound).toBe(0);
    expect([first.contradicted, second.contradicted, third.contradicted]).toEqual([0, 0, 0]);
  });
});
