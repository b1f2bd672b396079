import { conflictsCoded, sharesAny } from './modifier-codes.js';
import type { ModifierReader } from './modifiers.js';
import { HEADER, KIND_CODE, NAME_STRIDE, type PackedNames } from './packed-names.js';
import { type QueryIds, type QueryMarks, queryIds, RerankTables } from './rerank-tables.js';
import type { FoodIndex, NameKind, Variant } from './search-index.js';
import type { CorrectedToken } from './typo-correction.js';

/**
 * The food-specific sense a general search engine lacks, applied to the few candidates it retrieves.
 * Every weight is here, each with its reason. Scores run from 0 to 1; lookups answer at ANSWER_SCORE.
 */
export const WEIGHTS = {
  /** Share of the query's known words (IDF-weighted) that the name covers: the main signal. */
  queryCoverage: 0.7,
  /** Share of the name's words the query covers: "apple" is "Apple, raw" before "Apple pie, homemade". */
  nameCoverage: 0.3,
  /** The query's head (in "carrot cake", "cake") is missing from the name: it is another food. */
  missingQueryHead: 0.15,
  /** The name's head is missing from the query: "kebab" is not "Pizza, kebab". */
  missingNameHead: 0.2,
  /** The query states a modifier (an animal, cooked, dried, sugar-free) the name does not. */
  unstatedModifier: 0.1,
  /**
   * Per state word ("frozen", "canned") or animal ("beef salad") the query did not ask for: plain
   * defaults first; at most 3.
   */
  unaskedState: 0.02,
  /** A raw food when the query says nothing about cooking: "broccoli" is raw broccoli. */
  plainDefault: 0.015,
  /** Open Food Facts names are looser than Agribalyse's own and the curated aliases. */
  synonymDiscount: 0.05,
  /** Proxy names map a category to a food that only stands in for it. */
  relatedDiscount: 0.1,
  /**
   * Share of its weight a word keeps when it only qualifies the food (a pack, state or modifier word)
   * or when it is a typo correction the name does not confirm (it may be a variety, not a typo).
   */
  qualifierShare: 0.5,
} as const;
/** A name word with the same modifier value as a query word covers it this much ("grilled" ~ "cooked"). */
const SAME_VALUE_SIMILARITY = 0.9;
const MAX_UNASKED_STATES = 3;
/** A match through a corrected typo stays below an exact one, whatever its bonuses. */
const MAX_CORRECTED_SCORE = 0.97;

/** A query worked out once per lookup: its words corrected and weighed. */
export interface PreparedQuery {
  /** Known (or corrected) words with their weights. */
  words: { token: string; similarity: number; weight: number }[];
  /** Per word: the modifier values ("group:value") it states, if any. */
  valueOf: Map<string, readonly string[]>;
  /** Words the catalog does not know at all: varieties, brands, marketing. */
  unknown: string[];
  /** The corrected head word, if the query has one the catalog knows. */
  head: string | undefined;
  /** Modifier values the query states, per exclusive group. */
  modifiers: Map<string, Set<string>>;
  tokenSet: Set<string>;
}

export interface Scored {
  entry: number;
  score: number;
  /** The name covers at least one query word as typed (not only typo corrections). */
  exactWord: boolean;
  /** The query covers every word of the name bar pack and state words: the plain, generic item. */
  generic: boolean;
  /** The kind of name that matched best. */
  via: Variant['kind'];
}

