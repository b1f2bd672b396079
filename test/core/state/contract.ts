import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StateStore } from '../../../src/core/state/store.js';

/** A clock the test moves by hand, so expiry is checked without waiting. */
export class TestClock {
  constructor(public ms = 1_700_000_000_000) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/**
 * The state-store contract, run against every implementation (memory here; the database stores in
 * their own files), so they cannot drift apart.
 */
export function describeStateStoreContract(
  name: string,
  makeStore: (clock: TestClock) => Promise<StateStore>,
): void {
  describe(`${name}: the state-store contract`, () => {
    let clock: TestClock;
    let store: StateStore;
    beforeEach(async () => {
      clock = new TestClock();
      store = await makeStore(clock);
    });
    afterEach(async () => {
      await store.close();
    });

    it('returns what was set, as a copy, until it expires', async () => {
      const value = { options: ['lasagne', 'dal'], people: 12 };
      await store.set('compare:a', value, 1_000);
      value.options.push('mutated');
      expect(await store.get('compare:a')).toEqual({ options: ['lasagne', 'dal'], people: 12 });
      clock.advance(999);
      expect(await store.get('compare:a')).not.toBeNull();
      clock.advance(1);
      expect(await store.get('compare:a')).toBeNull();
    });

    it('overwrites a value and its expiry, and deletes', async () => {
      await store.set('k', 'one', 100);
      await store.set('k', 'two', 10_000);
      clock.advance(500);
      expect(await store.get('k')).toBe('two');
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
      await store.delete('never-set');
    });

    it('claims a key once while the claim lives, and again after it expires', async () => {
      expect(await store.claim('claim:x', 1_000)).toBe(true);
      expect(await store.claim('claim:x', 1_000)).toBe(false);
      clock.advance(1_000);
      expect(await store.claim('claim:x', 1_000)).toBe(true);
    });

    it('gives one winner among concurrent claims of the same key', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim('claim:race', 5_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps a claim’s value readable', async () => {
      await store.claim('poll:c1:chan', 1_000, { messageId: 'm1' });
      expect(await store.get('poll:c1:chan')).toEqual({ messageId: 'm1' });
    });

    it('counts within a fixed window and starts again after it', async () => {
      expect(await store.increment('rate:u', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
      clock.advance(400);
      expect(await store.increment('rate:u', 1_000)).toEqual({ count: 2, resetInMs: 600 });
      clock.advance(600);
      expect(await store.increment('rate:u', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    });

    it('adds a block at once when asked, and refuses an increment that is not a whole number from 1', async () => {
      expect((await store.increment('rate:block', 60_000, 12)).count).toBe(12);
      expect((await store.increment('rate:block', 60_000)).count).toBe(13);
      expect((await store.increment('rate:block', 60_000, 7)).count).toBe(20);
      for (const by of [0, -1, 1.5, Number.NaN]) {
        await expect(store.increment('rate:block', 60_000, by)).rejects.toThrow(RangeError);
      }
    });

    it('counts every concurrent increment', async () => {
      const results = await Promise.all(Array.from({ length: 25 }, () => store.increment('rate:c', 60_000)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });

    it('refuses a TTL that is not a positive number of milliseconds', async () => {
      await expect(store.set('k', 1, 0)).rejects.toThrow(RangeError);
      await expect(store.claim('k', Number.NaN)).rejects.toThrow(RangeError);
      await expect(store.increment('k', -5)).rejects.toThrow(RangeError);
    });

    it('keeps keys apart, whatever characters they hold', async () => {
      await store.set("a'b", 1, 1_000);
      await store.set('a%b', 2, 1_000);
      await store.set('a_b', 3, 1_000);
      expect([await store.get("a'b"), await store.get('a%b'), await store.get('a_b')]).toEqual([1, 2, 3]);
    });
  });
}
