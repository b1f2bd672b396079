import { describe, expect, it } from 'vitest';
import { ModifierReader } from '../../../src/sources/catalog/modifiers.js';
import { QueryMarks, queryIds, RerankTables } from '../../../src/sources/catalog/rerank-tables.js';
import { FoodIndex } from '../../../src/sources/catalog/search-index.js';
import { curatedText } from '../../support/curated-text.js';

describe('QueryMarks', () => {
  it("marks the query's words and sole heads, and forgets them when the next query starts", () => {
    const marks = new QueryMarks(10);
    marks.start(Int32Array.of(3, -1, 7), Int32Array.of(-1, 5, -1));
    expect([3, 7].every((id) => marks.has(id))).toBe(true);
    expect([0, 5, 9].some((id) => marks.has(id))).toBe(false);
    expect(marks.hasSole(5)).toBe(true);
    expect(marks.hasSole(3)).toBe(false);
    marks.start(Int32Array.of(9), Int32Array.of(-1));
    expect(marks.has(9)).toBe(true);
    expect(marks.has(3) || marks.has(7) || marks.hasSole(5)).toBe(false);
  });

  it('covers the query words a range of ids has, by their place in the query, two ranges at once', () => {
    const marks = new QueryMarks(10);
    marks.start(Int32Array.of(3, 7, 1), Int32Array.of(-1, -1, -1));
    const ids = Int32Array.of(0, 7, 2, 1, 3);
    const first = marks.cover(0, ids, 1, 4); // 7, 2, 1
    const second = marks.cover(1, ids, 4, 5); // 3
    expect([0, 1, 2].map((w) => marks.covers(0, w, first))).toEqual([false, true, true]);
    expect([0, 1, 2].map((w) => marks.covers(1, w, second))).toEqual([true, false, false]);
    // A later range in the same list replaces the earlier one.
    const third = marks.cover(0, ids, 0, 1);
    expect([0, 1, 2].some((w) => marks.covers(0, w, third))).toBe(false);
    expect(marks.covers(1, 0, second)).toBe(true);
  });

  it('makes room for a query longer than any before', () => {
    const marks = new QueryMarks(40);
    const words = Int32Array.from({ length: 30 }, (_v, i) => i);
    marks.start(words, new Int32Array(30).fill(-1));
    const mark = marks.cover(1, words, 0, 30);
    expect(words.every((_id, w) => marks.covers(1, w, mark))).toBe(true);
  });
});

describe('RerankTables', () => {
  const { lexicon, text } = curatedText();
  const index = new FoodIndex(
    [
      {
        names: [
          { text: 'Chicken, breast, cooked', kind: 'name' },
          { text: 'roast chicken fillets', kind: 'synonym' },
        ],
      },
      { names: [{ text: 'Broccoli, raw', kind: 'name' }] },
    ],
    text,
    lexicon.packWords,
  );
  const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes('products'));
  const modifiers = new ModifierReader(groups);
  const variantValues = index.variants.map((variants) =>
    variants.map((variant) => new Set(variant.tokens.flatMap((token) => modifiers.valueKeys(token)))),
  );
  const stated = index.variants.map((variants) => modifiers.read(variants[0]!.tokens));
  const tables = new RerankTables({
    index,
    modifiers,
    nonDefaultStates: new Set(lexicon.nonDefaultStates),
    qualifiers: new Set(lexicon.packWords),
    foodDefiningGroups: new Set(groups.filter((group) => group.definesFood).map((group) => group.name)),
    stated,
    variantValues,
  });

  it("codes an entry's stated modifiers, its names' values and its unasked words' groups", () => {
    const { codes, coded } = tables;
    const packed = tables.packed.entry(0);
    const at = tables.codedAt(0);
    expect(tables.codedAt(0)).toBe(at);
    expect(coded[at + 2 + codes.group('animal')]).toBe(1);
    expect(coded[at + 2 + codes.group('sugar')]).toBe(0);
    const valuesAt = coded[at]!;
    variantValues[0]!.forEach((values, v) => {
      const ids = [...coded.subarray(coded[valuesAt + 2 * v]!, coded[valuesAt + 2 * v + 1]!)];
      expect(ids).toEqual([...values].map((key) => codes.value(key)));
    });
    const unaskedAt = coded[at + 1]!;
    packed.unaskedGroups.forEach((names, u) => {
      const ids = [...coded.subarray(coded[unaskedAt + 2 * u]!, coded[unaskedAt + 2 * u + 1]!)];
      expect(ids).toEqual(names.map((group) => codes.group(group)));
    });
    // "chicken" is the animal: a food-defining word of the main name.
    expect(packed.unaskedGroups.some((names) => names.includes('animal'))).toBe(true);
  });

  it("works out a query's ids and marks its words", () => {
    const asked = queryIds(
      tables,
      [{ token: 'chicken' }, { token: 'laptop' }],
      'chicken',
      new Map([['chicken', ['animal:chicken']]]),
      modifiers.read(['chicken']),
      (token) => index.soleHead(token),
      () => true,
    );
    expect(asked.words[1]).toBe(-1);
    expect(asked.head).toBe(tables.packed.id('chicken'));
    expect(tables.marks.has(tables.packed.id('chicken'))).toBe(true);
    expect(tables.marks.has(tables.packed.id('broccoli'))).toBe(false);
    expect([...asked.values[0]!]).toEqual([tables.codes.value('animal:chicken')]);
    expect(asked.values[1]).toBeNull();
    expect(asked.preparation).toBe(false);
  });

  it('leaves out the values of a word that says what the food is, which no other word nearly covers', () => {
    const asked = queryIds(
      tables,
      [{ token: 'chicken' }],
      'chicken',
      new Map([['chicken', ['animal:chicken']]]),
      modifiers.read(['chicken']),
      (token) => index.soleHead(token),
      (token) => modifiers.qualifies(token),
    );
    expect(asked.values[0]).toBeNull();
  });
});
