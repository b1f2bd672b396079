import type { Variant } from './search-index.js';
import { type CorrectedToken, EDIT_SIMILARITY } from './typo-correction.js';

/**
 * Typos in short words, read beside the word next to them. Alone, a word under five letters is not
 * corrected: most single edits of a short word make another word ("tai" could be "tea", "tail" or
 * "thai"). Beside its neighbour it is clear: "pad tai" is "pad thai" because a dish is named "Pad
 * Thai", and "dner kebab" is "doner kebab". Only a catalog word one edit away that a name or curated
 * alias puts right next to the neighbour, on the same side, is taken, and only when it is the one such
 * word.
 */
/** Whether two words are at most one edit apart (Levenshtein: a letter added, dropped or changed). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let start = 0;
  while (start < short.length && short.charCodeAt(start) === long.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < short.length - start &&
    short.charCodeAt(short.length - 1 - end) === long.charCodeAt(long.length - 1 - end)
  )
    end++;
  // What differs between the common start and the common end: at most one letter on each side.
  return long.length - start - end <= 1;
}

export class NeighbourTypos {
  /**
   * Per word, the words a name or curated alias puts right after it, and those it puts right before
   * it. A typo's candidates are only these: checking the neighbours' few words is far cheaper than a
   * fuzzy search of every catalog word, and finds the same ones.
   */
  private readonly following = new Map<string, string[]>();
  private readonly preceding = new Map<string, string[]>();

  constructor(variants: readonly (readonly Variant[])[]) {
    const add = (map: Map<string, string[]>, word: string, beside: string) => {
      const list = map.get(word);
      if (list === undefined) map.set(word, [beside]);
      else if (!list.includes(beside)) list.push(beside);
    };
    for (const entryVariants of variants) {
      for (const variant of entryVariants) {
        if (variant.kind !== 'name' && variant.kind !== 'alias') continue;
        const { tokens } = variant;
        for (let i = 0; i + 1 < tokens.length; i++) {
          add(this.following, tokens[i]!, tokens[i + 1]!);
          add(this.preceding, tokens[i + 1]!, tokens[i]!);
        }
      }
    }
  }

  /** The word `tokens[at]` stands for beside its neighbours, or null when that is not clear. */
  correct(tokens: readonly string[], at: number): CorrectedToken | null {
    const token = tokens[at]!;
    if (token.length < 3 || /\d/.test(token)) return null;
    const before = tokens[at - 1];
    const after = tokens[at + 1];
    let found: string | null = null;
    // The words a name puts right after the word before, then those it puts right before the next.
    for (const candidates of [
      before === undefined ? undefined : this.following.get(before),
      after === undefined ? undefined : this.preceding.get(after),
    ]) {
      for (const candidate of candidates ?? []) {
        // As in TypoCorrector, a plural's typo reaches here without its s ("fish and chiips": "chiip").
        if (
          candidate === found ||
          !(withinOneEdit(token, candidate) || withinOneEdit(`${token}s`, candidate))
        )
          continue;
        // Two words fit: which one is meant is not clear.
        if (found !== null) return null;
        found = candidate;
      }
    }
    return found === null ? null : { token: found, similarity: 1 - EDIT_SIMILARITY };
  }
}