export function prepareQuery(
  index: FoodIndex,
  modifiers: ModifierReader,
  tokens: readonly string[],
  headTokens: readonly string[],
  packWords: ReadonlySet<string>,
  /** Words that only describe (a brand's food phrase beyond its head): they weigh as qualifiers. */
  describing: ReadonlySet<string> = new Set(),
  /** Further words whose modifiers hold (a brand's food: Quorn is meat-free). */
  stating: readonly string[] = [],
  /** Typos already read, by the word as typed (beside their neighbours: "pad tai"). */
  corrections: ReadonlyMap<string, CorrectedToken> = new Map(),
): PreparedQuery {
  // Words after " with …"/" in …" name what comes with the food: "lamb rogan josh with basmati rice".
  const named = new Set(headTokens);
  const accompaniment = new Set(tokens.filter((token) => !named.has(token)));
  const words: PreparedQuery['words'] = [];
  const unknown: string[] = [];
  const unknownSides: string[] = [];
  const correctedOf = new Map<string, CorrectedToken>();
  for (const token of new Set(tokens)) {
    // A word the lexicon reads ("shark": an animal) is that word, never a typo for another ("shank").
    const stated = modifiers.valueKeys(token).length > 0 && !index.knows(token);
    const corrected = stated ? null : (corrections.get(token) ?? index.correct(token));
    if (corrected === null) {
      // An unknown side ("with basmati rice") does not make the food itself unknown, nor does a pack
      // word no catalog name uses ("a rack of ribs", "big portion of paella").
      if (accompaniment.has(token)) unknownSides.push(token);
      else if (!packWords.has(token)) unknown.push(token);
      continue;
    }
    correctedOf.set(token, corrected);
    if (words.some((word) => word.token === corrected.token)) continue;
    const qualifies =
      packWords.has(corrected.token) ||
      modifiers.qualifies(corrected.token) ||
      describing.has(token) ||
      accompaniment.has(token);
    words.push({
      ...corrected,
      weight: index.weight(corrected.token) * (qualifies ? WEIGHTS.qualifierShare : 1),
    });
  }
  let head: string | undefined;
  for (let i = headTokens.length - 1; i >= 0; i--) {
    const token = headTokens[i]!;
    if (packWords.has(token) || /\d/.test(token)) continue;
    head = correctedOf.get(token)?.token;
    if (head === undefined) head = `?${token}`;
    break;
  }
  const tokenSet = new Set(words.map((word) => word.token));
  const wordValues = new Map<string, readonly string[]>();
  for (const token of tokenSet) {
    const keys = modifiers.valueKeys(token);
    if (keys.length > 0) wordValues.set(token, keys);
  }
  // Modifiers are read from every word: "seitan kebab" is meat-free even where "seitan" is unknown.
  // An unknown side still says what it is: "lasagne with kangaroo" is not a beef lasagne.
  const stated = modifiers.read([...tokenSet, ...unknown, ...unknownSides, ...stating]);
  return { words, unknown, head, modifiers: stated, tokenSet, valueOf: wordValues };
}

/** Whether one of the words ids[start..end) is the query's. */
function sharesWord(ids: Int32Array, start: number, end: number, marks: QueryMarks): boolean {
  for (let k = start; k < end; k++) if (marks.has(ids[k]!)) return true;
  return false;
}

/** The lists of QueryMarks.cover: the entry's trusted words, and one name's own words. */
const TRUSTED = 0;
const OWN = 1;

