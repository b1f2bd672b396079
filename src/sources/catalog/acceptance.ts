import { ANSWER_SCORE, type Attempt } from './match-result.js';
import type { PreparedQuery, RerankContext } from './rerank.js';
import type { QueryText } from './text.js';

/**
 * Whether the matcher answers with a reading's best candidate: the decision a helpful person would
 * make, answering when the food is clear and refusing when it is not.
 */

/** A dish named in full may set words aside when it is named by at least this many (see namedInFull). */
const MIN_WORDS_NAMED_IN_FULL = 2;

/**
 * Whether a reading's best candidate is clear enough to answer with. `closestMatches`: products may
 * be answered with their generic item when words are set aside, dishes only when named in full.
 */
export function acceptable(
  context: RerankContext,
  closestMatches: boolean,
  attempt: Attempt,
  parsed: QueryText,
): boolean {
  const { prepared, reading } = attempt;
  const { index } = context;
  const top = attempt.ranked[0];
  if (top === undefined || top.score < ANSWER_SCORE || prepared.head?.startsWith('?')) return false;
  // Pack words alone ("bulbs", "slices") name no food.
  if (prepared.head === undefined && reading.brand === null) return false;
  // Typo corrections alone do not make a food clear unless the query is that one word, and the word
  // names the food itself: "gravy" is not a typo for the "grey" of "Sea salt, grey".
  if (
    !top.exactWord &&
    (prepared.words.length + prepared.unknown.length > 1 ||
      !index.namesItself(top.entry, prepared.words[0]!.token))
  )
    return false;
  // The brand's kind holds: an answer to "Fanta orange" is a drink, not an orange.
  if (reading.kind !== undefined && !index.hasWord(top.entry, reading.kind)) return false;
  if (prepared.unknown.length === 0) return true;
  // With words set aside, at least one word must be the catalog's as typed: "scented candle" is not
  // a typo for "canele".
  if (!top.exactWord) return false;
  if (!closestMatches) return namedInFull(context, attempt);
  if (reading.brand !== null) {
    // A brand alone whose food the catalog cannot read ("yeast extract spread") is not answered.
    if (parsed.tokens.length === 0 && prepared.unknown.some((token) => reading.stating.includes(token)))
      return false;
    // After a brand, unknown words are its range ("Lindt Excellence", "Oatly Barista").
    return true;
  }
  // The closest generic item must be generic ("bird seed" is not "Sesame seed") and must keep every
  // modifier the query states: a "chicken caesar wrap" is not an empty tortilla wrap.
  return top.generic && keepsModifiers(context, prepared, top.entry);
}

/** Whether the entry states every modifier group the query states. */
function keepsModifiers(context: RerankContext, prepared: PreparedQuery, entry: number): boolean {
  const stated = context.stated[entry]!;
  return [...prepared.modifiers.keys()].every((group) => stated.has(group));
}

/**
 * A dish whose every word the query has, and nothing else the catalog knows, is that dish whatever
 * words it sets aside ("hyderabadi chicken biryani"), when its name is two words or more: one word
 * alone ("reindeer stew") does not say the set-aside word is not the defining ingredient.
 */
function namedInFull(context: RerankContext, { prepared, ranked }: Attempt): boolean {
  const top = ranked[0]!;
  const words = prepared.words.map((word) => word.token);
  if (!top.generic || words.length < MIN_WORDS_NAMED_IN_FULL) return false;
  return context.index.namesAll(top.entry, words) && keepsModifiers(context, prepared, top.entry);
}
