/**
 * Interaction state behind one small asynchronous contract: comparisons behind buttons, votes and
 * polls, idempotence claims, rate-limit counters and upstream cool-downs all go through it, so the
 * same code runs on one process's memory or on a database shared by replicas.
 *
 * Every entry expires: nothing a chat interaction writes is worth keeping forever, and an expiry
 * everywhere means a sweep can always reclaim space. Keys are namespaced by their owner
 * ("compare:…", "claim:slack:…", "rate:user:…"); values are JSON.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface CounterWindow {
  /** The count after this increment, within the current window. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface StateStore {
  /** The value, or null when absent or expired. */
  get<T extends JsonValue = JsonValue>(key: string): Promise<T | null>;
  /** Writes (or overwrites) the value, expiring `ttlMs` from now. */
  set(key: string, value: JsonValue, ttlMs: number): Promise<void>;
  /** Removes the entry; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Atomically records `key` if no live entry has it: true the first time (the caller owns the
   * work), false while an earlier claim lives. This is what makes a retried or replayed interaction
   * answered once, across replicas when the store is shared.
   */
  claim(key: string, ttlMs: number, value?: JsonValue): Promise<boolean>;
  /**
   * Atomically adds `by` (one by default; a whole number from 1 to MAX_INCREMENT) to a fixed-window
   * counter: the window opens at the first increment and lasts `windowMs`. For rate limits shared
   * by every replica (adding more than one reserves a block of requests at once).
   */
  increment(key: string, windowMs: number, by?: number): Promise<CounterWindow>;
  /** Releases connections; further calls may fail. */
  close(): Promise<void>;
}

/** The longest anything may live in the store: a week covers every button a team still presses. */
export const MAX_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The most one increment may add. */
export const MAX_INCREMENT = 1_000_000;

/** Throws on an increment that is not a whole number from 1 to MAX_INCREMENT. */
export function checkIncrement(by: number): void {
  if (!Number.isInteger(by) || by < 1 || by > MAX_INCREMENT) {
    throw new RangeError(`an increment must be a whole number from 1 to ${MAX_INCREMENT} (got ${by})`);
  }
}

/** Throws on a TTL that is not a positive finite number of milliseconds within MAX_TTL_MS. */
export function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TTL_MS) {
    throw new RangeError(`a state TTL must be between 1 and ${MAX_TTL_MS} ms (got ${ttlMs})`);
  }
}
