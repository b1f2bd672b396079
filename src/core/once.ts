import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { type InteractionOrigin, originKey } from './interaction.js';
import type { StateStore } from './state/store.js';

/**
 * Every interaction answered once, across replicas and restarts, through the state store's atomic
 * claim. Two things are claimed:
 *
 * - a delivery: a platform's retry of a request, or a replay of a signed one, carries the same id as
 *   the original (InteractionOrigin.deliveryId); the replica that claims it first answers it, and any
 *   other copy is acknowledged and dropped;
 * - a publication: a Share posts one public message per comparison (or lookup) and channel, and
 *   "Put to a vote" opens one poll per comparison and channel, whoever presses and however often; a
 *   later press is pointed to the first.
 */

/**
 * How long a delivery is remembered. Slack signs a request with its timestamp and Bolt refuses it
 * after five minutes (and this app refuses one from the future: adapters/slack/http-route.ts); Slack
 * retries an event at once, after a minute and after five. Discord's interaction token lives 15
 * minutes, after which nothing can answer the interaction anyway. 15 minutes covers all of them.
 */
export const DELIVERY_TTL_MS = 15 * 60 * 1000;

/**
 * How long a Share or a vote is remembered for its channel: a day, as long as a comparison's buttons
 * keep working (core/commands/recent-comparisons.ts) and a Discord poll stays open.
 */
export const PUBLICATION_TTL_MS = 24 * 60 * 60 * 1000;

export type PublicationKind = 'share' | 'vote';

/** The outcome of claiming a publication. */
export type Publication =
  | {
      first: true;
      /** The post is out: later presses are pointed to it (`link`, when the platform gave one). */
      done(link: string | null): Promise<void>;
      /** The post failed: the claim is released, so pressing again can post. */
      failed(): Promise<void>;
    }
  | { first: false; link: string | null };

export interface AnswerOnceOptions {
  logger: Logger;
  /** A duplicate delivery dropped (the metrics count them). */
  onDuplicate?: (origin: InteractionOrigin) => void;
  /** The clock, for deliveries too old to answer; tests pass their own. */
  now?: () => number;
}

export class AnswerOnce {
  private readonly now: () => number;

  constructor(
    private readonly store: StateStore,
    private readonly options: AnswerOnceOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * True when this is the first delivery of the interaction: the caller answers it. False for a
   * retry or replay of one already claimed here or on another replica, or one issued longer ago than
   * deliveries are remembered (its platform no longer takes an answer, and its claim may be gone).
   * When the store fails, the interaction is answered (a duplicate answer beats none) and logged.
   */
  async firstDelivery(origin: InteractionOrigin): Promise<boolean> {
    const context = { platform: origin.platform, delivery: origin.deliveryId };
    if (origin.issuedAtMs !== null && this.now() - origin.issuedAtMs > DELIVERY_TTL_MS) {
      this.options.logger.info(context, 'interaction too old to answer; dropped');
      this.options.onDuplicate?.(origin);
      return false;
    }
    let first: boolean;
    try {
      first = await this.store.claim(
        originKey(origin, 'delivery', digest(origin.deliveryId)),
        DELIVERY_TTL_MS,
      );
    } catch (error) {
      this.options.logger.warn(
        { err: error, ...context },
        'could not claim an interaction; answering it anyway',
      );
      return true;
    }
    if (!first) {
      this.options.logger.info(context, 'interaction already answered (a retry or a replay); dropped');
      this.options.onDuplicate?.(origin);
    }
    return first;
  }

  /**
   * Claims posting `subject` (what is shared or voted on: a request, a message) in the interaction's
   * channel. The first caller posts and reports how it went; later ones get the first post's link.
   * When the store fails, the post goes ahead as if first.
   */
  async publication(
    kind: PublicationKind,
    origin: InteractionOrigin,
    subject: unknown,
  ): Promise<Publication> {
    const key = originKey(origin, kind, origin.channelId ?? 'direct', digest(JSON.stringify(subject)));
    const context = { platform: origin.platform, publication: kind };
    const release = async () => {
      await this.store.delete(key).catch((error: unknown) => {
        this.options.logger.warn({ err: error, ...context }, 'could not release a publication claim');
      });
    };
    let first: boolean;
    try {
      first = await this.store.claim(key, PUBLICATION_TTL_MS, { link: null });
    } catch (error) {
      this.options.logger.warn({ err: error, ...context }, 'could not claim a publication; posting anyway');
      return { first: true, done: async () => {}, failed: async () => {} };
    }
    if (first) {
      return {
        first: true,
        done: async (link) => {
          if (link === null) return;
          await this.store.set(key, { link }, PUBLICATION_TTL_MS).catch((error: unknown) => {
            this.options.logger.warn({ err: error, ...context }, 'could not record where a publication went');
          });
        },
        failed: release,
      };
    }
    this.options.logger.info(context, 'already published in this channel; pointing to the first');
    const held = await this.store.get<{ link: string | null }>(key).catch(() => null);
    return { first: false, link: typeof held?.link === 'string' ? held.link : null };
  }
}

/** Keys hold digests, not what users typed or the platform's ids verbatim: fixed length, nothing to read. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
