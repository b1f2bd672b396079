import type { Reading } from './readings.js';
import type { PreparedQuery, Scored } from './rerank.js';
import type { QueryText } from './text.js';

/** What the matcher (matcher.ts) answers, and one reading of a query as the re-ranker scored it. */

/** At or above this re-ranked score the food is clear enough to answer. */
export const ANSWER_SCORE = 0.7;

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
  /** The query as the normaliser read it, when the match read it (not for an exact name). */
  parsed?: QueryText;
}

/** One reading of a query, retrieved and re-ranked. */
export interface Attempt {
  reading: Reading;
  prepared: PreparedQuery;
  candidates: number[];
  /** Re-ranked candidates, best first. */
  ranked: Scored[];
}

export function topScore(attempt: { ranked: Scored[] }): number {
  return attempt.ranked[0]?.score ?? 0;
}
