import { createHash } from 'node:crypto';
import { RateLimitedError } from '../core/errors.js';
import type { StateStore } from '../core/state/store.js';

/** Who a limit counts: a chat user, a workspace or server, or a client key of `carbon serve`. */
export type LimitScope = 'user' | 'workspace' | 'serviceKey';

export interface LimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /**
   * `fixed`: a counter per window (one store operation). `sliding`: the current window's count plus
   * the previous window's weighted by how much of it still overlaps the last `windowMs` (two
   * operations), so a burst straddling a window boundary cannot pass twice the limit.
   */
  algorithm: 'fixed' | 'sliding';
}

export type LimitRules = Readonly<Record<LimitScope, LimitRule>>;

/**
 * - user: 20 a minute, the pace of Slack's Tier 2 Web API methods ("20+ per minute",
 *   docs.slack.dev/apis/web-api/rate-limits): a command every three seconds on average, far above a
 *   person reading each answer, far below issue #22's one user sending 200 comparisons in 4 s.
 * - workspace: 60 a minute: every command posts at least one message, and Slack allows posting about
 *   one message per second per channel (same page, "Posting messages"); a workspace above that on
 *   average would be throttled by Slack anyway.
 * - serviceKey: 600 a minute (10 a second) per client key of `carbon serve`: an application serving
 *   people, while the service answers thousands a second (docs/benchmarks.md), so one key cannot
 *   take the service from the others.
 */
export const DEFAULT_LIMITS: LimitRules = {
  user: { limit: 20, windowMs: 60_000, algorithm: 'sliding' },
  workspace: { limit: 60, windowMs: 60_000, algorithm: 'sliding' },
  serviceKey: { limit: 600, windowMs: 60_000, algorithm: 'fixed' },
};

export interface LimitSubject {
  scope: LimitScope;
  /** Stable and not secret: "slack:T0123:U0456", "discord:guild:123". Service keys go through serviceKeySubject. */
  id: string;
}

export type LimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** The scope whose limit was reached. */
      scope: LimitScope;
      /** Whole seconds until a request would pass (at least 1): the reply's "try again in N s", the service's Retry-After. */
      retryAfterSeconds: number;
    };

/**
 * A client key is a secret: its limit is kept under a hash of it, so neither the store nor its
 * backups hold the key.
 */
export function serviceKeySubject(key: string): LimitSubject {
  return { scope: 'serviceKey', id: createHash('sha256').update(key).digest('base64url').slice(0, 22) };
}

/**
 * Limits shared by every replica: the counters live in the state store (store/sql-state-store.ts
 * on PostgreSQL for replicas, the embedded database for one process), under "rate:<scope>:<id>".
 */
export class RateLimiter {
  private readonly rules: LimitRules;
  private readonly now: () => number;

  constructor(
    private readonly store: StateStore,
    options: { rules?: Partial<LimitRules>; now?: () => number } = {},
  ) {
    this.rules = { ...DEFAULT_LIMITS, ...options.rules };
    this.now = options.now ?? Date.now;
    for (const [scope, rule] of Object.entries(this.rules)) {
      if (!(Number.isInteger(rule.limit) && rule.limit > 0 && rule.windowMs >= 1_000)) {
        throw new RangeError(`the ${scope} limit must be a positive whole number per window of at least 1 s`);
      }
    }
  }

  /**
   * Counts one request against each subject in order (user, then workspace, then key, as given) and
   * stops at the first whose limit it passes: a user held back does not also use up the workspace's
   * allowance. Requests refused still count, so hammering does not shorten the wait.
   */
  async take(subjects: readonly LimitSubject[]): Promise<LimitDecision> {
    for (const subject of subjects) {
      const rule = this.rules[subject.scope];
      const key = `rate:${subject.scope}:${subject.id}`;
      const waitMs = rule.algorithm === 'fixed' ? await this.fixed(key, rule) : await this.sliding(key, rule);
      if (waitMs > 0) {
        return {
          allowed: false,
          scope: subject.scope,
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        };
      }
    }
    return { allowed: true };
  }

  /** As take, but throws the RateLimitedError that core/messages.ts words as "try again in N s". */
  async enforce(subjects: readonly LimitSubject[]): Promise<void> {
    const decision = await this.take(subjects);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }

  /** Milliseconds to wait, or 0 when allowed. */
  private async fixed(key: string, rule: LimitRule): Promise<number> {
    const { count, resetInMs } = await this.store.increment(key, rule.windowMs);
    return count > rule.limit ? resetInMs : 0;
  }

  private async sliding(key: string, rule: LimitRule): Promise<number> {
    const { windowMs, limit } = rule;
    const now = this.now();
    const index = Math.floor(now / windowMs);
    const elapsed = now - index * windowMs;
    // Each window's counter lives two windows: readable as "previous" throughout the next one.
    const { count } = await this.store.increment(`${key}:${index}`, 2 * windowMs);
    const previous = (await this.store.get<number>(`${key}:${index - 1}`)) ?? 0;
    return slidingWaitMs({ previous, current: count, elapsed, windowMs, limit });
  }
}

/**
 * The sliding-window estimate and the wait until a retried request would pass, assuming nothing else
 * arrives. Estimate: previous × (window − elapsed) / window + current, `current` counting this
 * request. A retry adds one to the current window while there is room in it, and the wait lets the
 * previous window's share fade; otherwise the retry falls in the next window, where this window's
 * count is the fading share.
 */
export function slidingWaitMs(input: {
  previous: number;
  current: number;
  elapsed: number;
  windowMs: number;
  limit: number;
}): number {
  const { previous, current, elapsed, windowMs, limit } = input;
  const remaining = windowMs - elapsed;
  if ((previous * remaining) / windowMs + current <= limit) return 0;
  if (current + 1 <= limit) {
    // previous × (remaining − t) / window + current + 1 ≤ limit
    return Math.ceil(remaining - ((limit - current - 1) * windowMs) / previous);
  }
  // In the next window: current × (window − t′) / window + 1 ≤ limit.
  return Math.ceil(remaining + windowMs * (1 - (limit - 1) / current));
}
