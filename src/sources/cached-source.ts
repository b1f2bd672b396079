import { LRUCache } from 'lru-cache';
import { cancellationError, type LookupKind, NotFoundError } from '../core/errors.js';
import type { ProductResult, RecipeResult } from '../core/result.js';
import type { LookupOptions, LookupSource } from '../core/source.js';

export interface CacheOptions {
  /** How long a found result is reused. Footprints change rarely. */
  foundTtlMs?: number;
  /** How long a not-found is remembered: short, so names added upstream show up soon. */
  notFoundTtlMs?: number;
  maxEntries?: number;
  /** Time source for expiry; tests pass a controllable one instead of waiting. */
  clock?: { now(): number };
  /** Told of every lookup, hit or miss (the metrics count them). */
  onLookup?: (hit: boolean) => void;
}

type Tuning = Required<Omit<CacheOptions, 'clock' | 'onLookup'>>;

export const DEFAULT_CACHE_OPTIONS: Tuning = {
  // 6 h: footprints are database figures that change rarely (new dataset releases, not hourly), so a
  // few hours' reuse costs no accuracy, while names asked all day cost the API one request per 6 h.
  foundTtlMs: 6 * 60 * 60 * 1000,
  // 5 min: long enough to absorb a burst of retries of the same misspelling, short enough that a
  // name added upstream shows up within minutes.
  notFoundTtlMs: 5 * 60 * 1000,
  maxEntries: 5_000,
};

type Result = ProductResult | RecipeResult;
type Entry = { found: Result } | { notFound: NotFoundError };

/** Same key for "Oat  Milk", "oat milk" and "ｏａｔ ｍｉｌｋ". */
export function cacheKey(kind: LookupKind, name: string): string {
  return `${kind}:${name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
}

/** One upstream lookup shared by every caller waiting for the same key. */
interface Flight {
  promise: Promise<Result>;
  controller: AbortController;
  waiters: number;
}

/**
 * Wraps any LookupSource with an LRU+TTL cache and request coalescing. Only answers are cached:
 * found results for long, not-found briefly; other failures (timeouts, 5xx) never, so the next
 * lookup tries again.
 */
export class CachedSource implements LookupSource {
  readonly id: LookupSource['id'];
  private readonly cache: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, Flight>();
  private readonly settings: Tuning;
  private readonly onLookup: (hit: boolean) => void;

  constructor(
    private readonly inner: LookupSource,
    options: CacheOptions = {},
  ) {
    this.id = inner.id;
    const { clock, onLookup, ...tuning } = options;
    this.settings = { ...DEFAULT_CACHE_OPTIONS, ...tuning };
    this.onLookup = onLookup ?? (() => {});
    this.cache = new LRUCache<string, Entry>({
      max: this.settings.maxEntries,
      ttl: this.settings.foundTtlMs,
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    });
  }

  lookupProduct(name: string, options?: LookupOptions): Promise<ProductResult> {
    return this.lookup('product', name, options) as Promise<ProductResult>;
  }

  lookupRecipe(name: string, options?: LookupOptions): Promise<RecipeResult> {
    return this.lookup('recipe', name, options) as Promise<RecipeResult>;
  }

  get size(): number {
    return this.cache.size;
  }

  private async lookup(kind: LookupKind, name: string, options: LookupOptions = {}): Promise<Result> {
    const { signal } = options;
    if (signal?.aborted) throw cancellationError(signal);
    const key = cacheKey(kind, name);
    const cached = this.cache.get(key);
    this.onLookup(cached !== undefined);
    if (cached) return answer(cached, name);
    const flight = this.inFlight.get(key) ?? this.start(kind, name, key);
    flight.waiters++;
    try {
      return withQuery(await waitFor(flight.promise, signal), name);
    } catch (error) {
      if (error instanceof NotFoundError) throw renamed(error, name);
      throw error;
    } finally {
      flight.waiters--;
      // The shared request is cancelled only when nobody is left waiting for it.
      if (flight.waiters === 0 && this.inFlight.get(key) === flight) {
        flight.controller.abort();
        this.inFlight.delete(key);
      }
    }
  }

  private start(kind: LookupKind, name: string, key: string): Flight {
    const controller = new AbortController();
    const lookupOptions = { signal: controller.signal };
    const promise = (
      kind === 'product'
        ? this.inner.lookupProduct(name, lookupOptions)
        : this.inner.lookupRecipe(name, lookupOptions)
    ).then(
      (found) => {
        this.cache.set(key, { found });
        return found;
      },
      (error: unknown) => {
        if (error instanceof NotFoundError) {
          this.cache.set(key, { notFound: error }, { ttl: this.settings.notFoundTtlMs });
        }
        throw error;
      },
    );
    const flight: Flight = { promise, controller, waiters: 0 };
    this.inFlight.set(key, flight);
    // Clear the slot as soon as the answer is in, so later callers read the cache instead.
    const release = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    promise.then(release, release);
    return flight;
  }
}

export function createCachedSource(inner: LookupSource, options?: CacheOptions): CachedSource {
  return new CachedSource(inner, options);
}

function answer(entry: Entry, name: string): Result {
  if ('notFound' in entry) throw renamed(entry.notFound, name);
  return withQuery(entry.found, name);
}

/** A shared answer, but with this caller's own wording as the query. */
function withQuery(result: Result, query: string): Result {
  return result.query === query ? result : { ...result, query };
}

function renamed(error: NotFoundError, query: string): NotFoundError {
  if (error.query === query) return error;
  return new NotFoundError(error.kind, query, error.suggestions, error.outOfScope);
}

/** Resolves with the shared promise unless this caller's own signal fires first. */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancellationError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
