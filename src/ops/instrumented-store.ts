import type { CounterWindow, JsonValue, StateStore } from '../core/state/store.js';
import type { Metrics, StoreOperation } from './metrics.js';

/**
 * The state store with its failures counted (carbon_store_errors_total by operation): a database
 * that refuses or times out shows on the dashboard before users say so. Errors still reach the
 * caller unchanged.
 */
export class InstrumentedStateStore implements StateStore {
  constructor(
    private readonly inner: StateStore,
    private readonly metrics: Pick<Metrics, 'storeError'>,
  ) {}

  get<T extends JsonValue = JsonValue>(key: string): Promise<T | null> {
    return this.counted('get', () => this.inner.get<T>(key));
  }

  set(key: string, value: JsonValue, ttlMs: number): Promise<void> {
    return this.counted('set', () => this.inner.set(key, value, ttlMs));
  }

  delete(key: string): Promise<void> {
    return this.counted('delete', () => this.inner.delete(key));
  }

  claim(key: string, ttlMs: number, value?: JsonValue): Promise<boolean> {
    return this.counted('claim', () => this.inner.claim(key, ttlMs, value));
  }

  increment(key: string, windowMs: number, by?: number): Promise<CounterWindow> {
    return this.counted('increment', () => this.inner.increment(key, windowMs, by));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async counted<T>(operation: StoreOperation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // A caller's mistake (a bad TTL or key) is a bug to fix, not the store failing.
      if (!(error instanceof RangeError)) this.metrics.storeError(operation);
      throw error;
    }
  }
}
