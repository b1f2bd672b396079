import { distance } from 'fastest-levenshtein';
import { type NormalisedQuery, normaliseLookup, normaliseTokens, queryHeadPhrase } from './normalise.js';

/**
 * Token-based fuzzy matching over a fixed list of entries (products or recipes), each known by
 * several names. Everything a lookup needs is precomputed: token ids, an inverted index from token to
 * names, a bigram index over the vocabulary for typo candidates and a sorted vocabulary for prefixes.
 * A lookup only scores names sharing a token (or a near-miss spelling of one) with the query, and
 * reuses typed-array scratch space instead of allocating per query.
 */

export interface MatchableEntry {
  /** The entry's names: the first is its main name, the rest curated aliases. */
  names: readonly string[];
}

export interface MatcherOptions {
  /** Score of an exact hit on a main name (an exact alias hit always scores 1). */
  exactNameScore?: number;
}

export interface Match {
  index: number;
  /** 0..1: how well the query's words are covered by the name, and the name by the query. */
  score: number;
}

/**
 * Adjusts a variant's score: prefers plain or raw defaults unless the query asks otherwise. Called
 * once per lookup with the query, so whatever depends only on the query is worked out once; the
 * function it returns is called for every candidate name. `queryHead` is the query's head word (its
 * last meaningful word before any "in …"/"with …"), if the catalog knows it.
 */
export type VariantBias = (
  queryTokens: ReadonlySet<string>,
  queryHead: string | undefined,
) => (entry: number, variantTokens: readonly string[]) => number;

const noBias = () => 0;

/*
 * Where the weights come from. Figures are from `npx tsx scripts/build-data/match-report.ts` on the
 * three fixtures in test/fixtures (product-queries.json, -holdout, -blind). All were set by hand, not
 * by an automatic search; a fixture used to set a constant is in-sample for it.
 */

/**
 * Exact alias hits are certain; exact main-name hits nearly so (products; recipes pass 1). Design
 * choice: only the order matters (exact alias 1 > exact name 0.98 > any fuzzy match ≤ 0.97).
 */
const EXACT_ALIAS_SCORE = 1;
const DEFAULT_EXACT_NAME_SCORE = 0.98;
/**
 * A curated alias beats the raw Agribalyse name at equal coverage: a small tie-breaker, set by hand
 * with the first matcher against product-queries.json.
 */
const ALIAS_BONUS = 0.03;
/** Anything short of an exact name stays below it, so an exact hit always wins a tie (design choice). */
const MAX_FUZZY_SCORE = 0.97;
/**
 * Score = QUERY_SHARE × (weighted share of the query's words found in the name) + NAME_SHARE × (share of
 * the name's words found in the query). The query side counts more because Agribalyse names carry
 * qualifiers nobody types ("Banana, pulp, raw"). Set by hand with the first matcher; checked with
 * match-report.ts: 0.6/0.4 gives more wrong matches (holdout 0.9% → 2.3%, blind 0.5% → 2.2%), 0.8/0.2
 * fewer correct ones (holdout 89.0% → 86.7%, blind 95.7% → 92.5%).
 */
const QUERY_SHARE = 0.7;
const NAME_SHARE = 0.3;
/**
 * In an English food phrase the last word is the head: "carrot cake" is a cake, "peanut butter" is not
 * butter, "pepperoni pizza" is a pizza. A name that covers the modifier but not the head is a different
 * food, so it loses this much on top of the missing coverage. Set by hand with match-report.ts on
 * product-queries-holdout.json (held-out correct 67.0% → 87.6% with the rules added alongside it).
 */
const HEAD_PENALTY = 0.12;
/**
 * The same rule from the name's side: a name is about its head ("mushroom risotto" is a risotto,
 * "Pizza, kebab" is a pizza). A query that covers none of the name's head words only shares a
 * modifier with it, so it loses this much: enough that a one-word query matching only a modifier
 * ("mushrooms", "kebab") falls below the confidence threshold instead of naming a different food.
 * Set by hand with match-report.ts on product-queries-blind.json, like the next three constants.
 */
