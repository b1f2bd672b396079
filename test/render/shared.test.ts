import { describe, expect, it } from 'vitest';
import {
  formatFootprint,
  formatKg,
  formatShare,
  levelBasis,
  levelEmoji,
  levelLabel,
  levelScale,
  truncate,
  unitLabel,
} from '../../src/render/shared.js';

describe('formatKg', () => {
  it.each([
    [0, '0'],
    [0.0452, '0.045'],
    [0.1, '0.1'],
    [0.456, '0.456'],
    // Beside the 0.5 kg recipe budget, the third figure decides the verdict.
    [0.5042, '0.504'],
    [0.4989, '0.499'],
    [0.57, '0.57'],
    [1, '1'],
    [1.234, '1.23'],
    [1.2, '1.2'],
    [12.34, '12.3'],
    [99.96, '100'],
    [1234.5, '1,235'],
    [0.0004, '< 0.001'],
    [Number.NaN, '?'],
    [Number.POSITIVE_INFINITY, '?'],
  ])('%s → %s', (value, expected) => {
    expect(formatKg(value)).toBe(expected);
  });
});

describe('levelBasis', () => {
  it('ranks products among all foods and recipes against the meal budgets', () => {
    expect(levelBasis('product', 'low')).toBe('lowest third of all foods');
    expect(levelBasis('product', 'high')).toBe('highest third of all foods');
    expect(levelBasis('recipe', 'low')).toBe('within the 0.5 kg climate budget per meal');
    expect(levelBasis('recipe', 'medium')).toBe('below the average UK meal (1.55 kg)');
    expect(levelBasis('recipe', 'high')).toBe('above the average UK meal (1.55 kg)');
  });
});

describe('labels', () => {
  it('words units', () => {
    expect(unitLabel('kg')).toBe('per kg');
    expect(unitLabel('L')).toBe('per litre');
    expect(unitLabel('serving')).toBe('per serving');
    expect(formatFootprint(0.456, 'serving')).toBe('0.456 kg CO2e per serving');
  });

  it('words levels and marks the current one on the scale', () => {
    expect(levelLabel('medium')).toBe('Medium');
    expect(levelEmoji('high')).toBe('🔴');
    expect(levelScale('medium')).toBe('⚪ low · 🟡 MEDIUM · ⚪ high');
    expect(levelScale('low')).toBe('🟢 LOW · ⚪ medium · ⚪ high');
  });

  it('formats shares', () => {
    expect(formatShare(0.426)).toBe('43%');
    expect(formatShare(0.001)).toBe('<1%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(1)).toBe('100%');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcdef', 4)).toHaveLength(4);
  });

  it('never splits a surrogate pair', () => {
    const cut = truncate('a🥛🥛🥛', 3);
    expect(cut.length).toBeLessThanOrEqual(3);
    expect(cut).toBe('a…');
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });

  it('cuts identifiers without an ellipsis when given an empty one, still whole code points', () => {
    expect(truncate('abcdef', 4, '')).toBe('abcd');
    expect(truncate('abc', 4, '')).toBe('abc');
    expect(truncate('a🥛🥛', 4, '')).toBe('a🥛');
    expect(truncate('ab🥛', 3, '')).toBe('ab');
    expect(truncate('abcdef', 0, '')).toBe('');
  });
});
