import { describe, expect, it } from 'vitest';
import { Matcher, type VariantBias } from '../../../src/sources/catalog/matcher.js';
import { normaliseLookup, normaliseQuery, queryHeadPhrase } from '../../../src/sources/catalog/normalise.js';

describe('Matcher', () => {
  it('prepares the variant bias once per lookup, not once per candidate name', () => {
    let prepared = 0;
    let scored = 0;
    const bias: VariantBias = (query, queryHead) => {
      prepared++;
      expect([...query]).toEqual(['dark', 'chocolate', '85%']);
      expect(queryHead).toBe('chocolate');
      return () => {
        scored++;
        return 0;
      };
    };
    const matcher = new Matcher(
      [
        { names: ['Dark chocolate bar, less than 70% cocoa'] },
        { names: ['Dark chocolate bar, more than 70% cocoa'] },
        { names: ['Milk chocolate bar'] },
      ],
      bias,
    );
    expect(matcher.search('dark chocolate 85%', 3)).toHaveLength(3);
    expect(prepared).toBe(1);
    expect(scored).toBeGreaterThanOrEqual(3);
  });

  it('searches a query normalised up front exactly as the raw query', () => {
    const matcher = new Matcher([
      { names: ['Tuna, in brine, drained'] },
      { names: ['Spring water'] },
      { names: ['Pasta, cooked'] },
      { names: ['Cheese sauce'] },
    ]);
    for (const query of ['tuna chunks in spring water', 'pasta with cheese sauce', 'cheese sauce']) {
      const expected = matcher.searchTokens(normaliseQuery(query), 5, normaliseQuery(queryHeadPhrase(query)));
      expect(matcher.search(query)).toEqual(expected);
      expect(matcher.searchNormalised(normaliseLookup(query))).toEqual(expected);
    }
  });
});
