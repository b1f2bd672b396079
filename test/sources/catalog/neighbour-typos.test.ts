import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { NeighbourTypos, withinOneEdit } from '../../../src/sources/catalog/neighbour-typos.js';
import { FoodIndex } from '../../../src/sources/catalog/search-index.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon, text } = curatedText();
const index = new FoodIndex(
  [
    { names: [{ text: 'Pad Thai', kind: 'name' }] },
    { names: [{ text: 'Doner kebab', kind: 'alias' }] },
    { names: [{ text: 'Bean stew', kind: 'name' }] },
    { names: [{ text: 'Bear stew', kind: 'name' }] },
    // Only an Open Food Facts synonym puts these two side by side.
    {
      names: [
        { text: 'Rice pudding', kind: 'name' },
        { text: 'Sago pudding', kind: 'synonym' },
      ],
    },
  ],
  text,
  lexicon.packWords,
);
const neighbours = new NeighbourTypos(index.variants);
const typos = { correct: (tokens: string[], at: number) => neighbours.correct(tokens, at)?.token ?? null };

describe('NeighbourTypos', () => {
  it("reads a short word's typo as the word a name puts beside its neighbour", () => {
    expect(typos.correct(['pad', 'tai'], 1)).toBe('thai');
    expect(typos.correct(['dner', 'kebab'], 0)).toBe('doner');
  });

  it('needs the neighbour on the same side as in the name', () => {
    expect(typos.correct(['tai', 'pad'], 0)).toBeNull();
    expect(typos.correct(['kebab', 'dner'], 1)).toBeNull();
  });

  it('does not read a word alone, nor beside a word the name does not put it next to', () => {
    expect(typos.correct(['tai'], 0)).toBeNull();
    expect(typos.correct(['tai', 'kebab'], 0)).toBeNull();
  });

  it("reads a plural's typo that reached it without its s", () => {
    const plural = new NeighbourTypos(
      new FoodIndex([{ names: [{ text: 'Fish and chips', kind: 'name' }] }], text, lexicon.packWords)
        .variants,
    );
    expect(plural.correct(['fish', 'chiip'], 1)?.token).toBe('chips');
  });

  it('does not choose between two words that both fit', () => {
    expect(typos.correct(['bea', 'stew'], 0)).toBeNull();
  });

  it('trusts only names and curated aliases, not looser synonyms', () => {
    expect(typos.correct(['sag', 'pudding'], 0)).toBeNull();
    expect(typos.correct(['rce', 'pudding'], 0)).toBe('rice');
  });

  it('weighs the word read as a corrected typo, below one typed right', () => {
    expect(neighbours.correct(['pad', 'tai'], 1)?.similarity).toBeLessThan(1);
  });

  it('leaves words of two letters and numbers alone', () => {
    expect(typos.correct(['pa', 'thai'], 0)).toBeNull();
    expect(typos.correct(['4', 'kebab'], 0)).toBeNull();
  });
});

describe('withinOneEdit', () => {
  it('allows one letter added, dropped or changed, anywhere', () => {
    expect(withinOneEdit('thai', 'thai')).toBe(true);
    expect(withinOneEdit('tai', 'thai')).toBe(true);
    expect(withinOneEdit('thai', 'tai')).toBe(true);
    expect(withinOneEdit('thao', 'thai')).toBe(true);
    expect(withinOneEdit('xhai', 'thai')).toBe(true);
    expect(withinOneEdit('thaii', 'thai')).toBe(true);
    expect(withinOneEdit('', 'a')).toBe(true);
  });

  it('refuses two edits, a swap of two letters among them', () => {
    expect(withinOneEdit('tia', 'thai')).toBe(false);
    expect(withinOneEdit('htai', 'thai')).toBe(false);
    expect(withinOneEdit('th', 'thai')).toBe(false);
    expect(withinOneEdit('aaa', 'aba')).toBe(true);
    expect(withinOneEdit('aab', 'aba')).toBe(false);
  });

  it("agrees with MiniSearch's one-edit fuzzy search on every word near the catalog's", () => {
    const words = [...new Set(index.variants.flat().flatMap((variant) => variant.tokens))];
    const map = new SearchableMap<true>();
    for (const word of words) map.set(word, true);
    const letters = 'abehiknoprst';
    const probes = new Set<string>(words);
    for (const word of words) {
      for (let i = 0; i <= word.length; i++) {
        probes.add(word.slice(0, i) + word.slice(i + 1));
        probes.add(word.slice(0, i) + word.slice(i + 2));
        for (const letter of letters) {
          probes.add(word.slice(0, i) + letter + word.slice(i));
          probes.add(word.slice(0, i) + letter + word.slice(i + 1));
        }
      }
    }
    for (const probe of probes) {
      const fuzzy = [...map.fuzzyGet(probe, 1).keys()].sort();
      expect(words.filter((word) => withinOneEdit(probe, word)).sort(), probe).toEqual(fuzzy);
    }
  });
});
