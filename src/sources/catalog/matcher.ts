import type { Brand, Lexicon } from './lexicon.js';
import { exactNames, type MatcherWords, matcherWords } from './matcher-words.js';
import { conflicts, ModifierReader, variantValues } from './modifiers.js';
import { NeighbourTypos } from './neighbour-typos.js';
import { type Reading, readingsOf } from './readings.js';
import { type PreparedQuery, prepareQuery, type RerankContext, rerank, type Scored } from './rerank.js';
import { FoodIndex, type IndexEntry } from './search-index.js';
import type { QueryText, TextNormaliser } from './text.js';
import type { CorrectedToken } from './typo-correction.js';

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
/** A dish named in full may set words aside when it is named by at least this many (see namedInFull). */
const MIN_WORDS_NAMED_IN_FULL = 2;
/**
 * A brand asked for alone is answered with its hand-reviewed item: as sure as a curated alias of the
 * brand's food, though only the generic item (the answer says it is the closest match).
 */
const BRAND_ITEM_CONFIDENCE = 0.9;

export interface MatchAnswer {
  entry: number;
  /** 0..1, two decimals. */
  confidence: number;
  /** The generic item stands in for a variety, brand or wording the catalog does not have. */
  closest: boolean;
  /** Words of the query the catalog does not know (varieties, brands, marketing). */
  setAside: string[];
}

interface Attempt {
  reading: Reading;
  prepared: PreparedQuery;
  candidates: number[];
  /** Re-ranked candidates, best first. */
  ranked: Scored[];
}

function topScore(attempt: { ranked: Scored[] }): number {
  return attempt.ranked[0]?.score ?? 0;
}

export interface MatchResult {
  answer: MatchAnswer | null;
  /** Re-ranked candidates, best first (for suggestions). */
  ranked: Scored[];
  /** The query as the normaliser read it, when the match read it (not for an exact name). */
  parsed?: QueryText;
}

/** Per word as typed, the catalog word its neighbours say it is (see NeighbourTypos). */
type Corrections = ReadonlyMap<string, CorrectedToken>;
const NO_CORRECTIONS: Corrections = new Map();

