import { type CounterWindow, checkIncrement, checkTtl, type JsonValue, type StateStore } from './store.js';

interface Entry {
  /** Kept serialised so a caller mutating what it stored or read cannot change the store. */
  json: string;
  expiresAt: number;
}

export interface MemoryStoreOptions {
  /** The clock, in milliseconds; tests pass their own. */
  now?: () => number;
  /** Entries above this count make the oldest-expiring ones go first. */
  maxEntries?: number;
}

/**
 * The state store in one process's memory: the default for a single process and for tests. Its
 * state ends with the process, which is what the database stores exist for.
 */
export class MemoryStateStore implements StateStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 100_000;
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | null> {
    const entry = this.live(key);
    return entry === null ? null : (JSON.parse(entry.json) as T);
  }

  async set(key: string, value: JsonValue, ttlMs: number): Promise<void> {
    checkTtl(ttlMs);
    this.write(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async claim(key: string, ttlMs: number, value: JsonValue = true): Promise<boolean> {
    checkTtl(ttlMs);
    if (this.live(key) !== null) return false;
    this.write(key, value, ttlMs);
    return true;
  }

  async increment(key: string, windowMs: number, by = 1): Promise<CounterWindow> {
    checkTtl(windowMs);
    checkIncrement(by);
    const entry = this.live(key);
    const now = this.now();
    if (entry === null) {
      this.write(key, by, windowMs);
      return { count: by, resetInMs: windowMs };
    }
    const count = (JSON.parse(entry.json) as number) + by;
    entry.json = JSON.stringify(count);
    return { count, resetInMs: entry.expiresAt - now };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Entries held, expired ones included until they are read or swept. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops expired entries; returns how many went. */
  sweep(): number {
    const now = this.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  private live(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  private write(key: string, value: JsonValue, ttlMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries && this.sweep() === 0) {
      // Map iteration is insertion order: the first key is the oldest write.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { json: JSON.stringify(value), expiresAt: this.now() + ttlMs });
  }
}
