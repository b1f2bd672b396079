import type { PreparedQuery, RerankContext } from './rerank.js';

/** At most this many words are set aside as a variety the catalog lacks ("King Edward potatoes"). */
const MAX_SET_ASIDE = 2;

/**
 * Words that only qualify a clearly named food and that no candidate with the food's head has: a
 * variety or marketing word. Modifiers (an animal, a state, sugar, a form) and words naming a food
 * are never set aside.
 */
export function varietyWords(
  context: RerankContext,
  prepared: PreparedQuery,
  candidates: readonly number[],
): string[] {
  const { index } = context;
  const head = prepared.head;
  if (head === undefined || head.startsWith('?')) return [];
  const qualifying = prepared.words
    .map((word) => word.token)
    .filter(
      (token) =>
        token !== head &&
        !prepared.valueOf.has(token) &&
        // A state ("breaded", "smoked") changes the food as a modifier does: breaded cod is not raw cod.
        !context.nonDefaultStates.has(token) &&
        // A word that names a food of its own changes the food: "cashew milk" is not milk.
        !index.foodWords.has(token),
    );
  // Checked before the candidates, which cost more to read: most queries have no such word.
  if (qualifying.length === 0) return [];
  // The food itself must be named by a catalog name or alias, not only by a looser synonym.
  const withHead = candidates.filter((entry) => index.namedBy(entry, head));
  if (withHead.length === 0) return [];
  const words = qualifying.filter((token) => !withHead.some((entry) => index.namesAll(entry, [head, token])));
  return words.length <= MAX_SET_ASIDE ? words : [];
}
