import { randomBytes } from 'node:crypto';
import { type ComparisonRequest, ComparisonRequestSchema } from '../../compare/chat.js';
import { type InteractionOrigin, originKey } from '../interaction.js';
import type { StateStore } from '../state/store.js';

/** Where a comparison was made: its key goes under that workspace, so uninstalling deletes it. */
export type ComparisonPlace = Pick<InteractionOrigin, 'platform' | 'workspaceId'>;

/** A day: the buttons of a comparison made at lunch still work at the next day's lunch, not for ever. */
export const COMPARISON_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The options of recent comparisons, by a short id a button can carry, kept in the state store so
 * any replica, and this one after a restart, can run the comparison again when Share or "Put to a
 * vote" is pressed. Discord's custom_id holds 100 characters, too few for ten options, so its
 * buttons always carry an id; Slack's button value holds 2,000, so its buttons carry the options
 * themselves and use an id only when they do not fit. The id is allocated before the card is
 * rendered; renderers never write state.
 */
export class RecentComparisons {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs = COMPARISON_TTL_MS,
  ) {}

  /** Keeps the request; resolves with its id (12 URL-safe characters). */
  async put(request: ComparisonRequest, place: ComparisonPlace): Promise<string> {
    const id = randomBytes(9).toString('base64url');
    await this.store.set(originKey(place, 'comparison', id), request, this.ttlMs);
    return id;
  }

  /** The request kept under the id, or null when it expired, was never kept, or is not one. */
  async get(id: string, place: ComparisonPlace): Promise<ComparisonRequest | null> {
    const checked = ComparisonRequestSchema.safeParse(
      await this.store.get(originKey(place, 'comparison', id)),
    );
    return checked.success ? checked.data : null;
  }
}

/** Ids as `put` makes them: what a button may carry back. */
export const COMPARISON_ID = /^[A-Za-z0-9_-]{12}$/;