/** How well one of an entry's names fits the query, 0..1, before the entry-wide modifiers. */
function scoreVariant(
  query: PreparedQuery,
  variantIndex: number,
  packed: PackedNames,
  /** Where the entry's run starts in the packed arrays. */
  base: number,
  coded: Int32Array,
  /** Where the entry's names' value ranges start in `coded` (see RerankTables). */
  valuesAt: number,
  asked: QueryIds,
  marks: QueryMarks,
  /** The QueryMarks.cover mark of the entry's trusted words. */
  trustedMark: number,
): { score: number; exactWord: boolean; generic: boolean } {
  const { ids, numbers, qualifies } = packed;
  const at = base + HEADER + NAME_STRIDE * variantIndex;
  const kind = ids[at]!;
  const tokensStart = ids[at + 1]!;
  const tokensEnd = ids[at + 2]!;
  const headsStart = ids[at + 3]!;
  const headsEnd = ids[at + 4]!;
  const wordCount = asked.words.length;
  let queryTotal = 0;
  let queryCovered = 0;
  let exactWord = false;
  // An entry's own name and aliases speak together ("stout" and "dark beer" are one food); looser names
  // count alone.
  const trusted = kind === KIND_CODE.name || kind === KIND_CODE.alias;
  const list = trusted ? TRUSTED : OWN;
  const mark = trusted ? trustedMark : marks.cover(OWN, ids, tokensStart, tokensEnd);
  for (let w = 0; w < wordCount; w++) {
    const word = query.words[w]!;
    if (marks.covers(list, w, mark)) {
      queryTotal += word.weight;
      queryCovered += word.weight * word.similarity;
      if (word.similarity === 1) exactWord = true;
      continue;
    }
    const values = asked.values[w]!;
    if (values !== null) {
      const range = valuesAt + 2 * variantIndex;
      if (sharesAny(values, coded, coded[range]!, coded[range + 1]!)) {
        queryTotal += word.weight;
        queryCovered += word.weight * SAME_VALUE_SIMILARITY * word.similarity;
        continue;
      }
    }
    queryTotal += word.similarity < 1 ? word.weight * WEIGHTS.qualifierShare : word.weight;
  }
  const nameTotal = numbers[at]!;
  let nameCovered = 0;
  let generic = true;
  let hasHead = false;
  for (let k = tokensStart; k < tokensEnd; k++) {
    const id = ids[k]!;
    if (marks.has(id)) nameCovered += numbers[k]!;
    else if (qualifies[k] === 0) generic = false;
    if (id === asked.head) hasHead = true;
  }
  let score =
    WEIGHTS.queryCoverage * (queryTotal === 0 ? 0 : queryCovered / queryTotal) +
    WEIGHTS.nameCoverage * (nameTotal === 0 ? 0 : nameCovered / nameTotal);
  // The head must be the name's head too: "ham sandwich" is not "sandwich ham".
  const headCount = headsEnd - headsStart;
  const reversed =
    kind !== KIND_CODE.name && headCount === 1 && query.head !== undefined && ids[headsStart] !== asked.head;
  if (query.head !== undefined && (!hasHead || reversed)) score -= WEIGHTS.missingQueryHead;
  // The name's head may go unsaid when a query word only ever names that kind of food: "minestrone"
  // is always a soup, "hollandaise" a sauce; "kebab" is not always a pizza.
  if (headCount > 0 && tokensEnd - tokensStart > 1) {
    let said = false;
    for (let k = headsStart; k < headsEnd && !said; k++) {
      said = marks.has(ids[k]!) || marks.hasSole(ids[k]!);
    }
    if (!said) score -= WEIGHTS.missingNameHead;
  }
  if (kind === KIND_CODE.synonym) score -= WEIGHTS.synonymDiscount;
  if (kind === KIND_CODE.related) score -= WEIGHTS.relatedDiscount;
  return { score, exactWord, generic };
}

export interface RerankContext {
  index: FoodIndex;
  modifiers: ModifierReader;
  /** Modifier values each entry states, from its main name (and for dishes, its ingredients). */
  stated: readonly Map<string, Set<string>>[];
  nonDefaultStates: ReadonlySet<string>;
  /** Per entry and name: the modifier values ("group:value") its words state. */
  variantValues: readonly (readonly ReadonlySet<string>[])[];
  /** Pack, state and modifier words: a name made of the query's words and these is generic. */
  qualifiers: ReadonlySet<string>;
  /** Exclusive groups that say which food it is (lexicon `definesFood`: the animal). */
  foodDefiningGroups: ReadonlySet<string>;
}

const KINDS: readonly NameKind[] = ['name', 'alias', 'synonym', 'related'];

const tablesOf = new WeakMap<RerankContext, RerankTables>();

/** Whether the query leaves one of these groups unstated. */
function leavesUnstated(groups: Int32Array, start: number, end: number, asked: Uint8Array): boolean {
  for (let i = start; i < end; i++) if (asked[groups[i]!] !== 1) return true;
  return false;
}

