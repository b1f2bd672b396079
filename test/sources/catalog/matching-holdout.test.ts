import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

/**
 * Held-out queries (test/fixtures/product-queries-holdout.json), written without looking at the alias
 * table: brand and pack-size queries, dishes, US names, typos and compound food names. Three outcomes
 * are counted apart, because a confident wrong answer is worse than "not found" with suggestions.
 */
interface QueryFixture {
  found: { query: string; expected: string[] }[];
  notFound: string[];
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/product-queries-holdout.json', import.meta.url), 'utf8'),
) as QueryFixture;
const catalog = loadCatalog();
const data = JSON.parse(readFileSync(new URL('../../../data/products.json', import.meta.url), 'utf8')) as {
  products: { code: string; name: string }[];
};
const codeByName = new Map(data.products.map((product) => [product.name, product.code]));

/** Floors and ceilings set just short of what the matcher achieves; crossing one is a regression. */
const ACCURACY_FLOOR = 0.85;
const WRONG_MATCH_CEILING = 0.03;
const FALSE_POSITIVE_CEILING = 1;

function lookup(query: string): { code: string | null; label: string } {
  try {
    const result = catalog.findProduct(query);
    return { code: codeByName.get(result.name) ?? '?', label: `${result.name} (${result.confidence})` };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return { code: null, label: `not found (${error.suggestions.join(' / ')})` };
  }
}

describe('product matching on held-out queries', () => {
  it('mostly finds the expected item and rarely a wrong one', () => {
    expect(fixture.found.length).toBeGreaterThanOrEqual(150);
    const wrong: string[] = [];
    const missed: string[] = [];
    for (const { query, expected } of fixture.found) {
      const { code, label } = lookup(query);
      if (code === null) missed.push(`${query} → ${label}`);
      else if (!expected.includes(code)) wrong.push(`${query} → ${label}, expected ${expected.join(' or ')}`);
    }
    const total = fixture.found.length;
    const accuracy = (total - wrong.length - missed.length) / total;
    const wrongRate = wrong.length / total;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `held-out matching: ${percent(accuracy)} correct, ${percent(wrongRate)} wrong match, ` +
        `${percent(missed.length / total)} wrongly not found (${total} queries)` +
        (wrong.length > 0 ? `\nwrong:\n  ${wrong.join('\n  ')}` : '') +
        (missed.length > 0 ? `\nnot found:\n  ${missed.join('\n  ')}` : ''),
    );
    expect(accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR);
    expect(wrongRate).toBeLessThanOrEqual(WRONG_MATCH_CEILING);
  });

  it('rarely matches queries the catalog has no answer for', () => {
    const matched = fixture.notFound.flatMap((query) => {
      const { code, label } = lookup(query);
      return code === null ? [] : [`${query} → ${label}`];
    });
    if (matched.length > 0)
      console.log(`held-out not-found queries that matched:\n  ${matched.join('\n  ')}`);
    expect(matched.length).toBeLessThanOrEqual(FALSE_POSITIVE_CEILING);
  });
});
