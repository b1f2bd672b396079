import type MiniSearch from 'minisearch';

/**
 * MiniSearch's OR search, answered from per-word posting lists instead of scoring every entry that
 * has a word on every query: the same BM25 scores (MiniSearch computes each word's once), added in
 * the same order, ranked in the same order, ties included, so the candidates are exactly MiniSearch's.
 *
 * MiniSearch scores an OR query as, per entry, the sum over the query's words (in query order) of each
 * word's score (its fields' BM25 scores added in field order), times the number of the query's words
 * the entry has; results are sorted by score with a stable sort, so ties keep the order in which
 * entries first appeared: the first word's entries (those with it in the first field, by id, then the
 * next field's), then entries new with the second word, and so on.
 */
interface Posting {
  entries: Int32Array;
  /** The word's score for each entry, as MiniSearch computes it for a one-word query. */
  scores: Float64Array;
}

const EMPTY: Posting = { entries: new Int32Array(0), scores: new Float64Array(0) };

export class PostingLists {
  /** Per word the index knows; bounded by the vocabulary. */
  private readonly lists = new Map<string, Posting>();
  private readonly sums: Float64Array;
  private readonly hits: Uint8Array;

  constructor(
    private readonly search: MiniSearch<Record<string, string | number>>,
    entryCount: number,
    /** Whether the word is in the index at all (only those are remembered). */
    private readonly knows: (term: string) => boolean,
    /** The position, in MiniSearch's field order, of the first field of the entry with the word. */
    private readonly firstField: (entry: number, term: string) => number,
  ) {
    this.sums = new Float64Array(entryCount);
    this.hits = new Uint8Array(entryCount);
  }

  private posting(term: string): Posting {
    if (!this.knows(term)) return EMPTY;
    let posting = this.lists.get(term);
    if (posting === undefined) {
      const results = this.search.search(term).map((result) => ({
        entry: result.id as number,
        score: result.score,
        field: this.firstField(result.id as number, term),
      }));
      results.sort((a, b) => a.field - b.field || a.entry - b.entry);
      posting = {
        entries: Int32Array.from(results, (result) => result.entry),
        scores: Float64Array.from(results, (result) => result.score),
      };
      this.lists.set(term, posting);
    }
    return posting;
  }

  /**
   * The ids of the best `limit` entries for these words, as `search(terms.join(' '))` ranks them; null
   * when a word repeats (MiniSearch then counts it once for quality but twice in the sum).
   */
  top(terms: readonly string[], limit: number): number[] | null {
    if (new Set(terms).size !== terms.length || terms.length > 255) return null;
    const { sums, hits } = this;
    const touched: number[] = [];
    for (const term of terms) {
      const { entries, scores } = this.posting(term);
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!;
        if (hits[entry] === 0) {
          touched.push(entry);
          sums[entry] = scores[i]!;
        } else sums[entry] = sums[entry]! + scores[i]!;
        hits[entry] = hits[entry]! + 1;
      }
    }
    // The best `limit`, best first, ties in order of appearance: what a stable sort then a slice
    // would give, without sorting every entry that has a word.
    const best: number[] = [];
    const bestScores: number[] = [];
    for (const entry of touched) {
      const score = sums[entry]! * hits[entry]!;
      hits[entry] = 0;
      let at = best.length;
      while (at > 0 && bestScores[at - 1]! < score) at--;
      if (at >= limit) continue;
      best.splice(at, 0, entry);
      bestScores.splice(at, 0, score);
      if (best.length > limit) {
        best.pop();
        bestScores.pop();
      }
    }
    return best;
  }
}
