import type { Logger } from 'pino';
import type { StateStore } from '../../core/state/store.js';
import { MAX_RETRY_AFTER_SECONDS, parseRetryAfter } from './retry-after.js';

/**
 * Cool-down after a 429 that gave no Retry-After. 30 s: the API documents no rate-limit window, and
 * rate limiters commonly count per second or per minute; half a minute lets a per-second limit
 * clear many times over and most of a per-minute one, without locking users out for long.
 */
export const DEFAULT_RATE_LIMIT_COOL_DOWN_MS = 30_000;

/**
 * The API's 429 cool-downs, per origin: kept in this process, and shared through the state store
 * when there is one, so every replica (and this one after a restart) waits out a 429 any of them
 * received. A store that fails is logged and passed over: lookups then go on as if no other replica
 * had been limited.
 */
export class CoolDowns {
  /** Origin → clock time at which its cool-down ends. */
  private readonly local = new Map<string, number>();

  constructor(
    private readonly clock: { now(): number },
    private readonly logger: Logger,
    private readonly shared?: StateStore,
  ) {}

  /** Milliseconds left of the origin's cool-down, 0 when there is none. */
  async leftMs(origin: string): Promise<number> {
    const now = this.clock.now();
    const local = this.local.get(origin);
    if (local !== undefined && local > now) return local - now;
    if (local !== undefined) this.local.delete(origin);
    if (this.shared === undefined) return 0;
    try {
      const until = await this.shared.get<number>(key(origin));
      if (typeof until !== 'number' || until <= now) return 0;
      this.local.set(origin, until);
      return until - now;
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read the shared API cool-down; not waiting for it');
      return 0;
    }
  }

  /** Records a 429's cool-down (its Retry-After, capped) here and in the shared store; returns its length in ms. */
  async start(origin: string, retryAfter: string | string[] | undefined): Promise<number> {
    const now = this.clock.now();
    const seconds = parseRetryAfter(retryAfter, now, MAX_RETRY_AFTER_SECONDS);
    const ms = seconds === null ? DEFAULT_RATE_LIMIT_COOL_DOWN_MS : seconds * 1000;
    // Concurrent 429s keep the latest end, so a short answer never shortens a longer cool-down.
    const until = Math.max(now + ms, this.local.get(origin) ?? 0);
    this.local.set(origin, until);
    if (this.shared !== undefined) {
      try {
        const known = await this.shared.get<number>(key(origin));
        // Another replica's longer cool-down stands; the gap between the read and the write can only
        // let a slightly shorter one through, which the next 429 corrects.
        if (typeof known !== 'number' || known < until)
          await this.shared.set(key(origin), until, until - now);
      } catch (error) {
        this.logger.warn({ err: error }, 'could not share the API cool-down with other replicas');
      }
    }
    return until - now;
  }
}

/** The state key of an origin's cool-down (an origin carries no credentials: URL user-info is not part of it). */
function key(origin: string): string {
  return `cooldown:greenswapp:${origin}`;
}
