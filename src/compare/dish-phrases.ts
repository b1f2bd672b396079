import { editDistance } from '../core/edit-distance.js';

/**
 * The word-level machinery of reading a dish's name (dish-reading.ts): a crude stem, phrases looked
 * up by their first word, the joining words and articles between foods, and a typo in a one-word
 * dish type. Each lookup is linear in the words read.
 */

/**
 * A crude stem on both sides, so "noodles" finds "noodle", "tacos" "taco", "sandwiches" "sandwich"
 * and "flat whites" "flat white". English takes "-es" after a hiss or an "o" ("boxes", "dishes",
 * "potatoes"); after anything else the "e" is the word's own ("whites", "sausages", "lattes"), so
 * only the "s" goes.
 */
export function stem(word: string): string {
  if (word.length > 4 && /(?:[xz]|ch|sh|o)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Phrases by their first word's stem, longest first. */
export class PhraseIndex<T> {
  private readonly byFirst = new Map<string, { stems: string[]; value: T }[]>();

  add(phrase: string, value: T): void {
    const stems = phrase.split(' ').map(stem);
    const list = this.byFirst.get(stems[0]!) ?? [];
    list.push({ stems, value });
    list.sort((a, b) => b.stems.length - a.stems.length);
    this.byFirst.set(stems[0]!, list);
  }

  /** The longest phrase starting at `at`, with its length in words. */
  at(stems: readonly string[], at: number): { value: T; length: number } | null {
    for (const candidate of this.byFirst.get(stems[at]!) ?? []) {
      if (candidate.stems.every((word, i) => stems[at + i] === word))
        return { value: candidate.value, length: candidate.stems.length };
    }
    return null;
  }
}

/** Joining words, between the foods a name lists. */
export const JOINS = new Set(['and', 'n', 'or', 'with', 'w']);
/** Articles and prepositions, English and of the dish names menus keep ("pollo al ajillo", "confit de canard"). */
export const NOTHING = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'our',
  'your',
  'x',
  'al',
  'a la',
  'la',
  'el',
  'de',
  'del',
  'con',
  'y',
  'du',
  'des',
  'le',
  'au',
  'aux',
  'di',
  'alla',
  'e',
]);
/** Foods once each, by catalog code, in the order first stated. */
export function dedupeByCode<T extends { code: string }>(foods: T[]): T[] {
  const seen = new Set<string>();
  return foods.filter((food) => !seen.has(food.code) && seen.add(food.code) !== undefined);
}

/** Words without the phrases given (one or two words each). */
export function withoutPhrases(words: readonly string[], phrases: readonly string[]): string[] {
  const set = new Set(phrases);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (i + 1 < words.length && set.has(`${words[i]} ${words[i + 1]}`)) {
      i++;
      continue;
    }
    if (!set.has(words[i]!)) kept.push(words[i]!);
  }
  return kept;
}

/**
 * One-word phrases by first letter, for reading a typo in one ("shnitzel", "teryaki"): a word of
 * `minLetters` or more within one edit of a phrase with the same first letter (two from eight
 * letters). Words of more than 20 letters are not tried, so each word costs a bounded time.
 */
export class TypoIndex<T> {
  private readonly byLetter = new Map<string, { word: string; value: T }[]>();

  constructor(private readonly minLetters: number) {}

  add(word: string, value: T): void {
    if (word.includes(' ') || word.length < this.minLetters - 1) return;
    const list = this.byLetter.get(word[0]!) ?? [];
    list.push({ word, value });
    this.byLetter.set(word[0]!, list);
  }

  /** The last word of the list that is a typo of a phrase, when `accept` agrees; its index and value. */
  last(words: readonly string[], accept: (word: string) => boolean): { value: T; at: number } | null {
    let found: { value: T; at: number } | null = null;
    words.forEach((word, at) => {
      if (word.length < this.minLetters || word.length > 20) return;
      const limit = word.length >= 8 ? 2 : 1;
      for (const candidate of this.byLetter.get(word[0]!) ?? []) {
        if (Math.abs(candidate.word.length - word.length) > limit) continue;
        if (editDistance(word, candidate.word) <= limit && accept(word)) {
          found = { value: candidate.value, at };
          return;
        }
      }
    });
    return found;
  }
}
