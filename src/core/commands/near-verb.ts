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

/** Optimal string alignment distance; both words are at most 20 characters here. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
