import { describe, expect, it } from 'vitest';
import { foldText, foldWords } from '../../src/core/fold.js';

describe('foldText', () => {
  it('lowers case, drops accents, makes apostrophes plain and reads & as and', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('Ben & Jerry’s')).toBe("ben  and  jerry's");
  });
});

describe('foldWords', () => {
  it('keeps words, digits and percentages, with single spaces', () => {
    expect(foldWords('  Fish & Chips!! ')).toBe('fish and chips');
    expect(foldWords('Yoghurt, 0% fat (Greek-style)')).toBe('yoghurt 0% fat greek style');
  });

  it('makes names that differ only in case, accents and punctuation the same', () => {
    expect(foldWords('Pâté de campagne')).toBe(foldWords('pate de CAMPAGNE'));
  });
});
