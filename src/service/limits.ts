import type { Logger } from 'pino';
import { RateLimitedError } from '../core/errors.js';
import type { Limiter } from '../core/limits.js';
import { toErrorView } from '../core/messages.js';
import type { Metrics, Outcome } from '../ops/metrics.js';
import { serviceKeySubject } from '../ops/rate-limit.js';
import { type Prepared, prepareError } from './responses.js';

/**
 * The longest a limit check may take before the request is answered unchecked: the answer itself
 * takes microseconds, and a slow database must not hold every client back.
 */
const LIMIT_CHECK_TIMEOUT_MS = 500;

/**
 * Each client key's limit (ops/rate-limit.ts, keyed by a hash of the key, never the key): resolves
 * with the 429 for a key over it, with Retry-After in whole seconds, or null to answer. A limiter
 * that fails or is slow lets the request through, logged: the limit protects the service, and a
 * database outage should not also take the service down.
 */
export function keyLimits(
  limiter: Limiter,
  logger: Logger,
  metrics: Metrics | undefined,
): (key: string) => Promise<Prepared | null> {
  return async (key) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LIMIT_CHECK_TIMEOUT_MS);
    });
    try {
      const decision = await Promise.race([limiter.take([serviceKeySubject(key)]), timeout]);
      if (decision === null) {
        logger.warn({ timeoutMs: LIMIT_CHECK_TIMEOUT_MS }, 'limit check too slow; not limited');
        return null;
      }
      if (decision.allowed) return null;
      metrics?.rateLimited('service', 'serviceKey');
      const seconds = decision.retryAfterSeconds;
      const { text, hint } = toErrorView(new RateLimitedError(seconds, 'serviceKey'));
      return prepareError(429, 'rate_limited', `${text} ${hint}`, [], { 'retry-after': String(seconds) });
    } catch (error) {
      logger.warn({ err: error }, 'limit check failed; not limited');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A response's outcome as the metrics count it (core's error codes; `ok` for an answer). */
export function outcomeOf(status: number): Outcome {
  switch (status) {
    case 200:
      return 'ok';
    case 400:
      return 'invalid_input';
    case 401:
      return 'api_key_refused';
    case 404:
      return 'not_found';
    case 429:
      return 'rate_limited';
    default:
      return 'internal';
  }
}
