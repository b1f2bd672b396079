import { describe, expect, it } from 'vitest';
import { interpretClimateFriendly, statusMeansNotFound } from '../../../src/sources/api/interpret.js';

describe('interpretClimateFriendly', () => {
  it.each([
    'yes',
    'Yes',
    'YES.',
    'y',
    'true',
    'True',
    '1',
    'climate friendly',
    'Climate-Friendly',
    'climate_friendly',
    'Climate friendly!',
    'is climate friendly',
    'friendly',
    'Climate friendly: yes',
    'This recipe is climate friendly',
    'Yes, within the Paris budget',
    'is it climate friendly? yes',
    'Climate friendly? Yes, within the Paris budget',
    'friendly: yes',
    'climate_friendly=true',
    'Climate friendly: 1',
    'Verdict: yes',
  ])('reads %j as yes', (raw) => {
    expect(interpretClimateFriendly(raw)).toEqual({ value: 'yes', raw: null });
  });

  it.each(['depends', 'Depends'])("reads carbon serve's %j as depends on the data", (raw) => {
    expect(interpretClimateFriendly(raw)).toEqual({ value: 'depends', raw: null });
  });

  it.each([
    'no',
    'No',
    'N',
    'false',
    'FALSE',
    '0',
    'not climate friendly',
    'Not climate-friendly',
    'NOT_CLIMATE_FRIENDLY',
    'not friendly',
    'unfriendly',
    'climate unfriendly',
    'Climate friendly: no',
    "isn't climate friendly",
    'isn’t climate friendly',
    'This recipe is not very climate friendly',
    'non climate friendly',
    'No, above the Paris budget',
    'is it climate friendly? no',
    'Is this recipe climate-friendly? No.',
    'friendly: no',
    'friendly no',
    'climate_friendly: false',
    'Climate friendly? Not climate friendly',
    'Verdict: no',
    'No, not climate friendly',
  ])('reads %j as no', (raw) => {
    expect(interpretClimateFriendly(raw)).toEqual({ value: 'no', raw: null });
  });

  it.each([
    '',
    'maybe',
    'unknown',
    'n/a',
    'No data',
    'no information',
    'partially',
    '2',
    'pending',
    // A label followed by something that is not an answer.
    'Climate friendly: no data',
    'climate friendly: n/a',
    'Is it climate friendly? Not sure',
    // Contradictory, or a negated question whose yes/no could mean either.
    'Yes, climate friendly: no',
    'No, climate friendly',
    'Yes, not climate friendly',
    'not climate friendly? yes',
    'unfriendly: no',
  ])('keeps %j unknown with the raw text', (raw) => {
    expect(interpretClimateFriendly(raw)).toEqual({ value: 'unknown', raw });
  });
});

describe('statusMeansNotFound', () => {
  it.each([
    'not found',
    'Not Found',
    'NOT_FOUND',
    'notfound',
    'Product not found',
    'no match',
    'No matches',
    'no matching product',
    'no results',
    'no result',
    'unknown product',
    'Recipe does not exist',
    "doesn't exist",
    'nothing found',
    'none',
    '404',
  ])('treats %j as not found', (status) => {
    expect(statusMeansNotFound(status)).toBe(true);
  });

  it.each(['success', 'ok', 'found', 'match found', 'Found', '200', 'partial match', 'estimated', ''])(
    'treats %j as an answer',
    (status) => {
      expect(statusMeansNotFound(status)).toBe(false);
    },
  );
});
