import SearchableMap from 'minisearch/SearchableMap';
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
export class NeighbourTypos {
  /** "first second" for every two adjacent words of a name or curated alias. */
  private readonly pairs = new Set<string>();
  private readonly words = new SearchableMap<true>();

  constructor(variants: readonly (readonly Variant[])[]) {
    for (const entryVariants of variants) {
      for (const variant of entryVariants) {
        if (variant.kind !== 'name' && variant.kind !== 'alias') continue;
        const { tokens } = variant;
        for (let i = 0; i + 1 < tokens.length; i++) {
          this.pairs.add(`${tokens[i]} ${tokens[i + 1]}`);
          this.words.set(tokens[i]!, true);
          this.words.set(tokens[i + 1]!, true);
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
    // As in TypoCorrector, a plural's typo reaches here without its s ("fish and chiips": "chiip").
    const candidates = new Set([
      ...this.words.fuzzyGet(token, 1).keys(),
      ...this.words.fuzzyGet(`${token}s`, 1).keys(),
    ]);
    for (const candidate of candidates) {
      const beside =
        (before !== undefined && this.pairs.has(`${before} ${candidate}`)) ||
        (after !== undefined && this.pairs.has(`${candidate} ${after}`));
      if (!beside) continue;
      if (found !== null) return null;
      found = candidate;
    }
    return found === null ? null : { token: found, similarity: 1 - EDIT_SIMILARITY };
  }
}