const NAME_HEAD_PENALTY = 0.2;
/**
 * A one-word query covers itself fully, so only the name's side tells a near-exact hit ("Banana, pulp,
 * raw") from a dish that merely contains the word ("Greek-style marinated mushrooms"). Names that the
 * word covers less than this share of lose THIN_MATCH_PENALTY.
 */
const THIN_MATCH_SHARE = 0.5;
const THIN_MATCH_PENALTY = 0.1;
/** Share of the average word weight given to a percentage the catalog has no name with. */
const UNKNOWN_PERCENT_WEIGHT = 0.2;
/** Last words that describe a pack or cut rather than name the food ("salmon fillets", "ham slices"). */
const NOT_HEADS = new Set([
  'fillet',
  'slice',
  'sliced',
  'leaf',
  'ball',
  'chunk',
  'piece',
  'portion',
  'bit',
  'can',
  'canned',
  'raw',
  'fresh',
  'frozen',
  'cooked',
  'unsalted',
  'salted',
  'large',
  'small',
  'medium',
  'whole',
  'half',
  'light',
  'plain',
  'natural',
  'free',
  'range',
  'semi',
  'skimmed',
  'fat',
  'low',
  'reduced',
  'diet',
  'zero',
  'sugar',
]);
/**
 * Typo weights: one edit costs 15%, two cost 30%; a prefix ("choc" for "chocolate") counts 80%. Design
 * choice, set with the first matcher: before penalties, a one-word query with one typo (0.85), two typos
 * in a long word (0.70) or a prefix of four letters or more (0.80) still reaches MIN_CONFIDENCE (0.7).
 */
const EDIT_PENALTY = 0.15;
const PREFIX_SIMILARITY = 0.8;
const MIN_PREFIX_LENGTH = 4;
/** Stamps in the Int32Array scratch space restart from 0 before reaching 2^31. */
const STAMP_LIMIT = 2 ** 30;

function maxEdits(token: string): number {
  if (token.length >= 8) return 2;
  if (token.length >= 4) return 1;
  return 0;
}

function sortedKey(tokens: readonly string[]): string {
  return [...tokens].sort().join(' ');
}

/** Padded character bigrams: "tea" → "^t", "te", "ea", "a$". One edit changes at most two. */
function bigrams(token: string): string[] {
  const padded = `^${token}$`;
  const grams: string[] = [];
  for (let i = 0; i < padded.length - 1; i++) grams.push(padded.slice(i, i + 2));
  return grams;
}

interface Variant {
  entry: number;
  tokens: string[];
  ids: Int32Array;
  weights: Float64Array;
  totalWeight: number;
  isAlias: boolean;
  /** Positions (in `ids`) of the name's head words; empty when the name has no clear head. */
  headPositions: Int32Array;
}

/** Words that end a name without naming the food: pack and state words, and "bar" ("Dark chocolate bar"). */
function isNameHead(token: string): boolean {
  return !NOT_HEADS.has(token) && token !== 'bar' && !/\d/.test(token);
}

/** The last word of an English phrase that can be its head, if any. */
function lastHead(tokens: readonly string[]): string | undefined {
  for (let i = tokens.length - 1; i >= 0; i--) if (isNameHead(tokens[i]!)) return tokens[i];
  return undefined;
}

/**
 * Head words of a name. An alias is an English phrase, so its head is its last word that is not a
 * pack or state word ("chicken breasts fillets" → "breast"). An Agribalyse name is a list: the food,
 * then a kind or qualifiers ("Mushroom sauce, prepacked", "Candies, marshmallows", "Risotto, w
 * vegetables"). Its head words are the last word of each of its first two parts (before any "with …"/
 * "in …") and of any bracket, one per "or" alternative ("Shrimp or prawn, raw", "Rolls … (buns)").
 */
