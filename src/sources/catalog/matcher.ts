import type { Brand, Lexicon } from './lexicon.js';
import { ModifierReader } from './modifiers.js';
import { type PreparedQuery, prepareQuery, type RerankContext, rerank, type Scored } from './rerank.js';
import { FoodIndex, type IndexEntry } from './search-index.js';
import type { TextNormaliser } from './text.js';

/**
 * Finds the catalog entry a free-text name means: retrieval on the search index, then the re-ranker,
 * then a decision a helpful person would make: answer when the food is clear (saying so when a
 * variety or brand was set aside for the closest generic item), otherwise refuse with suggestions.
 */

/** At or above this re-ranked score the food is clear enough to answer. */
export const ANSWER_SCORE = 0.7;
/** Suggestions must share at least a meaningful word with the query. */
const SUGGESTION_SCORE = 0.3;
/** Candidates the re-ranker sees: enough for every variant of a food to compete. */
const CANDIDATES = 40;
/** At most this many words are set aside as a variety the catalog lacks ("King Edward potatoes"). */
const MAX_SET_ASIDE = 2;

export interface MatchAnswer {
  entry: number;
  /** 0..1, two decimals. */
  confidence: number;
  /** The generic item stands in for a variety, brand or wording the catalog does not have. */
  closest: boolean;
  /** Words of the query the catalog does not know (varieties, brands, marketing). */
  setAside: string[];
}

export interface MatchResult {
  answer: MatchAnswer | null;
  /** Re-ranked candidates, best first (for suggestions). */
  ranked: Scored[];
}

export class FoodMatcher {
  readonly index: FoodIndex;
  private readonly context: RerankContext;
  private readonly packWords: ReadonlySet<string>;
  /** Names in their own words and order, as typed: an exact name always finds its entry. */
  private readonly exact = new Map<string, number>();

  /**
   * Products may be answered with their generic item when words are set aside ("Gala apples"); dishes
   * may not, as a dish's first word usually names its defining ingredient ("reindeer stew" is not a
   * beef stew).
   */
  private readonly closestMatches: boolean;

