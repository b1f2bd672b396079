import { describe, expect, it } from 'vitest';
import { PhraseTable } from '../../../src/sources/catalog/phrase-table.js';

/** What PhraseTable stands in for: one regular expression of every phrase, longest first. */
function regexReplace(phrases: readonly string[], text: string, replacement: (phrase: string) => string) {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return text.replace(new RegExp(`\\b(?:${sorted.join('|')})\\b`, 'g'), replacement);
}

const PHRASES = ['tea bags', 'tea', 'sugar free', 'no added sugar', 'ben and jerrys', 'ben', 'bag', 'pop'];
const mark = (phrase: string) => ` <${phrase}> `;

describe('PhraseTable', () => {
  const table = new PhraseTable(PHRASES);

  it('replaces whole-word phrases, the longest at each place', () => {
    expect(table.replace('twinings tea bags x80', mark)).toBe('twinings  <tea bags>  x80');
    expect(table.replace('tea', mark)).toBe(' <tea> ');
    expect(table.replace('ben and jerrys cookie dough', mark)).toBe(' <ben and jerrys>  cookie dough');
  });

  it('never matches inside a word, nor across a doubled space', () => {
    expect(table.replace('steak teas teabag', mark)).toBe('steak teas teabag');
    expect(table.replace('benjamin popcorn', mark)).toBe('benjamin popcorn');
    expect(table.replace('tea  bags', mark)).toBe(' <tea>   bags');
  });

  it('returns the same string when nothing matches', () => {
    const text = 'semi skimmed milk';
    expect(table.replace(text, mark)).toBe(text);
  });

  it('finds what the regular expression finds, on generated texts', () => {
    const words = [
      'tea',
      'bags',
      'bag',
      'sugar',
      'free',
      'no',
      'added',
      'ben',
      'and',
      'jerrys',
      'pop',
      'x',
      'teas',
    ];
    const separators = [' ', '  ', ',', ' , ', '-', "'", '%'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const length = 1 + next(8);
      for (let w = 0; w < length; w++)
        text += (w > 0 ? separators[next(separators.length)]! : '') + words[next(words.length)]!;
      expect(table.replace(text, mark)).toBe(regexReplace(PHRASES, text, mark));
    }
  });
});