function nameHeadTokens(name: string, isAlias: boolean): string[] {
  if (isAlias) {
    const head = lastHead(normaliseTokens(name));
    return head === undefined ? [] : [head];
  }
  const bracketed = [...name.matchAll(/\(([^)]*)\)/g)].map((match) => match[1]!);
  const parts = name
    .replace(/\([^)]*\)/g, ' ')
    .split(',')
    .slice(0, 2)
    .map((part) => part.trim())
    // "Omelette, with mushrooms", "Pizza, cheese and mushrooms": what comes with the food.
    .filter((part, i) => !/^(?:with|w|in|on|for|from)\b/i.test(part) && (i === 0 || !/\band\b/.test(part)));
  return [...parts.map(queryHeadPhrase), ...bracketed]
    .flatMap((part) => part.split(/\s+or\s+/))
    .flatMap((part) => {
      const head = lastHead(normaliseTokens(part));
      return head === undefined ? [] : [head];
    });
}

interface Expansion {
  ids: number[];
  similarities: number[];
}

export class Matcher {
  private readonly variants: Variant[] = [];
  private readonly tokenIds = new Map<string, number>();
  private readonly vocabulary: string[] = [];
  private idf = new Float64Array(0);
  private postings: Int32Array[] = [];
  private readonly bigramIndex = new Map<string, number[]>();
  /** Token ids sorted by token text, for prefix ranges. */
  private sortedIds = new Int32Array(0);
  private readonly exact = new Map<string, { entry: number; isAlias: boolean }>();
  /** Exact names in their own word order, checked first: "chocolate milk" is not "milk chocolate". */
  private readonly exactOrdered = new Map<string, { entry: number; isAlias: boolean }>();
  private readonly meanIdf: number;
  private readonly entryCount: number;

  // Scratch space reused by every lookup (lookups are synchronous, so never shared concurrently).
  private variantStamp = new Int32Array(0);
  private candidates = new Int32Array(0);
  private tokenStamp = new Int32Array(0);
  private tokenFirstPair = new Int32Array(0);
  private pairQuery: number[] = [];
  private pairSimilarity: number[] = [];
  private pairNext: number[] = [];
  private entryStamp = new Int32Array(0);
  private entryScore = new Float64Array(0);
  private gramCount = new Int32Array(0);
  /** Per name position: the candidate number that last used it. */
  private positionUsed = new Int32Array(0);
  private candidateSerial = 0;
  private generation = 0;

  private readonly exactNameScore: number;

