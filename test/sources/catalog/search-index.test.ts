import { describe, expect, it } from 'vitest';
import { FoodIndex } from '../../../src/sources/catalog/search-index.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon, text } = curatedText();
const index = new FoodIndex(
  [
    {
      names: [
        { text: 'Chicken, breast, raw', kind: 'name' },
        { text: 'chicken breast', kind: 'alias' },
      ],
    },
    { names: [{ text: 'Broccoli, raw', kind: 'name' }] },
    { names: [{ text: 'Cinnamon, powder', kind: 'name' }] },
    {
      names: [
        { text: 'Chocolate milk', kind: 'name' },
        { text: 'Chocolate milks', kind: 'synonym' },
      ],
    },
    { names: [{ text: 'Eggplant, raw', kind: 'name' }] },
  ],
  text,
  lexicon.packWords,
);

describe('FoodIndex', () => {
  it('corrects swapped letters, which plain edit distance counts twice', () => {
    expect(index.correct('chikcen')).toEqual({ token: 'chicken', similarity: 0.9 });
  });

  it('corrects one or two edits by word length, and not in short words', () => {
    expect(index.correct('brocolli')?.token).toBe('broccoli');
    expect(index.correct('cinammon')?.token).toBe('cinnamon');
    expect(index.correct('milc')).toBeNull();
  });

  it('corrects towards a spelling variant people type ("aubergene" → eggplant)', () => {
    expect(index.correct('aubergene')?.token).toBe('eggplant');
  });

  it('completes a prefix of five letters or more, not a shorter one', () => {
    expect(index.correct('chocol')).toEqual({ token: 'chocolate', similarity: 0.8 });
    expect(index.correct('brocc')).toEqual({ token: 'broccoli', similarity: 0.8 });
    expect(index.correct('cinn')).toBeNull();
  });

  it('corrects a doubled letter typed once, even in a short word', () => {
    expect(index.correct('brocoli')?.token).toBe('broccoli');
  });

  it('retrieves entries sharing words, best first, and completes for autocomplete', () => {
    expect(index.retrieve(['chicken', 'breast'], 5)[0]).toBe(0);
    expect(index.complete(['choc'], 5)).toEqual([3]);
    expect(index.complete(['chicken', 'br'], 5)).toEqual([0]);
  });

  it("says which entries' own names or curated aliases have a word, and only those", () => {
    for (let entry = 0; entry < index.variants.length; entry++) {
      for (const word of [
        'chicken',
        'breast',
        'raw',
        'broccoli',
        'chocolate',
        'milk',
        'eggplant',
        'laptop',
      ]) {
        expect(index.namedBy(entry, word), `${entry} ${word}`).toBe(index.trustedWords[entry]!.has(word));
      }
    }
    expect(index.namedBy(1, 'raw')).toBe(true);
    expect(index.namedBy(2, 'raw')).toBe(false);
    expect(index.namedBy(4, 'raw')).toBe(true);
  });

  it('keeps one of the names that read the same once normalised', () => {
    expect(index.variants[3]!.map((variant) => variant.kind)).toEqual(['name']);
  });
});
