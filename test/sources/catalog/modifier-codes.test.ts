import { describe, expect, it } from 'vitest';
import {
  conflictsCoded,
  HAS_GROUP,
  ModifierCodes,
  STATES,
  sharesAny,
} from '../../../src/sources/catalog/modifier-codes.js';
import { conflicts, ModifierReader } from '../../../src/sources/catalog/modifiers.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon } = curatedText();
const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes('products'));
const reader = new ModifierReader(groups);
const codes = new ModifierCodes(reader);
/** An entry's stated modifiers written at 3 in an array of their size and more, as the re-ranker keeps them. */
function written(stated: ReadonlyMap<string, ReadonlySet<string>>): Int32Array {
  const into = new Int32Array(3 + codes.statedSize(stated) + 2).fill(-7);
  expect(codes.writeStated(stated, into, 3)).toBe(3 + codes.statedSize(stated));
  return into;
}

/** Every word the lexicon reads a modifier from, and a few that state nothing. */
const words = [...new Set(groups.flatMap((group) => Object.values(group.values).flat()))];
const phrases = [
  [],
  ['bread'],
  ['beef'],
  ['chicken'],
  ['beef', 'chicken'],
  ['cooked'],
  ['raw'],
  ['raw', 'cooked'],
  ['dried', 'beef'],
  ...words.map((word) => [word]),
  ...words.slice(0, 40).map((word, i) => [word, words[(i * 7 + 3) % words.length]!]),
];

describe('ModifierCodes', () => {
  it('gives each group of the lexicon its own id, in order', () => {
    expect(groups.map((group) => codes.group(group.name))).toEqual(groups.map((_group, i) => i));
    expect(codes.group('no such group')).toBe(-1);
  });

  it('gives one id per value, the same each time', () => {
    const beef = codes.value('animal:beef');
    expect(codes.value('animal:beef')).toBe(beef);
    expect(codes.value('animal:chicken')).not.toBe(beef);
    expect([...codes.values(['animal:chicken', 'animal:beef'])]).toEqual([
      codes.value('animal:chicken'),
      beef,
    ]);
  });

  it('codes what an entry states: a group with values, a group without, and none', () => {
    const stated = written(
      new Map([
        ['animal', new Set(['beef'])],
        ['preparation', new Set<string>()],
      ]),
    );
    expect(stated[3 + codes.group('animal')]).toBe(STATES);
    expect(stated[3 + codes.group('preparation')]).toBe(HAS_GROUP);
    expect(stated[3 + codes.group('sugar')]).toBe(0);
    const count = 3 + codes.groupCount;
    expect(stated[count]).toBe(1);
    expect(stated[count + 1]).toBe(codes.value('animal:beef'));
    // Nothing is written past its run.
    expect([...stated.subarray(count + 2)]).toEqual([-7, -7]);
  });

  it('finds conflicts exactly where conflicts() does, for every pair of these phrases', () => {
    let conflicting = 0;
    for (const asked of phrases) {
      const askedMap = reader.read(asked);
      const query = codes.query(askedMap);
      for (const [group] of askedMap) expect(query.asked[codes.group(group)]).toBe(1);
      for (const named of phrases) {
        const statedMap = reader.read(named);
        const expected = conflicts(askedMap, statedMap);
        if (expected) conflicting++;
        expect(conflictsCoded(query, written(statedMap), 3, codes.groupCount), `${asked} / ${named}`).toBe(
          expected,
        );
      }
    }
    // The phrases make both answers common enough to mean something.
    expect(conflicting).toBeGreaterThan(100);
  });

  it('sharesAny says whether two lists of ids meet', () => {
    expect(sharesAny(Int32Array.of(1, 2), Int32Array.of(3, 2))).toBe(true);
    expect(sharesAny(Int32Array.of(1, 2), Int32Array.of(3, 4))).toBe(false);
    expect(sharesAny(Int32Array.of(), Int32Array.of(3))).toBe(false);
    // Only within the range given.
    expect(sharesAny(Int32Array.of(2), Int32Array.of(2, 3, 4), 1, 3)).toBe(false);
    expect(sharesAny(Int32Array.of(4), Int32Array.of(2, 3, 4), 1, 3)).toBe(true);
  });
});