  constructor(
    entries: readonly MatchableEntry[],
    private readonly bias: VariantBias = () => noBias,
    options: MatcherOptions = {},
  ) {
    this.exactNameScore = options.exactNameScore ?? DEFAULT_EXACT_NAME_SCORE;
    this.entryCount = entries.length;
    const variantTokens: { entry: number; tokens: string[]; isAlias: boolean; heads: string[] }[] = [];
    entries.forEach((entry, index) => {
      entry.names.forEach((name, nameIndex) => {
        const tokens = [...new Set(normaliseTokens(name))];
        if (tokens.length === 0) return;
        const isAlias = nameIndex > 0;
        variantTokens.push({ entry: index, tokens, isAlias, heads: nameHeadTokens(name, isAlias) });
        // First come wins, except that a curated alias beats a main name it duplicates.
        for (const [map, key] of [
          [this.exact, sortedKey(tokens)],
          [this.exactOrdered, tokens.join(' ')],
        ] as const) {
          const previous = map.get(key);
          if (previous === undefined || (isAlias && !previous.isAlias))
            map.set(key, { entry: index, isAlias });
        }
      });
    });

    const documentFrequency: number[] = [];
    const postings: number[][] = [];
    for (const { tokens } of variantTokens) {
      for (const token of tokens) {
        let id = this.tokenIds.get(token);
        if (id === undefined) {
          id = this.vocabulary.length;
          this.tokenIds.set(token, id);
          this.vocabulary.push(token);
          documentFrequency.push(0);
          postings.push([]);
        }
        documentFrequency[id]!++;
      }
    }
    variantTokens.forEach(({ tokens }, variantIndex) => {
      for (const token of tokens) postings[this.tokenIds.get(token)!]!.push(variantIndex);
    });
    this.postings = postings.map((list) => Int32Array.from(list));

    const size = this.vocabulary.length;
    this.idf = new Float64Array(size);
    let idfSum = 0;
    for (let id = 0; id < size; id++) {
      const value = Math.log(1 + variantTokens.length / documentFrequency[id]!);
      this.idf[id] = value;
      idfSum += value;
      for (const gram of new Set(bigrams(this.vocabulary[id]!))) {
        const list = this.bigramIndex.get(gram) ?? [];
        list.push(id);
        this.bigramIndex.set(gram, list);
      }
    }
    this.meanIdf = size === 0 ? 1 : idfSum / size;
    this.sortedIds = Int32Array.from(
      [...this.vocabulary.keys()].sort((a, b) =>
        this.vocabulary[a]! < this.vocabulary[b]! ? -1 : this.vocabulary[a]! > this.vocabulary[b]! ? 1 : 0,
      ),
    );

    for (const { entry, tokens, isAlias, heads } of variantTokens) {
      const ids = Int32Array.from(tokens.map((token) => this.tokenIds.get(token)!));
      const weights = Float64Array.from(ids, (id) => this.idf[id]!);
      let totalWeight = 0;
      for (const weight of weights) totalWeight += weight;
      // A one-word name is all head; a name whose head words are all missing has no head rule.
      const headPositions =
        tokens.length < 2
          ? new Int32Array(0)
          : Int32Array.from(tokens.flatMap((token, position) => (heads.includes(token) ? [position] : [])));
      this.variants.push({ entry, tokens, ids, weights, totalWeight, isAlias, headPositions });
    }

    this.variantStamp = new Int32Array(this.variants.length);
    this.candidates = new Int32Array(this.variants.length);
    this.tokenStamp = new Int32Array(size);
    this.tokenFirstPair = new Int32Array(size);
    this.entryStamp = new Int32Array(this.entryCount);
    this.entryScore = new Float64Array(this.entryCount);
    this.gramCount = new Int32Array(size);
    let longest = 0;
    for (const variant of this.variants) longest = Math.max(longest, variant.ids.length);
    this.positionUsed = new Int32Array(longest);
  }

