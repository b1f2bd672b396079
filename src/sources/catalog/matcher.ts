import { distance } from 'fastest-levenshtein';
import { normaliseQuery, normaliseTokens } from './normalise.js';

/**
 * Token-based fuzzy matching over a fixed list of entries (products or recipes), each known by
 * several names. Precomputes an inverted index so a lookup only scores entries sharing a token (or a
 * near-miss spelling of one) with the query.
 */

export interface MatchableEntry {
  /** The entry's names: the first is its main name, the rest curated aliases. */
  names: readonly string[];
}

export interface Match {
  index: number;
  /** 0..1: how well the query's words are covered by the name, and the name by the query. */
  score: number;
}

interface Variant {
  entry: number;
  tokens: string[];
  weights: number[];
  totalWeight: number;
  isAlias: boolean;
}

/** Adjusts a variant's score: prefers plain or raw defaults unless the query asks otherwise. */
export type VariantBias = (
  entry: number,
  variantTokens: readonly string[],
  queryTokens: ReadonlySet<string>,
) => number;

/** Exact alias hits are certain; exact main-name hits nearly so. */
const EXACT_ALIAS_SCORE = 1;
const EXACT_NAME_SCORE = 0.98;
const ALIAS_BONUS = 0.03;
/** Typo weights: one edit costs 15%, two cost 30%; a prefix ("choc" for "chocolate") counts 80%. */
const EDIT_PENALTY = 0.15;
const PREFIX_SIMILARITY = 0.8;
const MIN_PREFIX_LENGTH = 4;

function maxEdits(token: string): number {
  if (token.length >= 8) return 2;
  if (token.length >= 4) return 1;
  return 0;
}

function sortedKey(tokens: readonly string[]): string {
  return [...tokens].sort().join(' ');
}

export class Matcher {
  private readonly variants: Variant[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  private readonly exact = new Map<string, { entry: number; isAlias: boolean }>();
  private readonly vocabularyByLength = new Map<number, string[]>();
  private readonly meanIdf: number;

  constructor(
    entries: readonly MatchableEntry[],
    private readonly bias: VariantBias = () => 0,
  ) {
    entries.forEach((entry, index) => {
      entry.names.forEach((name, nameIndex) => {
        const tokens = [...new Set(normaliseTokens(name))];
        if (tokens.length === 0) return;
        const isAlias = nameIndex > 0;
        this.variants.push({ entry: index, tokens, weights: [], totalWeight: 0, isAlias });
        const key = sortedKey(tokens);
        const previous = this.exact.get(key);
        // First come wins, except that a curated alias beats a main name it duplicates.
        if (previous === undefined || (isAlias && !previous.isAlias))
          this.exact.set(key, { entry: index, isAlias });
      });
    });
    const documentFrequency = new Map<string, number>();
    this.variants.forEach((variant, variantIndex) => {
      for (const token of variant.tokens) {
        documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
        const list = this.postings.get(token) ?? [];
        list.push(variantIndex);
        this.postings.set(token, list);
      }
    });
    let idfSum = 0;
    for (const [token, frequency] of documentFrequency) {
      const value = Math.log(1 + this.variants.length / frequency);
      this.idf.set(token, value);
      idfSum += value;
      const bucket = this.vocabularyByLength.get(token.length) ?? [];
      bucket.push(token);
      this.vocabularyByLength.set(token.length, bucket);
    }
    this.meanIdf = documentFrequency.size === 0 ? 1 : idfSum / documentFrequency.size;
    for (const variant of this.variants) {
      variant.weights = variant.tokens.map((token) => this.idf.get(token)!);
      variant.totalWeight = variant.weights.reduce((sum, weight) => sum + weight, 0);
    }
  }

  /** Known tokens a query token may stand for, with a similarity 0..1. */
  private expand(token: string): Map<string, number> {
    const found = new Map<string, number>();
    if (this.idf.has(token)) {
      found.set(token, 1);
      return found;
    }
    const edits = maxEdits(token);
    for (let length = token.length - edits; length <= token.length + edits; length++) {
      for (const candidate of this.vocabularyByLength.get(length) ?? []) {
        const d = distance(token, candidate);
        if (d <= edits) found.set(candidate, Math.max(found.get(candidate) ?? 0, 1 - EDIT_PENALTY * d));
      }
    }
    if (token.length >= MIN_PREFIX_LENGTH) {
      for (const [length, bucket] of this.vocabularyByLength) {
        if (length <= token.length) continue;
        for (const candidate of bucket) {
          if (candidate.startsWith(token))
            found.set(candidate, Math.max(found.get(candidate) ?? 0, PREFIX_SIMILARITY));
        }
      }
    }
    return found;
  }

  /** Best entries first, at most `limit`, one per entry. */
  search(query: string, limit = 5): Match[] {
    return this.searchTokens(normaliseQuery(query), limit);
  }

  searchTokens(queryTokens: readonly string[], limit = 5): Match[] {
    const tokens = [...new Set(queryTokens)];
    if (tokens.length === 0) return [];
    const querySet = new Set(tokens);
    const exact = this.exact.get(sortedKey(tokens));

    const expansions = tokens.map((token) => this.expand(token));
    const queryWeights = tokens.map((token, i) => {
      const own = this.idf.get(token);
      if (own !== undefined) return own;
      // A misspelt word weighs what the word it stands for weighs; an unknown word the average.
      let best = 0;
      for (const candidate of expansions[i]!.keys()) best = Math.max(best, this.idf.get(candidate)!);
      return best > 0 ? best : this.meanIdf;
    });
    const queryTotal = queryWeights.reduce((sum, weight) => sum + weight, 0);

    const candidates = new Set<number>();
    for (const expansion of expansions) {
      for (const token of expansion.keys())
        for (const variant of this.postings.get(token) ?? []) candidates.add(variant);
    }

    const bestByEntry = new Map<number, number>();
    for (const variantIndex of candidates) {
      const variant = this.variants[variantIndex]!;
      let queryCovered = 0;
      let nameCovered = 0;
      const used = new Set<number>();
      tokens.forEach((_, i) => {
        const expansion = expansions[i]!;
        let bestSimilarity = 0;
        let bestPosition = -1;
        variant.tokens.forEach((nameToken, position) => {
          const similarity = expansion.get(nameToken);
          if (similarity !== undefined && similarity > bestSimilarity && !used.has(position)) {
            bestSimilarity = similarity;
            bestPosition = position;
          }
        });
        if (bestPosition >= 0) {
          used.add(bestPosition);
          queryCovered += queryWeights[i]! * bestSimilarity;
          nameCovered += variant.weights[bestPosition]! * bestSimilarity;
        }
      });
      let score = 0.7 * (queryCovered / queryTotal) + 0.3 * (nameCovered / variant.totalWeight);
      score += (variant.isAlias ? ALIAS_BONUS : 0) + this.bias(variant.entry, variant.tokens, querySet);
      if (score > (bestByEntry.get(variant.entry) ?? Number.NEGATIVE_INFINITY))
        bestByEntry.set(variant.entry, score);
    }
    if (exact !== undefined) {
      bestByEntry.set(exact.entry, exact.isAlias ? EXACT_ALIAS_SCORE : EXACT_NAME_SCORE);
    }
    return [...bestByEntry]
      .map(([index, score]) => ({ index, score: Math.max(0, Math.min(1, score)) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit);
  }
}
