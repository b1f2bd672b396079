import { describe, expect, it } from 'vitest';
import {
  createMatchProbe,
  describeEvaluation,
  evaluateMatching,
  loadQueryFixture,
} from '../../../scripts/build-data/match-evaluation.js';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

const fixture = loadQueryFixture('product-queries.json');
const catalog = loadCatalog();

/** Set just under the accuracy measured when the fixture was written; a drop means a regression. */
const ACCURACY_FLOOR = 0.95;

describe('product matching accuracy', () => {
  it(`finds the expected Agribalyse item for at least ${ACCURACY_FLOOR * 100}% of ${fixture.found.length} queries`, () => {
    expect(fixture.found.length).toBeGreaterThanOrEqual(150);
    const evaluation = evaluateMatching(createMatchProbe(catalog), { ...fixture, notFound: [] });
    console.log(describeEvaluation('catalog matching (in-sample)', evaluation, true));
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR);
  });

  it.each(fixture.notFound.map(({ query }) => query))('does not pretend to know %j', (query) => {
    expect(() => catalog.findProduct(query)).toThrow(NotFoundError);
  });
});