  constructor(
    entries: readonly IndexEntry[],
    private readonly text: TextNormaliser,
    lexicon: Lexicon,
    kind: 'products' | 'dishes',
  ) {
    this.closestMatches = kind === 'products';
    this.packWords = new Set(lexicon.packWords);
    this.index = new FoodIndex(entries, text, this.packWords);
    const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes(kind));
    const modifiers = new ModifierReader(groups);
    this.context = {
      index: this.index,
      modifiers,
      stated: entries.map((_entry, i) =>
        modifiers.read([...(this.index.variants[i]![0]?.tokens ?? []), ...this.index.describedBy[i]!]),
      ),
      nonDefaultStates: new Set(lexicon.nonDefaultStates),
      variantValues: this.index.variants.map((variants) =>
        variants.map((variant) => new Set(variant.tokens.flatMap((token) => modifiers.valueKeys(token)))),
      ),
      qualifiers: new Set([
        ...lexicon.packWords,
        ...lexicon.nonDefaultStates,
        ...groups.flatMap((group) => Object.values(group.values).flat()),
      ]),
    };
    entries.forEach((entry, i) => {
      for (const name of entry.names) {
        if (name.kind !== 'name' && name.kind !== 'alias') continue;
        const key = text.nameTokens(name.text).join(' ');
        const previous = this.exact.get(key);
        // First come wins, except that a curated alias beats another entry's main name.
        if (key !== '' && (previous === undefined || (name.kind === 'alias' && previous !== i))) {
          if (previous === undefined || name.kind === 'alias') this.exact.set(key, i);
        }
      }
    });
  }

  match(query: string): MatchResult {
    const exact = this.exact.get(this.text.nameTokens(query).join(' '));
    const parsed = this.text.query(query);
    const attempts: { prepared: PreparedQuery; ranked: Scored[]; brand: Brand | null; kind?: string }[] = [];
    /** Per brand attempt: the words of the brand's food. */
    const stating = new Map<(typeof attempts)[number], ReadonlySet<string>>();
    const base = this.attempt(parsed.tokens, parsed.headTokens, null);
    if (base !== null) attempts.push(base);
    for (const brand of parsed.brands) {
      if (brand.food === null) continue;
      const food = this.text.phraseTokens(brand.food);
      const ownHead = base?.prepared.head;
      const namesFood = ownHead !== undefined && !ownHead.startsWith('?');
      // A restaurant's food is its signature dish, not a kind: "McDonald's fries" are fries.
      if (namesFood && brand.kind === 'restaurant') continue;
      const readings: { tokens: string[]; headTokens: string[]; describing: Set<string>; kind?: string }[] =
        [];
      if (namesFood) {
        // The query names its food ("Alpro almond"): the brand adds its kind ("drink") and what its food
        // states (Quorn: meat-free) ...
        const kind = food.slice(-1);
        readings.push({
          tokens: [...new Set([...parsed.tokens, ...kind])],
          headTokens: [...kind, ...parsed.headTokens],
          describing: new Set(kind.filter((token) => !parsed.tokens.includes(token))),
          kind: kind[0],
        });
      }
      // ... or the brand's food is the food and the query's words describe it ("Fanta orange").
      readings.push({
        tokens: [...new Set([...food, ...parsed.tokens])],
        headTokens: food,
        describing: new Set(parsed.tokens.filter((token) => !food.includes(token))),
      });
      for (const reading of readings) {
        const withBrand = this.attempt(reading.tokens, reading.headTokens, brand, reading.describing, food);
        if (withBrand === null) continue;
        attempts.push({ ...withBrand, kind: reading.kind });
        stating.set(attempts.at(-1)!, new Set(food));
      }
    }
    if (exact !== undefined) {
      return {
        answer: { entry: exact, confidence: 1, closest: false, setAside: [] },
        ranked: [
          { entry: exact, score: 1, via: 'name', exactWord: true, generic: true },
          ...(attempts[0]?.ranked ?? []),
        ],
      };
    }
    // A brand's usual food is part of the question: "Quorn mince" is never beef mince.
    if (base !== null && attempts.length > 1) attempts.splice(attempts.indexOf(base), 1);
    // With words set aside, at least one word must be the catalog's as typed: "scented candle" is not
    // a typo for "canele".
    // The closest generic item must be generic: "bird seed" is not "Sesame seed".
    // Typo corrections alone do not make a food clear unless the query is that one word.
    const answerable = attempts.filter((attempt) => {
      const top = attempt.ranked[0];
      if (top === undefined || top.score < ANSWER_SCORE || attempt.prepared.head?.startsWith('?'))
        return false;
      if (!top.exactWord && attempt.prepared.words.length + attempt.prepared.unknown.length > 1) return false;
      if (attempt.prepared.unknown.length === 0) return true;
      if (!this.closestMatches || !top.exactWord) return false;
      // A brand alone whose food the catalog cannot read ("yeast extract spread") is not answered with
      // another food.
      if (
        attempt.brand !== null &&
        parsed.tokens.length === 0 &&
        attempt.prepared.unknown.some((token) => stating.get(attempt)?.has(token))
      )
        return false;
      // After a brand, unknown words are its range ("Lindt Excellence", "Oatly Barista").
      return top.generic || attempt.brand !== null;
    });
    // The brand's kind holds: an answer to "Fanta orange" is a drink, not an orange.
    const chosen =
      answerable.find(
        (attempt) =>
          attempt.brand !== null &&
          (attempt.kind === undefined || this.index.hasWord(attempt.ranked[0]!.entry, attempt.kind)),
      ) ??
      answerable.find((attempt) => attempt.brand === null) ??
      answerable[0] ??
      [...attempts].sort((a, b) => (b.ranked[0]?.score ?? 0) - (a.ranked[0]?.score ?? 0))[0];
    if (chosen === undefined) return { answer: null, ranked: [] };
    const best = chosen.ranked[0];
    const ranked = chosen.ranked.filter((candidate) => candidate.score >= SUGGESTION_SCORE);
    if (best === undefined || !answerable.includes(chosen)) return { answer: null, ranked };
    const setAside = [...parsed.brands.map((brand) => brand.brand), ...chosen.prepared.unknown];
    return {
      answer: {
        entry: best.entry,
        confidence: Math.round(best.score * 100) / 100,
        closest: setAside.length > 0 || best.via === 'related',
        setAside,
      },
      ranked,
    };
  }

  private attempt(
    tokens: readonly string[],
    headTokens: readonly string[],
    brand: Brand | null,
    describing: ReadonlySet<string> = new Set(),
    stating: readonly string[] = [],
  ) {
    const first = this.rankFor(tokens, headTokens, describing, stating);
    if (first === null) return null;
    const setAside = this.varietyWords(first.prepared, first.candidates);
    if (!this.closestMatches || (first.ranked[0]?.score ?? 0) >= ANSWER_SCORE || setAside.length === 0)
      return { ...first, brand };
    // The food is clear but its variety is not in the catalog: the closest generic item, said so.
    const kept = tokens.filter((token) => !setAside.includes(this.index.correct(token)?.token ?? token));
    const second = this.rankFor(kept, headTokens, describing, stating);
    if (second === null) return { ...first, brand };
    second.prepared.unknown.push(...setAside);
    return { ...second, brand };
  }

  private rankFor(
    tokens: readonly string[],
    headTokens: readonly string[],
    describing: ReadonlySet<string>,
    stating: readonly string[],
  ) {
    const prepared = prepareQuery(
      this.index,
      this.context.modifiers,
      tokens,
      headTokens,
      this.packWords,
      describing,
      stating,
    );
    if (prepared.words.length === 0) return null;
    const candidates = this.index.retrieve(
      prepared.words.map((word) => word.token),
      CANDIDATES,
    );
    return { prepared, candidates, ranked: rerank(this.context, prepared, candidates) };
  }

  /**
   * Words that only qualify a clearly named food and that no candidate with the food's head has: a
   * variety or marketing word. Modifiers (an animal, a state, sugar, a form) and words naming a food
   * are never set aside.
   */
  private varietyWords(prepared: PreparedQuery, candidates: readonly number[]): string[] {
    const head = prepared.head;
    if (head === undefined || head.startsWith('?')) return [];
    // The food itself must be named by a catalog name or alias, not only by a looser synonym.
    const withHead = candidates.filter((entry) => this.index.namedBy(entry, head));
    if (withHead.length === 0) return [];
    const words = prepared.words
      .map((word) => word.token)
      .filter(
        (token) =>
          token !== head &&
          !prepared.valueOf.has(token) &&
          // A word that names a food of its own changes the food: "cashew milk" is not milk.
          !this.index.foodWords.has(token) &&
          !withHead.some((entry) => this.index.namesTogether(entry, head, token)),
      );
    return words.length <= MAX_SET_ASIDE ? words : [];
  }
}