export class FoodMatcher {
  readonly index: FoodIndex;
  private readonly context: RerankContext;
  private readonly packWords: ReadonlySet<string>;
  /** The lexicon's word lists as this matcher reads them (see matcherWords). */
  private readonly words: MatcherWords;
  /** Names in their own words and order, as typed: an exact name always finds its entry. */
  private readonly exact: ReadonlyMap<string, number>;
  private readonly neighbourTypos: NeighbourTypos;

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
    private readonly brandItems: ReadonlyMap<string, number> = new Map(),
  ) {
    this.closestMatches = kind === 'products';
    this.servedWithSides = kind === 'dishes';
    this.packWords = new Set(lexicon.packWords);
    this.index = new FoodIndex(entries, text, this.packWords);
    this.neighbourTypos = new NeighbourTypos(this.index.variants);
    this.words = matcherWords(lexicon, text, kind, this.index.trustedWords);
    this.exact = exactNames(entries, text);
    const groups = lexicon.exclusiveGroups.filter((group) => group.appliesTo.includes(kind));
    const modifiers = new ModifierReader(groups);
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
    const typos = this.neighbourCorrections(parsed.tokens);
    // A food the catalog lacks ("naan bread") is refused, with the suggestions its words find; served
    // with one ("curry with naan"), the food itself is still answered.
    const absent = parsed.headTokens.some((token) => this.words.absentFoods.has(token));
    const branded = absent ? null : this.brandItem(parsed, typos, false);
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
    const brandFood = absent ? null : this.brandItem(parsed, typos, true);
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
   * A brand asked for with nothing else the catalog knows ("Mars bar", "Weetabix 24 pack") means its
   * reviewed item; so does a brand with the very food it is reviewed for ("Greggs sausage roll"), when
   * the query read as typed finds nothing (withFood). With another food named ("Alpro almond", "Heinz
   * tomato soup") the readings decide.
   */
  private brandItem(parsed: QueryText, typos: Corrections, withFood: boolean): MatchResult | null {
    const entries = parsed.brands
      .map((brand) => ({ brand, entry: this.brandItems.get(brand.brand) }))
      .filter((found): found is { brand: Brand; entry: number } => found.entry !== undefined);
    // A maker and its product line ("McVitie's Jaffa Cakes", "Cadbury Dairy Milk"): the line, named
    // last, is the food.
    const last = entries.at(-1);
    if (last === undefined) return null;
    const { brand, entry } = last;
    const food = this.text.catalogTokens(brand.food ?? '');
    // Besides numbers and words the catalog does not know: the brand's food's words, or pack words.
    const known = withFood
      ? (token: string) => food.includes(token)
      : (token: string) => this.packWords.has(token);
    if (
      !parsed.tokens.every((token) => /\d/.test(token) || known(token) || this.correct(token, typos) === null)
    )
      return null;
    // What the brand's food states holds: a jar of Nescafé granules is not the brewed drink.
    const stated = this.context.modifiers.read([...parsed.tokens, ...food]);
    if (conflicts(this.context.modifiers.widen(stated), this.context.stated[entry]!)) return null;
    return {
      answer: { entry, confidence: BRAND_ITEM_CONFIDENCE, closest: true, setAside: [brand.brand] },
      ranked: [{ entry, score: BRAND_ITEM_CONFIDENCE, via: 'alias', exactWord: true, generic: true }],
    };
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

  /** Typos read beside their neighbours ("pad tai", "fish and chiips"), by the word as typed. */
  private neighbourCorrections(tokens: readonly string[]): Corrections {
    let corrections: Map<string, CorrectedToken> | undefined;
    tokens.forEach((token, at) => {
      // A word the lexicon reads ("shark": an animal) is that word, as in the re-ranker.
      if (this.packWords.has(token) || this.context.modifiers.valueKeys(token).length > 0) return;
      // A word as typed is itself; a typo's neighbour decides between the words it could be.
      if (this.index.correct(token)?.similarity === 1) return;
      const corrected = this.neighbourTypos.correct(tokens, at);
      if (corrected === null) return;
      corrections ??= new Map();
      corrections.set(token, corrected);
    });
    return corrections ?? NO_CORRECTIONS;
  }

  /** The catalog word a query word stands for, read beside its neighbours first. */
  private correct(token: string, typos: Corrections): CorrectedToken | null {
    return typos.get(token) ?? this.index.correct(token);
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

  /** Whether a reading's best candidate is clear enough to answer with. */
  private acceptable(attempt: Attempt, parsed: QueryText): boolean {
    const { prepared, reading } = attempt;
    const top = attempt.ranked[0];
    if (top === undefined || top.score < ANSWER_SCORE || prepared.head?.startsWith('?')) return false;
    // Pack words alone ("bulbs", "slices") name no food.
    if (prepared.head === undefined && reading.brand === null) return false;
    // Typo corrections alone do not make a food clear unless the query is that one word, and the word
    // names the food itself: "gravy" is not a typo for the "grey" of "Sea salt, grey".
    if (
      !top.exactWord &&
      (prepared.words.length + prepared.unknown.length > 1 ||
        !this.index.namesItself(top.entry, prepared.words[0]!.token))
    )
      return false;
    // The brand's kind holds: an answer to "Fanta orange" is a drink, not an orange.
    if (reading.kind !== undefined && !this.index.hasWord(top.entry, reading.kind)) return false;
    if (prepared.unknown.length === 0) return true;
    // With words set aside, at least one word must be the catalog's as typed: "scented candle" is not
    // a typo for "canele".
    if (!top.exactWord) return false;
    if (!this.closestMatches) return this.namedInFull(attempt);
    if (reading.brand !== null) {
      // A brand alone whose food the catalog cannot read ("yeast extract spread") is not answered.
      if (parsed.tokens.length === 0 && prepared.unknown.some((token) => reading.stating.includes(token)))
        return false;
      // After a brand, unknown words are its range ("Lindt Excellence", "Oatly Barista").
      return true;
    }
    // The closest generic item must be generic ("bird seed" is not "Sesame seed") and must keep every
    // modifier the query states: a "chicken caesar wrap" is not an empty tortilla wrap.
    return top.generic && this.keepsModifiers(prepared, top.entry);
  }

  /** Whether the entry states every modifier group the query states. */
  private keepsModifiers(prepared: PreparedQuery, entry: number): boolean {
    const stated = this.context.stated[entry]!;
    return [...prepared.modifiers.keys()].every((group) => stated.has(group));
  }

  /**
   * A dish whose every word the query has, and nothing else the catalog knows, is that dish whatever
   * words it sets aside ("hyderabadi chicken biryani"), when its name is two words or more: one word
   * alone ("reindeer stew") does not say the set-aside word is not the defining ingredient.
   */
  private namedInFull({ prepared, ranked }: Attempt): boolean {
    const top = ranked[0]!;
    const words = prepared.words.map((word) => word.token);
    if (!top.generic || words.length < MIN_WORDS_NAMED_IN_FULL) return false;
    return this.index.namesAll(top.entry, words) && this.keepsModifiers(prepared, top.entry);
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
      ? this.varietyWords(first.prepared, first.candidates)
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

  /**
   * Words that only qualify a clearly named food and that no candidate with the food's head has: a
   * variety or marketing word. Modifiers (an animal, a state, sugar, a form) and words naming a food
   * are never set aside.
   */
  private varietyWords(prepared: PreparedQuery, candidates: readonly number[]): string[] {
    const head = prepared.head;
    if (head === undefined || head.startsWith('?')) return [];
    const qualifying = prepared.words
      .map((word) => word.token)
      .filter(
        (token) =>
          token !== head &&
          !prepared.valueOf.has(token) &&
          // A state ("breaded", "smoked") changes the food as a modifier does: breaded cod is not raw cod.
          !this.context.nonDefaultStates.has(token) &&
          // A word that names a food of its own changes the food: "cashew milk" is not milk.
          !this.index.foodWords.has(token),
      );
    // Checked before the candidates, which cost more to read: most queries have no such word.
    if (qualifying.length === 0) return [];
    // The food itself must be named by a catalog name or alias, not only by a looser synonym.
    const withHead = candidates.filter((entry) => this.index.namedBy(entry, head));
    if (withHead.length === 0) return [];
    const words = qualifying.filter(
      (token) => !withHead.some((entry) => this.index.namesAll(entry, [head, token])),
    );
    return words.length <= MAX_SET_ASIDE ? words : [];
  }
}
