import { describe, expect, it } from 'vitest';
import { comparisonSentence, parseComparison, percentDifference } from '../../src/core/comparison.js';

describe('parseComparison', () => {
  it.each([
    ['32% higher than the average product in the category', 32, 'higher'],
    ['The impact is 12.5 percent lower than average', 12.5, 'lower'],
    ['about 7,5 per cent less than the category', 7.5, 'lower'],
    ['40 % above the mean', 40, 'higher'],
    ['3% BELOW average', 3, 'lower'],
    ['15% greater', 15, 'higher'],
    ['15% smaller', 15, 'lower'],
    ['150% more than cow milk', 150, 'higher'],
    ['12,5% lower than the category', 12.5, 'lower'],
  ])('reads %j', (sentence, percent, direction) => {
    expect(parseComparison(sentence)).toEqual({ percent, direction });
  });

  it.each([
    ['1,234% higher than the average product', 1234, 'higher'],
    ['-1,234% higher than average', 1234, 'lower'],
    ['12,345.5 percent lower', 12345.5, 'lower'],
    ['1,234,567% more', 1234567, 'higher'],
  ])(
    'reads a comma before exactly three digits in %j as a thousands separator',
    (sentence, percent, direction) => {
      expect(parseComparison(sentence)).toEqual({ percent, direction });
    },
  );

  it.each([
    ['1,2345% higher', 1.2345, 'higher'],
    ['1,23% higher', 1.23, 'higher'],
    ['0,125% lower', 0.125, 'lower'],
  ])('reads any other comma in %j as a decimal comma', (sentence, percent, direction) => {
    expect(parseComparison(sentence)).toEqual({ percent, direction });
  });

  it('folds a negative sign into the direction', () => {
    expect(parseComparison('-20% higher than average')).toEqual({ percent: 20, direction: 'lower' });
    expect(parseComparison('-20% lower than average')).toEqual({ percent: 20, direction: 'higher' });
  });

  it('reads 0% as the same', () => {
    expect(parseComparison('0% higher than average')).toEqual({ percent: 0, direction: 'same' });
    expect(parseComparison('It is the same as the average product')).toEqual({
      percent: 0,
      direction: 'same',
    });
    expect(parseComparison('on par with the average')).toEqual({ percent: 0, direction: 'same' });
  });

  it('returns null when the sentence does not say it plainly', () => {
    expect(parseComparison('')).toBeNull();
    expect(parseComparison('Much higher than average')).toBeNull();
    expect(parseComparison('32 higher')).toBeNull();
    expect(parseComparison('higher by 32%')).toBeNull();
  });
});

describe('percentDifference', () => {
  it('rounds to whole percent and picks a direction', () => {
    expect(percentDifference(1.5, 1)).toEqual({ percent: 50, direction: 'higher' });
    expect(percentDifference(0.25, 1)).toEqual({ percent: 75, direction: 'lower' });
    expect(percentDifference(1.004, 1)).toEqual({ percent: 0, direction: 'same' });
  });
});

describe('comparisonSentence', () => {
  it('writes a sentence that parseComparison reads back', () => {
    for (const comparison of [
      { percent: 32, direction: 'higher' as const },
      { percent: 71, direction: 'lower' as const },
      { percent: 0, direction: 'same' as const },
    ]) {
      const sentence = comparisonSentence(comparison, 'the average product in “Milk”');
      expect(sentence).toContain('the average product in “Milk”');
      expect(parseComparison(sentence)).toEqual(comparison);
    }
  });
});
