import pluralize from 'pluralize';
import { foldText } from '../core/fold.js';

/**
 * pluralize makes "chillies" "chilly": "chilli" takes "-es" ("chillies" → "chilli"); "bellies" and
 * "jellies" are left to pluralize.
 */
export function singularWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((word) => (word.endsWith('illies') ? word.slice(0, -2) : pluralize.singular(word)));
}

/**
 * Finds which entry a free-text ingredient names: the longest listed phrase (as singular words) that
 * its words contain, so "kidney beans" finds the entry listing "bean" and "baked beans" the one listing
 * "baked bean".
 */
export class PhraseIndex<T> {
  private readonly phrases: { words: string[]; value: T }[];

  constructor(entries: Iterable<{ phrases: readonly string[]; value: T }>) {
    this.phrases = [...entries]
      .flatMap(({ phrases, value }) => phrases.map((phrase) => ({ words: singularWords(phrase), value })))
      .filter((phrase) => phrase.words.length > 0)
      .sort((a, b) => b.words.length - a.words.length);
  }

  /** The value of a phrase that is the whole description, not a part of it ("cauliflower", not "cauliflower cheese"). */
  findWhole(description: string): T | null {
    const words = singularWords(description);
    const phrase = this.phrases.find(
      (candidate) =>
        candidate.words.length === words.length && candidate.words.every((word, i) => words[i] === word),
    );
    return phrase?.value ?? null;
  }

  /**
   * The value of a phrase that is the head of the description: at its end, or followed by a word
   * `after` accepts ("garlic cloves", "onion, sliced"), so "egg noodles" is not an egg and "tomato
   * purée" not a tomato. Longest phrase first, as `find`.
   */
  findHead(description: string, after: (word: string) => boolean): T | null {
    const words = singularWords(description);
    for (const phrase of this.phrases) {
      for (let i = 0; i + phrase.words.length <= words.length; i++) {
        if (!phrase.words.every((word, j) => words[i + j] === word)) continue;
        const next = words[i + phrase.words.length];
        if (next === undefined || after(next)) return phrase.value;
      }
    }
    return null;
  }

  find(description: string): T | null {
    const words = singularWords(description);
    for (const phrase of this.phrases) {
      for (let i = 0; i + phrase.words.length <= words.length; i++) {
        if (phrase.words.every((word, j) => words[i + j] === word)) return phrase.value;
      }
    }
    return null;
  }
}
