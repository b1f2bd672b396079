import { describe, expect, it } from 'vitest';
import { conflicts, ModifierReader } from '../../../src/sources/catalog/modifiers.js';

const reader = new ModifierReader([
  {
    name: 'animal',
    why: 'test',
    definesFood: true,
    fallbackValue: 'meatfree',
    appliesTo: ['products', 'dishes'],
    values: { beef: ['beef'], chicken: ['chicken'], meatfree: ['chickpea', 'vegetarian'] },
  },
  {
    name: 'preparation',
    definesFood: false,
    why: 'test',
    appliesTo: ['products'],
    values: { raw: ['raw'], cooked: ['cooked', 'fried'] },
  },
  {
    name: 'preservation',
    definesFood: false,
    why: 'test',
    appliesTo: ['products'],
    values: { fresh: ['fresh'], frozen: ['frozen'], dried: ['dried'] },
    accepts: { frozen: ['fresh'] },
  },
]);

describe('ModifierReader', () => {
  it('reads the values words state, per group', () => {
    expect(reader.read(['chicken', 'fried'])).toEqual(
      new Map([
        ['animal', new Set(['chicken'])],
        ['preparation', new Set(['cooked'])],
      ]),
    );
  });

  it('drops the fallback value when another value of its group is stated', () => {
    expect(reader.read(['chickpea', 'chicken']).get('animal')).toEqual(new Set(['chicken']));
  });

  it("tells a word stating only its group's fallback from one stating a value of its own", () => {
    expect(reader.statesBeyondFallback('chickpea')).toBe(false);
    expect(reader.statesBeyondFallback('chicken')).toBe(true);
    expect(reader.statesBeyondFallback('fried')).toBe(true);
    expect(reader.statesBeyondFallback('curry')).toBe(false);
  });

  it('tells a word that only qualifies the food from one that names it', () => {
    expect(reader.qualifies('fried')).toBe(true);
    expect(reader.qualifies('chickpea')).toBe(false);
    expect(reader.qualifies('chicken')).toBe(false);
    expect(reader.qualifies('curry')).toBe(false);
  });

  it('widens what a query asks for by what a food may state instead, and only that', () => {
    const frozen = reader.read(['frozen']);
    expect(reader.widen(frozen).get('preservation')).toEqual(new Set(['frozen', 'fresh']));
    expect(conflicts(reader.widen(frozen), reader.read(['fresh']))).toBe(false);
    expect(conflicts(reader.widen(frozen), reader.read(['dried']))).toBe(true);
    // Nothing to widen: the same map back.
    const chicken = reader.read(['chicken']);
    expect(reader.widen(chicken)).toBe(chicken);
    expect(reader.widen(reader.read(['fresh'])).get('preservation')).toEqual(new Set(['fresh']));
  });

  it('finds a conflict only where both sides state a group and share no value', () => {
    expect(conflicts(reader.read(['chicken']), reader.read(['beef']))).toBe(true);
    expect(conflicts(reader.read(['chicken']), reader.read(['raw']))).toBe(false);
  });
});
