import { acceptable } from './acceptance.js';
import { type BrandItemParts, brandItem } from './brand-items.js';
import type { Lexicon } from './lexicon.js';
import { ANSWER_SCORE, type Attempt, type MatchResult, topScore } from './match-result.js';
import { exactNames, type MatcherWords, matcherWords } from './matcher-words.js';
import { conflicts, ModifierReader, variantValues } from './modifiers.js';
import { type Corrections, QueryCorrector } from './query-corrections.js';
import { type Reading, readingsOf } from './readings.js';
import { prepareQuery, type RerankContext, rerank } from './rerank.js';
import { FoodIndex, type IndexEntry } from './search-index.js';
import type { QueryText, TextNormaliser } from './text.js';
import { varietyWords } from './variety-words.js';

/**
 * Finds the catalog entry a free-text name means: retrieval on the search index, then the re-ranker,
 * then a decision a helpful person would make (acceptance.ts): answer when the food is clear (saying
 * so when a variety or brand was set aside for the closest generic item), otherwise refuse with
 * suggestions.
 */

/** Suggestions must share at least a meaningful word with the query. */
const SUGGESTION_SCORE = 0.3;
/** Candidates the re-ranker sees: enough for every variant of a food to compete. */
const CANDIDATES = 40;

export class FoodMatcher {
  readonly index: FoodIndex;
  private readonly context: RerankContext;
  private readonly packWords: ReadonlySet<string>;
  /** The lexicon's word lists as this matcher reads them (see matcherWords). */
  private readonly words: MatcherWords;
  /** Names in their own words and order, as typed: an exact name always finds its entry. */
  private readonly exact: ReadonlyMap<string, number>;
  private readonly corrector: QueryCorrector;
  /** What a brand's reviewed item is read with (brand-items.ts). */
  private readonly brands: BrandItemParts;

  /**
   * Products may be answered with their generic item when words are set aside ("Gala apples"); dishes
   * may not, as a dish's first word usually names its defining ingredient ("reindeer stew" is not a
   * beef stew).
   */
  private readonly closestMatches: boolean;
  /**
   * A dish may be named with what it is served with ("butter chicken with garlic naan"); a product's
   * "with" or "on" part is usually part of the food ("beans on toast" is not beans).
   */
  private readonly servedWithSides: boolean;

