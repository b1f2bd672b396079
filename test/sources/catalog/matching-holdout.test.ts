import { describe, expect, it } from 'vitest';
import {
  createMatchProbe,
  describeEvaluation,
  evaluateMatching,
  loadQueryFixture,
} from '../../../scripts/build-data/match-evaluation.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

/**
 * Held-out queries (test/fixtures/product-queries-holdout.json), written without looking at the alias
 * table: brand and pack-size queries, dishes, US names, typos and compound food names. Three outcomes
 * are counted apart, because a confident wrong answer is worse than "not found" with suggestions.
 */

const evaluation = evaluateMatching(
  createMatchProbe(loadCatalog()),
  loadQueryFixture('product-queries-holdout.json'),
);

/** Floors and ceilings set just short of what the matcher achieves; crossing one is a regression. */
const ACCURACY_FLOOR = 0.85;
const WRONG_MATCH_CEILING = 0.03;
const FALSE_POSITIVE_CEILING = 1;

describe('product matching on held-out queries', () => {
  it('mostly finds the expected item and rarely a wrong one', () => {
    console.log(describeEvaluation('held-out matching', evaluation, true));
    expect(evaluation.total).toBeGreaterThanOrEqual(150);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR);
    expect(evaluation.wrongRate).toBeLessThanOrEqual(WRONG_MATCH_CEILING);
  });

  it('rarely matches queries the catalog has no answer for', () => {
    expect(evaluation.falsePositives.length).toBeLessThanOrEqual(FALSE_POSITIVE_CEILING);
  });
});
