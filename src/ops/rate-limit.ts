import { createHash } from 'node:crypto';
import { RateLimitedError } from '../core/errors.js';
import type { LimitDecision, Limiter, LimitScope, LimitSubject } from '../core/limits.js';
import type { StateStore } from '../core/state/store.js';

export type { LimitDecision, LimitScope, LimitSubject } from '../core/limits.js';

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
  /**
   * Fixed windows only: how many requests one store operation reserves for this process (1, the
   * default, counts each request in the store). A process answers from its reserved block without
   * asking the store again, so a busy key costs the shared database one operation per block instead
   * of one per request. The price: requests another replica reserved but did not use are not
   * available to this one, so with R replicas a key may get up to R × (lease − 1) fewer requests in
   * a window than its limit; never more.
   */
  lease?: number;
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
  serviceKey: { limit: 600, windowMs: 60_000, algorithm: 'fixed', lease: leaseFor(600) },
};

/**
 * The block a fixed-window limit reserves at a time: a fiftieth of the limit, at most 32 (600 a
 * minute: 12). One PostgreSQL row takes a few thousand increments a second at most (each commit
 * waits for its WAL flush, and increments of one key queue on its row lock; bench/service.ts
 * measures it), which a single busy client key would otherwise reach; a fiftieth keeps what unused
 * blocks can withhold from a key small (2% of its limit per replica).
 */
export function leaseFor(limit: number): number {
  return Math.max(1, Math.min(32, Math.floor(limit / 50)));
}

/** This process's block of a fixed window's requests (see LimitRule.lease). */
interface Lease {
  /** Requests left in the block. */
  left: number;
  /** When the window ends, on this process's clock. */
  until: number;
  /** The window's limit was reached: nothing more until it ends. */
  exhausted: boolean;
  /** A reservation in flight: requests wait for it rather than reserve another block each. */
  reserving: Promise<void> | null;
}

/** Blocks held at most before ended ones are forgotten (one per busy key and window). */
const MAX_LEASES = 10_000;

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
export class RateLimiter implements Limiter {
  private readonly rules: LimitRules;
  private readonly now: () => number;
  private readonly leases = new Map<string, Lease>();

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
      const lease = rule.lease ?? 1;
      if (!(Number.isInteger(lease) && lease >= 1 && lease <= rule.limit)) {
        throw new RangeError(`the ${scope} lease must be a whole number from 1 to its limit`);
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
      const waitMs =
        rule.algorithm === 'sliding'
          ? await this.sliding(key, rule)
          : (rule.lease ?? 1) > 1
            ? await this.leased(key, rule, rule.lease!)
            : await this.fixed(key, rule);
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
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, decision.scope);
  }

  /** Milliseconds to wait, or 0 when allowed. */
  private async fixed(key: string, rule: LimitRule): Promise<number> {
    const { count, resetInMs } = await this.store.increment(key, rule.windowMs);
    return count > rule.limit ? resetInMs : 0;
  }

  /**
   * A fixed window through this process's block: requests are taken from the block while it lasts;
   * an empty block reserves the next one (one store operation, shared by every request waiting for
   * it), of which only what is within the limit is granted.
   */
  private async leased(key: string, rule: LimitRule, size: number): Promise<number> {
    for (;;) {
      const now = this.now();
      let lease = this.leases.get(key);
      if (lease !== undefined && lease.reserving === null && lease.until <= now) {
        this.leases.delete(key);
        lease = undefined;
      }
      if (lease?.reserving) {
        await lease.reserving;
        continue;
      }
      if (lease !== undefined && lease.left > 0) {
        lease.left -= 1;
        return 0;
      }
      if (lease?.exhausted) return lease.until - now;
      const next: Lease = lease ?? { left: 0, until: 0, exhausted: false, reserving: null };
      next.reserving = this.store
        .increment(key, rule.windowMs, size)
        .then(({ count, resetInMs }) => {
          const granted = Math.max(0, Math.min(size, rule.limit - (count - size)));
          next.left += granted;
          next.until = this.now() + resetInMs;
          next.exhausted = granted < size;
        })
        .finally(() => {
          next.reserving = null;
        });
      if (this.leases.size >= MAX_LEASES) this.forgetEndedLeases();
      this.leases.set(key, next);
    }
  }

  private forgetEndedLeases(): void {
    const now = this.now();
    for (const [key, lease] of this.leases) {
      if (lease.reserving === null && lease.until <= now) this.leases.delete(key);
    }
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