  constructor(
    entries: readonly IndexEntry[],
    private readonly text: TextNormaliser,
    lexicon: Lexicon,
    kind: 'products' | 'dishes',
    /** Per brand name, the entry its name alone means (brands.json `item`). */
    brandItems: ReadonlyMap<string, number> = new Map(),
  ) {
    this.closestMatches = kind === 'products';
    this.servedWithSides = kind === 'dishes';
    this.packWords = new Set(lexicon.packWords);
    this.index = new FoodIndex(entries, text, this.packWords);
    this.words = matcherWords(lexicon, text, kind, this.index.trustedWords);
    this.exact = exactNames(entries, text);
    const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes(kind));
    const modifiers = new ModifierReader(groups);
    this.corrector = new QueryCorrector(this.index, this.packWords, modifiers);
    this.context = {
      index: this.index,
      modifiers,
      stated: entries.map((_entry, i) =>
        modifiers.read([...(this.index.variants[i]![0]?.tokens ?? []), ...this.index.describedBy[i]!]),
      ),
      nonDefaultStates: new Set(lexicon.nonDefaultStates),
      variantValues: variantValues(this.index, modifiers),
      qualifiers: new Set([
        ...lexicon.packWords,
        ...lexicon.nonDefaultStates,
        ...groups
          .filter((group) => !group.definesFood)
          .flatMap((group) => Object.values(group.values).flat()),
      ]),
      foodDefiningGroups: new Set(groups.filter((group) => group.definesFood).map((group) => group.name)),
    };
    this.brands = {
      items: brandItems,
      text,
      packWords: this.packWords,
      context: this.context,
      corrector: this.corrector,
    };
  }

  match(query: string): MatchResult {
    const exact = this.exact.get(this.text.nameTokens(query).join(' '));
    if (exact !== undefined) {
      return {
        answer: { entry: exact, confidence: 1, closest: false, setAside: [] },
        ranked: [{ entry: exact, score: 1, via: 'name', exactWord: true, generic: true }],
      };
    }
    const parsed = this.text.query(query);
    const result = this.matchParsed(parsed);
    result.parsed = parsed;
    return result;
  }

  /** match, for a query that names no catalog name exactly, as the normaliser read it. */
  private matchParsed(parsed: QueryText): MatchResult {
    if (this.namesNonFood(parsed)) return { answer: null, ranked: [] };
    const typos = this.corrector.neighbourCorrections(parsed.tokens);
    // A food the catalog lacks ("naan bread") is refused, with the suggestions its words find; served
    // with one ("curry with naan"), the food itself is still answered.
    const absent = parsed.headTokens.some((token) => this.words.absentFoods.has(token));
    const branded = absent ? null : brandItem(this.brands, parsed, typos, false);
    if (branded !== null) return branded;
    // Read lazily, best reading first: most queries need one.
    let fallback: Attempt | undefined;
    for (const reading of readingsOf(parsed, this.text, this.namesFood(parsed.headTokens, typos), (token) =>
      this.index.knows(token),
    )) {
      const attempt = this.attempt(reading, typos);
      if (attempt === null) continue;
      if (!absent && this.acceptable(attempt, parsed)) return this.answer(attempt, parsed);
      if (fallback === undefined || topScore(attempt) > topScore(fallback)) fallback = attempt;
    }
    const served = absent ? null : this.withoutSides(parsed, typos);
    if (served !== null) {
      const attempt = this.attempt(served, typos);
      // The dish alone must be named in full: "soup with crusty bread" is not the tomato soup.
      if (attempt?.ranked[0]?.generic && this.acceptable(attempt, parsed))
        return this.answer(attempt, parsed);
    }
    const brandFood = absent ? null : brandItem(this.brands, parsed, typos, true);
    if (brandFood !== null) return brandFood;
    return {
      answer: null,
      ranked: fallback?.ranked.filter((candidate) => candidate.score >= SUGGESTION_SCORE) ?? [],
    };
  }

  /** "lemon dish soap", "flights to Turkey", "coffee mug": not food, whatever food words they hold. */
  namesNonFood(parsed: QueryText): boolean {
    return parsed.vessel || parsed.tokens.some((token) => this.words.nonFood.has(token));
  }

  /**
   * The food without what it is served with, when the sides state nothing a modifier reads but the
   * fallback: "butter chicken with garlic naan" is butter chicken, but "pasta with prawns" is not any
   * pasta.
   */
  private withoutSides(parsed: QueryText, typos: Corrections): Reading | null {
    const { tokens, headTokens } = parsed;
    if (!this.servedWithSides || parsed.brands.length > 0) return null;
    if (headTokens.length === 0 || headTokens.length === tokens.length) return null;
    const named = new Set(headTokens);
    const sides = tokens.filter((token) => !named.has(token));
    // A side of potato salad does not make the schnitzel meat-free.
    const stated = (token: string) =>
      this.context.modifiers.statesBeyondFallback(this.correct(token, typos)?.token ?? token);
    if (sides.some(stated)) return null;
    return { tokens: [...headTokens], headTokens, describing: new Set(), stating: [], brand: null };
  }

  /** The catalog word a query word stands for, read beside its neighbours first. */
  private correct(token: string, typos: Corrections) {
    return this.corrector.correct(token, typos);
  }

  /** Whether the query's head word is one the catalog knows. */
  private namesFood(headTokens: readonly string[], typos: Corrections): boolean {
    for (let i = headTokens.length - 1; i >= 0; i--) {
      const token = headTokens[i]!;
      if (this.packWords.has(token) || /\d/.test(token)) continue;
      return this.correct(token, typos) !== null;
    }
    return false;
  }

  private acceptable(attempt: Attempt, parsed: QueryText): boolean {
    return acceptable(this.context, this.closestMatches, attempt, parsed);
  }

  private answer(attempt: Attempt, parsed: QueryText): MatchResult {
    const best = attempt.ranked[0]!;
    const setAside = [...parsed.brands.map((brand) => brand.brand), ...attempt.prepared.unknown];
    return {
      answer: {
        entry: best.entry,
        confidence: Math.round(best.score * 100) / 100,
        // Or it states only what a food may state instead of the asked value: fresh cod for frozen.
        closest:
          setAside.length > 0 ||
          best.via === 'related' ||
          conflicts(attempt.prepared.modifiers, this.context.stated[best.entry]!),
        setAside,
      },
      ranked: attempt.ranked.filter((candidate) => candidate.score >= SUGGESTION_SCORE),
    };
  }

  private attempt(reading: Reading, typos: Corrections): Attempt | null {
    const first = this.rankFor(reading, reading.tokens, typos);
    if (first === null) return null;
    if (topScore(first) >= ANSWER_SCORE) return { ...first, reading };
    // A product's variety the catalog lacks; a dish's cooking word its names lack ("slow-braised beef
    // bourguignon"), which only a dish named in full may set aside (acceptable, namedInFull).
    const setAside = this.closestMatches
      ? varietyWords(this.context, first.prepared, first.candidates)
      : first.prepared.words.map((word) => word.token).filter((token) => this.words.unreadStates.has(token));
    if (setAside.length === 0) return { ...first, reading };
    // The food is clear but its variety is not in the catalog: the closest generic item, said so.
    const kept = reading.tokens.filter(
      (token) => !setAside.includes(this.correct(token, typos)?.token ?? token),
    );
    // The same candidates, scored without the set-aside words: no second retrieval.
    const second = this.rankFor(reading, kept, typos, first.candidates);
    if (second === null) return { ...first, reading };
    second.prepared.unknown.push(...setAside);
    return { ...second, reading };
  }

  private rankFor(reading: Reading, tokens: readonly string[], typos: Corrections, retrieved?: number[]) {
    const prepared = prepareQuery(
      this.index,
      this.context.modifiers,
      tokens,
      reading.headTokens,
      this.packWords,
      reading.describing,
      reading.stating,
      typos,
    );
    if (prepared.words.length === 0) return null;
    const candidates =
      retrieved ??
      this.index.retrieve(
        prepared.words.map((word) => word.token),
        CANDIDATES,
      );
    return { prepared, candidates, ranked: rerank(this.context, prepared, candidates) };
  }
}
