import { describe, expect, it } from 'vitest';
import { evaluateMatching, type MatchOutcome } from '../../scripts/build-data/match-evaluation.js';

/**
 * How the matching report counts a product query answered with a study's own entry (the catalog lacks
 * the food): right for a food the set says the catalog lacks, but never for a non-food, and wrong for a
 * food the catalog has.
 */
describe('counting answers from a study entry', () => {
  const study: MatchOutcome = { code: null, label: 'Halloumi cheese (0.95)', study: true };
  const probe = (query: string): MatchOutcome =>
    query === 'cheddar' ? { code: '12726', label: 'Cheddar' } : study;

  it('lists a food the catalog lacks apart, counts a non-food as matched, and a food the catalog has as wrong', () => {
    const evaluation = evaluateMatching(probe, {
      found: [
        { query: 'cheddar', expected: ['12726'] },
        { query: 'feta', expected: ['12110'] },
      ],
      notFound: [
        { query: 'halloumi', reason: 'absent' },
        { query: 'halloumi phone case', reason: 'non-food' },
      ],
    });
    expect(evaluation.correct).toBe(1);
    expect(evaluation.wrong).toHaveLength(1);
    expect(evaluation.missed).toEqual([]);
    expect(evaluation.studyAnswered).toEqual(['halloumi (absent) → Halloumi cheese (0.95)']);
    expect(evaluation.falsePositives).toEqual(['halloumi phone case (non-food) → Halloumi cheese (0.95)']);
    expect(evaluation.nonFoodMatched).toEqual(['halloumi phone case']);
  });
});
