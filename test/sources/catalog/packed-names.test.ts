import { describe, expect, it } from 'vitest';
import { ModifierReader } from '../../../src/sources/catalog/modifiers.js';
import { HEADER, KIND_CODE, NAME_STRIDE, PackedNames } from '../../../src/sources/catalog/packed-names.js';
import { FoodIndex } from '../../../src/sources/catalog/search-index.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon, text } = curatedText();
const index = new FoodIndex(
  [
    {
      names: [
        { text: 'Chicken, breast, cooked', kind: 'name' },
        { text: 'chicken breast', kind: 'alias' },
        { text: 'roast chicken fillets', kind: 'synonym' },
      ],
    },
    { names: [{ text: 'Broccoli, raw', kind: 'name' }] },
  ],
  text,
  lexicon.packWords,
);
const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes('products'));
const packed = new PackedNames({
  index,
  modifiers: new ModifierReader(groups),
  nonDefaultStates: new Set(lexicon.nonDefaultStates),
  qualifiers: new Set(lexicon.packWords),
  foodDefiningGroups: new Set(groups.filter((group) => group.definesFood).map((group) => group.name)),
});
const words = (ids: Int32Array, start: number, end: number) =>
  [...ids.subarray(start, end)].map((id) =>
    [...index.variants.flat().flatMap((v) => v.tokens)].find((t) => packed.id(t) === id),
  );

describe('PackedNames', () => {
  it('packs each name with its kind, words, weights and heads', () => {
    const { ids, numbers, base } = packed.entry(0);
    expect(ids[base]).toBe(index.variants[0]!.length);
    index.variants[0]!.forEach((variant, v) => {
      const at = base + HEADER + NAME_STRIDE * v;
      expect(ids[at]).toBe(KIND_CODE[variant.kind]);
      expect(numbers[at]).toBe(variant.totalWeight);
      expect(words(ids, ids[at + 1]!, ids[at + 2]!)).toEqual(variant.tokens);
      expect([...numbers.subarray(ids[at + 1]!, ids[at + 2]!)]).toEqual(variant.weights);
      expect([...ids.subarray(ids[at + 3]!, ids[at + 4]!)]).toEqual(
        variant.heads.map((head) => packed.id(head)),
      );
    });
    expect(new Set(words(ids, ids[base + 1]!, ids[base + 2]!))).toEqual(index.trustedWords[0]);
  });

  it("keeps the main name's unasked words and whether it is raw", () => {
    const { ids, base } = packed.entry(0);
    // "chicken" states the animal (a food-defining group); "cooked" is a non-default state.
    expect(words(ids, ids[base + 3]!, ids[base + 4]!)).toEqual(['chicken', 'cooked']);
    expect(ids[base + 5]).toBe(0);
    const broccoli = packed.entry(1);
    expect(broccoli.ids[broccoli.base + 5]).toBe(1);
    expect(broccoli.ids[broccoli.base + 6]).toBe(1);
  });

  it("keeps each entry's run apart, whichever is packed first", () => {
    const fresh = new PackedNames({
      index,
      modifiers: new ModifierReader(groups),
      nonDefaultStates: new Set(lexicon.nonDefaultStates),
      qualifiers: new Set(lexicon.packWords),
      foodDefiningGroups: new Set(groups.filter((group) => group.definesFood).map((group) => group.name)),
    });
    // baseOf packs the entry as entry() does, and says where it starts.
    const secondBase = fresh.baseOf(1);
    const second = fresh.entry(1);
    expect(second.base).toBe(secondBase);
    const first = fresh.entry(0);
    expect([...first.ids]).toEqual([...packed.entry(0).ids]);
    expect([...first.numbers]).toEqual([...packed.entry(0).numbers]);
    expect(first.base).toBeLessThan(second.base);
    // The broccoli's run is untouched by the chicken's, packed after it.
    expect(second.ids[second.base]).toBe(index.variants[1]!.length);
  });

  it('gives a word no name has the id -1, which matches nothing', () => {
    expect(packed.id('laptop')).toBe(-1);
    expect(packed.id(undefined)).toBe(-1);
    expect(packed.id('broccoli')).toBeGreaterThanOrEqual(0);
  });
});