/** Scores candidates; those contradicting the query are left out. Best first. */
export function rerank(
  context: RerankContext,
  query: PreparedQuery,
  candidates: readonly number[],
): Scored[] {
  let tables = tablesOf.get(context);
  if (tables === undefined) {
    tables = new RerankTables(context);
    tablesOf.set(context, tables);
  }
  // A frozen food the catalog lacks may be its fresh food (ExclusiveGroup.accepts) ...
  const widened = context.modifiers.widen(query.modifiers);
  const asked = queryIds(
    tables,
    query.words,
    query.head,
    query.valueOf,
    widened,
    (token) => context.index.soleHead(token),
    (token) => context.modifiers.qualifies(token),
  );
  // ... but it does not state what was asked: it ranks after a food that does.
  const strictly = widened === query.modifiers ? null : tables.codes.query(query.modifiers);
  const { marks, coded, packed } = tables;
  // The same arrays for every entry (packed-names.ts).
  const { ids, qualifies } = packed;
  const groupCount = tables.codes.groupCount;
  const askedGroups = asked.modifiers.groups;
  const scored: Scored[] = [];
  for (const entry of candidates) {
    const base = packed.baseOf(entry);
    const codedAt = tables.codedAt(entry);
    // What the entry states starts at codedAt + 2 (see RerankTables).
    if (conflictsCoded(asked.modifiers, coded, codedAt + 2, groupCount)) continue;
    let best = Number.NEGATIVE_INFINITY;
    let via: Variant['kind'] = 'name';
    let exactWord = false;
    let generic = false;
    const trustedMark = marks.cover(TRUSTED, ids, ids[base + 1]!, ids[base + 2]!);
    for (let v = 0; v < ids[base]!; v++) {
      const at = base + HEADER + NAME_STRIDE * v;
      // A name sharing no word with the query cannot be the best one.
      if (v > 0 && !sharesWord(ids, ids[at + 1]!, ids[at + 2]!, marks)) continue;
      const scored = scoreVariant(query, v, packed, base, coded, coded[codedAt]!, asked, marks, trustedMark);
      if (scored.score > best) {
        best = scored.score;
        via = KINDS[ids[at]!]!;
        exactWord = scored.exactWord;
      }
      if (scored.generic && ids[at] !== KIND_CODE.related) generic = true;
    }
    for (let g = 0; g < askedGroups.length; g++) {
      if (coded[codedAt + 2 + askedGroups[g]!] === 0) best -= WEIGHTS.unstatedModifier;
    }
    if (strictly !== null && conflictsCoded(strictly, coded, codedAt + 2, groupCount))
      best -= WEIGHTS.unstatedModifier;
    // The main name's state words and food-defining words (packed-names.ts), if it has a main name.
    if (ids[base + 6] === 1) {
      let unasked = 0;
      for (let k = ids[base + 3]!, u = 0; k < ids[base + 4]!; k++, u++) {
        if (marks.has(ids[k]!)) continue;
        // Which food it is (an animal), stated by the name and not by the query, is unasked too:
        // "salad" is a plain salad before a beef salad.
        const range = coded[codedAt + 1]! + 2 * u;
        const definesUnasked = leavesUnstated(coded, coded[range]!, coded[range + 1]!, asked.modifiers.asked);
        if (qualifies[k] === 1 || definesUnasked) unasked++;
      }
      best -= WEIGHTS.unaskedState * Math.min(unasked, MAX_UNASKED_STATES);
      if (ids[base + 5] === 1 && !asked.preparation) best += WEIGHTS.plainDefault;
    }
    scored.push({ entry, score: best, via, exactWord, generic });
  }
  // Ranked on the raw scores, so bonuses above 1 still order the candidates; then clamped to 0..1.
  scored.sort((a, b) => b.score - a.score || a.entry - b.entry);
  const ceiling = query.words.some((word) => word.similarity < 1) ? MAX_CORRECTED_SCORE : 1;
  for (const candidate of scored) candidate.score = Math.max(0, Math.min(ceiling, candidate.score));
  return scored;
}
