import { randomBytes } from 'node:crypto';
import { type ComparisonRequest, ComparisonRequestSchema } from '../../compare/chat.js';
import type { StateStore } from '../../core/state/store.js';

/**
 * The options of recent comparisons, by a short id that fits in a button's custom_id, kept in the
 * state store. Discord caps a custom_id at 100 characters, too few for ten options, so Share and
 * "Put to a vote" carry this id and run the comparison again from what it names (Slack's buttons
 * carry the options themselves). The id is allocated before the card is rendered; after a day (or
 * a restart, with the memory store) the buttons answer that the comparison expired.
 */
export class RecentComparisons {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs = 24 * 60 * 60 * 1000,
  ) {}

  /** Keeps the request; resolves with its id (12 URL-safe characters). */
  async put(request: ComparisonRequest): Promise<string> {
    const id = randomBytes(9).toString('base64url');
    await this.store.set(key(id), request, this.ttlMs);
    return id;
  }

  /** The request kept under the id, or null when it expired or was never kept (or is not one). */
  async get(id: string): Promise<ComparisonRequest | null> {
    const checked = ComparisonRequestSchema.safeParse(await this.store.get(key(id)));
    return checked.success ? checked.data : null;
  }
}

const key = (id: string) => `discord:comparison:${id}`;

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
