import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

interface QueryFixture {
  found: { query: string; expected: string[] }[];
  notFound: string[];
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/product-queries.json', import.meta.url), 'utf8'),
) as QueryFixture;
const catalog = loadCatalog();
const data = JSON.parse(readFileSync(new URL('../../../data/products.json', import.meta.url), 'utf8')) as {
  products: { code: string; name: string }[];
};
const codeByName = new Map(data.products.map((product) => [product.name, product.code]));

/** Set just under the accuracy measured when the fixture was written; a drop means a regression. */
const ACCURACY_FLOOR = 0.95;

describe('product matching accuracy', () => {
  it(`finds the expected Agribalyse item for at least ${ACCURACY_FLOOR * 100}% of ${fixture.found.length} queries`, () => {
    expect(fixture.found.length).toBeGreaterThanOrEqual(150);
    const misses: string[] = [];
    for (const { query, expected } of fixture.found) {
      let got: string;
      try {
        got = codeByName.get(catalog.findProduct(query).name) ?? '?';
      } catch (error) {
        got = error instanceof NotFoundError ? `not found (${error.suggestions.join(' / ')})` : String(error);
      }
      if (!expected.includes(got)) misses.push(`${query} → ${got}, expected ${expected.join(' or ')}`);
    }
    const accuracy = 1 - misses.length / fixture.found.length;
    console.log(
      `catalog matching accuracy: ${(accuracy * 100).toFixed(1)}% (${fixture.found.length - misses.length}/${fixture.found.length})` +
        (misses.length > 0 ? `\nmisses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR);
  });

  it.each(fixture.notFound)('does not pretend to know %j', (query) => {
    expect(() => catalog.findProduct(query)).toThrow(NotFoundError);
  });
});
