import { editDistance } from '../edit-distance.js';

/**
 * The verb a mistyped word was probably meant to be ("prodcut", "recpie"): within two edits
 * (insert, delete, substitute, swap two neighbours), and fewer than half the word's letters, so short
 * words and real food names rarely match. Offered only when a name with no verb was not found.
 */
export function nearestVerb(word: string, verbs: readonly string[]): string | null {
  const typed = word.toLowerCase();
  if (typed.length < 4 || typed.length > 20) return null;
  let best: { verb: string; distance: number } | null = null;
  for (const verb of verbs) {
    const distance = editDistance(typed, verb);
    if (distance === 0 || distance > 2 || distance * 2 >= typed.length) continue;
    if (best === null || distance < best.distance) best = { verb, distance };
  }
  return best?.verb ?? null;
}
