import { randomBytes } from 'node:crypto';
import type { ComparisonRequest } from '../../compare/chat.js';

/**
 * The options of recent comparisons, by a short id that fits in a button's custom_id. Discord caps a
 * custom_id at 100 characters, too few for ten options, so Share and "Put to a vote" carry this id
 * and run the comparison again from what it names (Slack's buttons carry the options themselves).
 * Bounded in count and age; after a restart or a day the buttons answer that the comparison expired.
 */
export class RecentComparisons {
  private readonly entries = new Map<string, { request: ComparisonRequest; at: number }>();

  constructor(
    private readonly capacity = 5_000,
    private readonly maxAgeMs = 24 * 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the request; returns its id (12 URL-safe characters). */
  put(request: ComparisonRequest): string {
    const id = randomBytes(9).toString('base64url');
    this.entries.set(id, { request, at: this.now() });
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return id;
  }

  get(id: string): ComparisonRequest | null {
    const entry = this.entries.get(id);
    if (entry === undefined) return null;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.entries.delete(id);
      return null;
    }
    return entry.request;
  }
}

const COMPARE_ID = /^carbon:cmp:([sv]):([A-Za-z0-9_-]{12})$/;

/** The custom_id of a comparison's Share ('s') or "Put to a vote" ('v') button. */
export function compareCustomId(action: 'share' | 'vote', id: string): string {
  return `carbon:cmp:${action === 'share' ? 's' : 'v'}:${id}`;
}

export function parseCompareCustomId(customId: string): { action: 'share' | 'vote'; id: string } | null {
  const match = COMPARE_ID.exec(customId);
  if (!match) return null;
  return { action: match[1] === 's' ? 'share' : 'vote', id: match[2]! };
}
