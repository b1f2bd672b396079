import type SearchableMap from 'minisearch/SearchableMap';
import type { TextNormaliser } from './text.js';

/**
 * Typo correction over the catalog's vocabulary (MiniSearch's radix tree): which catalog word a query
 * word the catalog does not know stands for, and how sure that is.
 */

export interface CorrectedToken {
  token: string;
  /** 1 for a word the catalog knows, less for a corrected typo or a prefix. */
  similarity: number;
}

/** Typo costs: a swapped pair of letters or one edit keeps 90% of a word's weight, two edits 80%. */
export const EDIT_SIMILARITY = 0.1;
const PREFIX_SIMILARITY = 0.8;
/** Shorter prefixes complete to too many words ("port" → "porter"); "choc" is a spelling instead. */
const MIN_PREFIX_LENGTH = 5;
const MIN_TRANSPOSITION_LENGTH = 4;
/** Corrections remembered: users' words reach here, so the memory is bounded. */
const MAX_REMEMBERED = 10_000;

/** Words this long or longer are read through one edit (maxEdits); shorter ones through none. */
export const ONE_EDIT_LETTERS = 5;

/** Edits allowed for a word of this length: none below five letters, where most edits make another word. */
function maxEdits(token: string): number {
  if (token.length >= 8) return 2;
  if (token.length >= ONE_EDIT_LETTERS) return 1;
  return 0;
}

/**
 * The commonest typos, allowed even in short words where any other edit is too risky: adjacent
 * letters swapped ("chikcen", which Levenshtein counts as two edits) and a doubled letter typed once
 * or a single one typed twice ("aple", "tomatoe").
 */
function slips(token: string): string[] {
  const variants: string[] = [];
  for (let i = 0; i < token.length - 1; i++) {
    if (token[i] === token[i + 1]) variants.push(token.slice(0, i) + token.slice(i + 1));
    else variants.push(token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2));
  }
  for (let i = 0; i < token.length; i++) variants.push(token.slice(0, i + 1) + token.slice(i));
  return variants;
}

/**
 * Vowels that may differ in a word otherwise typed right (see vowelSlip), in words long enough that
 * two vowels are not a third of the word ("mochi" is not "mache").
 */
const MAX_VOWEL_SLIPS = 2;
const MIN_VOWEL_SLIP_LENGTH = 7;

/** A word with its vowels blanked: words that differ only in vowels share it. */
function skeleton(word: string): string {
  return word.replace(/[aeiou]/g, '*');
}

/** Catalog words by skeleton, built on first need (most queries never need it). */
function skeletons(vocabulary: SearchableMap<number>): Map<string, string[]> {
  const bySkeleton = new Map<string, string[]>();
  for (const word of vocabulary.keys()) {
    const key = skeleton(word);
    const words = bySkeleton.get(key);
    if (words === undefined) bySkeleton.set(key, [word]);
    else words.push(word);
  }
  return bySkeleton;
}

export class TypoCorrector {
  private readonly remembered = new Map<string, CorrectedToken | null>();
  private bySkeleton: Map<string, string[]> | undefined;

  constructor(
    /** Every catalog word (and spelling variant) with the number of entries that have it. */
    private readonly vocabulary: SearchableMap<number>,
    private readonly text: TextNormaliser,
  ) {}

  /** The catalog word a query word the catalog does not know stands for: a typo's correction, or a word it begins. */
  correct(token: string): CorrectedToken | null {
    const cached = this.remembered.get(token);
    if (cached !== undefined) return cached;
    // The normaliser makes words singular before they reach here, so a plural's typo has lost its
    // "s" ("paes" → "pae", "chiips" → "chiip"): the word with it back is a candidate too.
    const corrected = this.nearest(token) ?? this.completion(token) ?? this.nearest(`${token}s`);
    if (this.remembered.size > MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(token, corrected);
    return corrected;
  }

  private nearest(token: string): CorrectedToken | null {
    if (/\d/.test(token) || token.length < MIN_TRANSPOSITION_LENGTH) return null;
    let best: { token: string; distance: number; frequency: number } | null = null;
    const consider = (candidate: string, distance: number, frequency: number) => {
      if (
        best === null ||
        distance < best.distance ||
        (distance === best.distance && frequency > best.frequency)
      ) {
        best = { token: candidate, distance, frequency };
      }
    };
    for (const slip of slips(token)) {
      const canonical = this.text.canonical(slip) ?? slip;
      const frequency = this.vocabulary.get(slip) ?? this.vocabulary.get(canonical);
      if (frequency !== undefined) consider(canonical, 1, frequency);
    }
    // A nearer word always wins, and one edit away is far cheaper to search than two: two edits are
    // searched only when nothing is nearer (the order of equally near words is the same either way).
    const edits = maxEdits(token);
    for (let allowed = 1; allowed <= edits; allowed++) {
      if (allowed > 1 && best !== null) break;
      for (const [candidate, [frequency, distance]] of this.vocabulary.fuzzyGet(token, allowed)) {
        // Two edits that change the first letter make another word more often than a typo: people
        // rarely mistype a word's first letter ("goldfish" is not "codfish"; "brocolli" is broccoli).
        if (distance > 1 && candidate[0] !== token[0]) continue;
        consider(this.text.canonical(candidate) ?? candidate, distance, frequency);
      }
    }
    if (best === null && edits === 1 && token.length >= MIN_VOWEL_SLIP_LENGTH)
      this.vowelSlip(token, consider);
    const found = best as { token: string; distance: number } | null;
    return found === null ? null : { token: found.token, similarity: 1 - EDIT_SIMILARITY * found.distance };
  }

  /**
   * Vowels typed for one another are a common spelling mistake ("vinager" for "vinegar"): two vowels
   * may differ when every other letter is in place, where two other edits would not be allowed.
   */
  private vowelSlip(
    token: string,
    consider: (candidate: string, distance: number, frequency: number) => void,
  ) {
    this.bySkeleton ??= skeletons(this.vocabulary);
    for (const candidate of this.bySkeleton.get(skeleton(token)) ?? []) {
      let differing = 0;
      for (let i = 0; i < token.length; i++) if (token[i] !== candidate[i]) differing++;
      if (differing <= MAX_VOWEL_SLIPS && candidate[0] === token[0])
        consider(this.text.canonical(candidate) ?? candidate, differing, this.vocabulary.get(candidate) ?? 0);
    }
  }

  /** The commonest catalog word the query word begins ("pistach" → "pistachio"). */
  private completion(token: string): CorrectedToken | null {
    if (/\d/.test(token) || token.length < MIN_PREFIX_LENGTH) return null;
    let completion: { token: string; frequency: number } | null = null;
    for (const [candidate, frequency] of this.vocabulary.atPrefix(token)) {
      if (completion === null || frequency > completion.frequency)
        completion = { token: candidate, frequency };
    }
    if (completion === null) return null;
    return {
      token: this.text.canonical(completion.token) ?? completion.token,
      similarity: PREFIX_SIMILARITY,
    };
  }
}
