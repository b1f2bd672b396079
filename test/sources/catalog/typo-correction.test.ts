import SearchableMap from 'minisearch/SearchableMap';
import { describe, expect, it } from 'vitest';
import { TypoCorrector } from '../../../src/sources/catalog/typo-correction.js';
import { curatedText } from '../../support/curated-text.js';

const { text } = curatedText();
const vocabulary = new SearchableMap<number>();
for (const [word, frequency] of [
  ['pea', 12],
  ['chicken', 40],
  ['pistachio', 3],
  ['tomato', 20],
] as const)
  vocabulary.set(word, frequency);
const typos = new TypoCorrector(vocabulary, text);

describe('TypoCorrector', () => {
  it('corrects a swapped pair of letters as one edit', () => {
    expect(typos.correct('chikcen')).toEqual({ token: 'chicken', similarity: 0.9 });
  });

  it("corrects a plural's typo whose s the normaliser took for a plural ('paes' reaches it as 'pae')", () => {
    expect(text.canonical('paes')).toBe('pae');
    expect(typos.correct('pae')?.token).toBe('pea');
  });

  it('completes a word from its beginning, below a typo', () => {
    expect(typos.correct('pistach')).toEqual({ token: 'pistachio', similarity: 0.8 });
  });

  it('does not make two edits that change the first letter', () => {
    const fish = new SearchableMap<number>();
    fish.set('codfish', 2);
    fish.set('broccoli', 4);
    const corrector = new TypoCorrector(fish, text);
    expect(corrector.correct('goldfish')).toBeNull();
    expect(corrector.correct('brocolli')?.token).toBe('broccoli');
  });

  it('reads two vowels typed for one another in a seven-letter word, not in a shorter one', () => {
    const words = new SearchableMap<number>();
    words.set('vinegar', 3);
    words.set('mache', 1);
    const corrector = new TypoCorrector(words, text);
    // Two edits apart, where a seven-letter word is otherwise allowed one.
    expect(corrector.correct('vinager')).toEqual({ token: 'vinegar', similarity: 0.8 });
    // Consonants must all be in place, and the first letter too.
    expect(corrector.correct('vinaber')).toBeNull();
    expect(corrector.correct('ivnegar')?.token).toBe('vinegar');
    expect(corrector.correct('mochi')).toBeNull();
  });

  it('does not correct words of three letters or fewer, nor numbers', () => {
    expect(typos.correct('pea4')).toBeNull();
    expect(typos.correct('tom')).toBeNull();
  });
});