  /** Known tokens a query token may stand for, with a similarity 0..1. */
  private expand(token: string): Expansion {
    const known = this.tokenIds.get(token);
    if (known !== undefined) return { ids: [known], similarities: [1] };
    const found = new Map<number, number>();
    const edits = maxEdits(token);
    if (edits > 0) {
      // q-gram lemma: a word within k edits shares at least (bigram count - 2k) bigrams with it.
      // Counted over distinct bigrams: k edits remove at most 2k of the query's distinct bigrams.
      const grams = new Set(bigrams(token));
      const needed = grams.size - 2 * edits;
      const counts = this.gramCount;
      const touched: number[] = [];
      for (const gram of grams) {
        const list = this.bigramIndex.get(gram);
        if (list === undefined) continue;
        for (const id of list) {
          if (counts[id] === 0) touched.push(id);
          counts[id]!++;
        }
      }
      const candidates =
        needed > 0 ? touched : Array.from(this.vocabulary.keys()) /* too short to filter by bigrams */;
      for (const id of candidates) {
        if (needed > 0 && counts[id]! < needed) continue;
        const candidate = this.vocabulary[id]!;
        if (Math.abs(candidate.length - token.length) > edits) continue;
        const d = distance(token, candidate);
        if (d <= edits) found.set(id, Math.max(found.get(id) ?? 0, 1 - EDIT_PENALTY * d));
      }
      for (const id of touched) counts[id] = 0;
    }
    if (token.length >= MIN_PREFIX_LENGTH) {
      const sorted = this.sortedIds;
      let low = 0;
      let high = sorted.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.vocabulary[sorted[middle]!]! < token) low = middle + 1;
        else high = middle;
      }
      for (let i = low; i < sorted.length; i++) {
        const id = sorted[i]!;
        const candidate = this.vocabulary[id]!;
        if (!candidate.startsWith(token)) break;
        if (candidate.length > token.length) found.set(id, Math.max(found.get(id) ?? 0, PREFIX_SIMILARITY));
      }
    }
    return { ids: [...found.keys()], similarities: [...found.values()] };
  }

  /** A fresh stamp for the scratch arrays; they are cleared before the stamps could overflow. */
  private nextGeneration(): number {
    if (this.generation >= STAMP_LIMIT) {
      this.generation = 0;
      this.variantStamp.fill(0);
      this.tokenStamp.fill(0);
      this.entryStamp.fill(0);
    }
    return ++this.generation;
  }

  /** Best entries first, at most `limit`, one per entry. */
  search(query: string, limit = 5): Match[] {
    return this.searchNormalised(normaliseLookup(query), limit);
  }

  /** search() for a query the caller has already normalised (normaliseLookup), to reuse its tokens. */
  searchNormalised(query: NormalisedQuery, limit = 5): Match[] {
    return this.searchTokens(query.tokens, limit, query.headTokens);
  }

  /** `headTokens`: the query's words before any "in …"/"with …" part, whose last word is its head. */
  searchTokens(
    queryTokens: readonly string[],
    limit = 5,
    headTokens: readonly string[] = queryTokens,
  ): Match[] {
    const tokens = [...new Set(queryTokens)];
    if (tokens.length === 0 || limit <= 0) return [];
    const querySet = new Set(tokens);
    const exact = this.exactOrdered.get(tokens.join(' ')) ?? this.exact.get(sortedKey(tokens));
    let head = tokens.length > 1 ? headIndex(tokens, headTokens) : -1;

    const generation = this.nextGeneration();
    const expansions = tokens.map((token) => this.expand(token));
    // Only a head word the catalog knows can be missing from a name; an unknown one is a brand.
    if (head >= 0 && expansions[head]!.ids.length === 0) head = -1;
    const queryHead = head >= 0 ? tokens[head] : tokens.length === 1 ? tokens[0] : undefined;
    const bias = this.bias(querySet, queryHead);
    const queryWeights = tokens.map((token, i) => {
      const own = this.tokenIds.get(token);
      if (own !== undefined) return this.idf[own]!;
      // A misspelt word weighs what the word it stands for weighs; an unknown word the average, except
      // an unknown percentage ("85%"), which qualifies the food rather than naming it.
      let best = 0;
      for (const id of expansions[i]!.ids) best = Math.max(best, this.idf[id]!);
      if (best > 0) return best;
      return token.endsWith('%') ? UNKNOWN_PERCENT_WEIGHT * this.meanIdf : this.meanIdf;
    });
    let queryTotal = 0;
    for (const weight of queryWeights) queryTotal += weight;

    // token id → linked list of (query token, similarity) pairs; candidate names from the postings.
    const pairQuery = this.pairQuery;
    const pairSimilarity = this.pairSimilarity;
    const pairNext = this.pairNext;
    pairQuery.length = 0;
    pairSimilarity.length = 0;
    pairNext.length = 0;
    let candidateCount = 0;
    expansions.forEach((expansion, queryIndex) => {
      expansion.ids.forEach((id, k) => {
        pairQuery.push(queryIndex);
        pairSimilarity.push(expansion.similarities[k]!);
        pairNext.push(this.tokenStamp[id] === generation ? this.tokenFirstPair[id]! : -1);
        this.tokenStamp[id] = generation;
        this.tokenFirstPair[id] = pairQuery.length - 1;
        for (const variant of this.postings[id]!) {
          if (this.variantStamp[variant] !== generation) {
            this.variantStamp[variant] = generation;
            this.candidates[candidateCount++] = variant;
          }
        }
      });
    });

    const queryCount = tokens.length;
    const positionUsed = this.positionUsed;
    const touchedEntries: number[] = [];
    for (let c = 0; c < candidateCount; c++) {
      const variant = this.variants[this.candidates[c]!]!;
      const ids = variant.ids;
      // Greedy assignment in query order, each name token used once: the same result as trying every
      // name position for each query token and keeping the first best unused one.
      let queryCovered = 0;
      let nameCovered = 0;
      if (this.candidateSerial >= STAMP_LIMIT) {
        this.candidateSerial = 0;
        positionUsed.fill(0);
      }
      const serial = ++this.candidateSerial;
      let headMissing = false;
      for (let q = 0; q < queryCount; q++) {
        let best = 0;
        let bestAt = -1;
        for (let position = 0; position < ids.length; position++) {
          const id = ids[position]!;
          if (this.tokenStamp[id] !== generation) continue;
          for (let pair = this.tokenFirstPair[id]!; pair >= 0; pair = pairNext[pair]!) {
            if (pairQuery[pair] !== q) continue;
            const similarity = pairSimilarity[pair]!;
            if (similarity > best && positionUsed[position] !== serial) {
              best = similarity;
              bestAt = position;
            }
          }
        }
        if (bestAt >= 0) {
          positionUsed[bestAt] = serial;
          queryCovered += queryWeights[q]! * best;
          nameCovered += variant.weights[bestAt]! * best;
        } else if (q === head) {
          headMissing = true;
        }
      }
      let score =
        QUERY_SHARE * (queryCovered / queryTotal) + NAME_SHARE * (nameCovered / variant.totalWeight);
      if (headMissing) score -= HEAD_PENALTY;
      if (queryCount === 1 && nameCovered < THIN_MATCH_SHARE * variant.totalWeight)
        score -= THIN_MATCH_PENALTY;
      const heads = variant.headPositions;
      if (heads.length > 0) {
        let headCovered = false;
        for (const position of heads) if (positionUsed[position] === serial) headCovered = true;
        if (!headCovered) score -= NAME_HEAD_PENALTY;
      }
      score += (variant.isAlias ? ALIAS_BONUS : 0) + bias(variant.entry, variant.tokens);
      const entry = variant.entry;
      if (this.entryStamp[entry] !== generation) {
        this.entryStamp[entry] = generation;
        this.entryScore[entry] = score;
        touchedEntries.push(entry);
      } else if (score > this.entryScore[entry]!) {
        this.entryScore[entry] = score;
      }
    }
    if (exact !== undefined) {
      if (this.entryStamp[exact.entry] !== generation) {
        this.entryStamp[exact.entry] = generation;
        touchedEntries.push(exact.entry);
      }
      this.entryScore[exact.entry] = exact.isAlias ? EXACT_ALIAS_SCORE : this.exactNameScore;
    }

    // Top `limit` by score (clamped to 0..1), ties by entry index: a small insertion-sorted list.
    const top: Match[] = [];
    const exactEntry = exact?.entry ?? -1;
    for (const index of touchedEntries) {
      const ceiling = index === exactEntry ? 1 : MAX_FUZZY_SCORE;
      const score = Math.max(0, Math.min(ceiling, this.entryScore[index]!));
      if (top.length === limit) {
        const last = top[limit - 1]!;
        if (score < last.score || (score === last.score && index > last.index)) continue;
      }
      let at = top.length;
      while (at > 0) {
        const previous = top[at - 1]!;
        if (previous.score > score || (previous.score === score && previous.index < index)) break;
        at--;
      }
      top.splice(at, 0, { index, score });
      if (top.length > limit) top.pop();
    }
    return top;
  }
}

/** Index in `tokens` of the query's head word: the last head word that is not a number or a pack word. */
function headIndex(tokens: readonly string[], headTokens: readonly string[]): number {
  for (let i = headTokens.length - 1; i >= 0; i--) {
    const token = headTokens[i]!;
    if (NOT_HEADS.has(token) || /\d/.test(token)) continue;
    return tokens.indexOf(token);
  }
  return -1;
}
