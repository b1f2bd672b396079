import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { Pool } from 'undici';
import {
  BadResponseError,
  type CarbonError,
  cancellationError,
  isCarbonError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../core/errors.js';
import type { StateStore } from '../../core/state/store.js';
import type { Telemetry } from '../../core/telemetry.js';
import { chargeUpstreamCall } from '../../core/upstream-budget.js';
import { Admission } from './admission.js';
import { CoolDowns } from './cool-downs.js';
import { interpretResponse, type RequestContext } from './response.js';

export interface RetryOptions {
  /** Total attempts for network errors and 5xx; 2 means one retry. */
  attempts: number;
  /** The backoff before a retry is drawn uniformly from [minDelayMs, maxDelayMs] (jitter). */
  minDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 2, minDelayMs: 100, maxDelayMs: 300 };

/**
 * Wall-clock time and waiting, for the rate-limit cool-down. Tests pass a fake one so that a
 * "Retry-After: 120" can be lived through without waiting two minutes or asserting on timings.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

export { DEFAULT_RATE_LIMIT_COOL_DOWN_MS } from './cool-downs.js';
/** A Retry-After this short is waited out inside the lookup (once) rather than reported. */
export const SHORT_RETRY_AFTER_MS = 2_000;

export interface HttpClientOptions {
  apiKey: string;
  /** Deadline for the whole lookup: every attempt, every body byte and the backoff between them. */
  timeoutMs: number;
  logger: Logger;
  retry?: Partial<RetryOptions>;
  /** Largest 200 body accepted; a bigger one is a BadResponseError. */
  maxBodyBytes?: number;
  /** Time for the rate-limit cool-down; the system clock by default. */
  clock?: Clock;
  /** Connections per origin; MAX_CONNECTIONS_PER_ORIGIN by default. */
  maxConnections?: number;
  /**
   * Where cool-downs are shared (the state store): every replica, and this one after a restart,
   * then respects a 429 any of them received. Without it they live in this process alone.
   */
  coolDownStore?: StateStore;
  /** Where each request is reported, by outcome (the metrics). */
  telemetry?: Telemetry;
}

const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
/** Error bodies are only read for suggestions; anything longer is cut and never shown. */
const MAX_ERROR_BODY_BYTES = 16 * 1024;
/** Idle keep-alive sockets may be closed by the server at any time; reuse them only briefly. */
const KEEP_ALIVE_MS = 10_000;
/**
 * Sized for the upstream's latency (Little's law: connections = lookups per second × seconds per
 * lookup). The API has been seen taking 2.5–6 s under load; 128 connections carry about 20 distinct
 * lookups a second at 6 s each, several times a busy team's burst of commands, where 32 made
 * the 33rd concurrent lookup wait for a whole upstream round trip before it was even sent.
 */
export const MAX_CONNECTIONS_PER_ORIGIN = 128;

/**
 * Thrown inside an attempt to say whether another attempt may help. Network failures and 5xx
 * may be transient; 4xx, bad bodies and timeouts are not (a timeout has used the whole deadline).
 */
class AttemptFailure extends Error {
  constructor(
    readonly error: CarbonError,
    readonly retryable: boolean,
  ) {
    super(error.message);
  }
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * GETs JSON from the GreenSwapp API with the key header, one keep-alive pool per origin, a single
 * deadline and one jittered retry. Throws only CarbonError subclasses.
 *
 * Rate limits: a 429 starts a cool-down for its origin that lasts its Retry-After (capped at
 * MAX_RETRY_AFTER_SECONDS; DEFAULT_RATE_LIMIT_COOL_DOWN_MS when absent). Until it ends, lookups to
 * that origin fail at once with a RateLimitedError giving the seconds left, without a request:
 * the API asked us to stop, sending more only prolongs the limit (or gets the key blocked), and
 * every chat user would otherwise be told "try again in 120 s" and then be sent upstream anyway.
 * A short wait (at most SHORT_RETRY_AFTER_MS) that still fits the lookup's deadline is waited out
 * once instead, since answering a second later beats an error.
 */
export class GreenSwappHttpClient {
  private readonly pools = new Map<string, Pool>();
  private readonly admissions = new Map<string, Admission>();
  private readonly coolDowns: CoolDowns;
  private readonly retry: RetryOptions;
  private readonly maxBodyBytes: number;
  private readonly clock: Clock;
  private closed = false;

  constructor(private readonly options: HttpClientOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.coolDowns = new CoolDowns(this.clock, options.logger, options.coolDownStore);
  }

  /**
   * Returns the parsed JSON of a 2xx answer. The deadline covers all attempts and the backoff, so a
   * lookup never takes much longer than timeoutMs; a retry is only tried when enough of it is left.
   */
  async getJson(url: URL, context: RequestContext, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) throw new SourceUnavailableError('the API client has been closed');
    const started = performance.now();
    const remaining = () => this.options.timeoutMs - (performance.now() - started);
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const wait = async (ms: number) => {
      try {
        await this.clock.sleep(ms, combined);
      } catch {
        throw abortError(signal, deadline, this.options.timeoutMs);
      }
    };

    const coolDownMs = await this.coolDowns.leftMs(url.origin);
    if (coolDownMs > 0) {
      if (coolDownMs > SHORT_RETRY_AFTER_MS || coolDownMs >= remaining()) {
        this.options.logger.debug(
          { path: url.pathname, retryAfterMs: coolDownMs },
          'GreenSwapp API rate limit cool-down: not sending',
        );
        throw new RateLimitedError(wholeSeconds(coolDownMs));
      }
      await wait(coolDownMs);
    }

    let waitedForRateLimit = false;
    for (let attempt = 1; ; attempt++) {
      // Every request sent counts against the command's budget, retries included.
      chargeUpstreamCall();
      let response: RawResponse;
      try {
        response = await this.attempt(url, combined, deadline, attempt, remaining);
      } catch (failure) {
        if (!(failure instanceof AttemptFailure)) throw failure;
        const delay = this.backoffMs();
        if (!failure.retryable || attempt >= this.retry.attempts || remaining() <= delay) throw failure.error;
        await wait(delay);
        continue;
      }
      if (response.status === 429) {
        const waitMs = await this.coolDowns.start(url.origin, response.headers['retry-after']);
        if (!waitedForRateLimit && waitMs <= SHORT_RETRY_AFTER_MS && waitMs < remaining()) {
          waitedForRateLimit = true;
          await wait(waitMs);
          continue;
        }
        throw new RateLimitedError(wholeSeconds(waitMs));
      }
      return interpretResponse(response, context);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private admission(origin: string): Admission {
    let admission = this.admissions.get(origin);
    if (!admission) {
      admission = new Admission(this.options.maxConnections ?? MAX_CONNECTIONS_PER_ORIGIN);
      this.admissions.set(origin, admission);
    }
    return admission;
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.maxConnections ?? MAX_CONNECTIONS_PER_ORIGIN,
        keepAliveTimeout: KEEP_ALIVE_MS,
        keepAliveMaxTimeout: KEEP_ALIVE_MS,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  private backoffMs(): number {
    const { minDelayMs, maxDelayMs } = this.retry;
    return minDelayMs + Math.random() * Math.max(0, maxDelayMs - minDelayMs);
  }

  /** One request; raw status, headers and a bounded body, or an AttemptFailure. */
  private async attempt(
    url: URL,
    signal: AbortSignal,
    deadline: AbortSignal,
    attempt: number,
    remaining: () => number,
  ): Promise<RawResponse> {
    // Path and query only: the key travels in a header and headers are never logged.
    const logContext = { path: url.pathname, query: Object.fromEntries(url.searchParams), attempt };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const admission = this.admission(url.origin);
    let release: (() => void) | null = null;
    try {
      release = await admission.acquire(remaining, signal);
      if (release === null) {
        this.options.logger.warn(
          { ...logContext, remainingMs: Math.round(remaining()), minLatencyMs: admission.minLatencyMs },
          'GreenSwapp API request not sent: it could not be answered before its deadline',
        );
        throw new AttemptFailure(new UpstreamTimeoutError(this.options.timeoutMs), false);
      }
      const sent = performance.now();
      const response = await this.pool(url.origin).request({
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        headers: {
          'x-api-key': this.options.apiKey,
          accept: 'application/json',
          'user-agent': 'carbon-bot',
        },
        signal,
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const limit = ok ? this.maxBodyBytes : MAX_ERROR_BODY_BYTES;
      const { text, truncated } = await readBounded(response.body, limit);
      if (ok && truncated) {
        throw new AttemptFailure(new BadResponseError(`body larger than ${limit} bytes`), false);
      }
      admission.recordLatency(performance.now() - sent);
      this.options.telemetry?.upstreamCall(
        response.statusCode === 429 ? 'rate_limited' : response.statusCode >= 500 ? 'error' : 'ok',
        elapsed() / 1000,
      );
      const level = response.statusCode >= 500 ? 'warn' : 'debug';
      this.options.logger[level](
        { ...logContext, status: response.statusCode, durationMs: elapsed() },
        'GreenSwapp API answered',
      );
      if (response.statusCode >= 500) {
        throw new AttemptFailure(new UpstreamError(`HTTP ${response.statusCode}`, response.statusCode), true);
      }
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (error instanceof AttemptFailure) throw error;
      const failure = classifyTransportError(error, signal, deadline, this.options.timeoutMs);
      if (release !== null && failure.error.code !== 'cancelled') {
        this.options.telemetry?.upstreamCall(
          failure.error.code === 'upstream_timeout' ? 'timeout' : 'error',
          elapsed() / 1000,
        );
      }
      this.options.logger.warn(
        { ...logContext, code: failure.error.code, cause: errorCode(error), durationMs: elapsed() },
        'GreenSwapp API request failed',
      );
      throw failure;
    } finally {
      release?.();
    }
  }
}

/** Seconds to tell the user, rounded up and never "0 s". */
function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

async function readBounded(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  limit: number,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = limit - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      // Leaving the loop destroys the stream, so a huge or endless body costs no more than `limit`.
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/** Network-level failures: the caller's abort, our deadline, or a broken connection. */
function classifyTransportError(
  error: unknown,
  signal: AbortSignal,
  deadline: AbortSignal,
  timeoutMs: number,
): AttemptFailure {
  if (signal.aborted) return new AttemptFailure(abortError(signal, deadline, timeoutMs), false);
  const code = errorCode(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new AttemptFailure(new UpstreamTimeoutError(timeoutMs), false);
  }
  if (isCarbonError(error)) return new AttemptFailure(error, false);
  // Only the code goes into the message: undici messages are safe today, but codes surely are.
  return new AttemptFailure(new UpstreamError(`network error ${code ?? 'unknown'}`, null), true);
}

/**
 * The deadline firing is a timeout; otherwise the caller gave up (core/errors.ts cancellationError).
 */
function abortError(signal: AbortSignal | undefined, deadline: AbortSignal, timeoutMs: number): CarbonError {
  if (deadline.aborted || signal === undefined) return new UpstreamTimeoutError(timeoutMs);
  return cancellationError(signal);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
