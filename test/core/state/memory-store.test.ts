import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';
import { describeStateStoreContract, TestClock } from './contract.js';

describeStateStoreContract('memory', async (clock) => new MemoryStateStore({ now: clock.now }));

describe('MemoryStateStore', () => {
  it('sweeps expired entries', async () => {
    const clock = new TestClock();
    const store = new MemoryStateStore({ now: clock.now });
    await store.set('a', 1, 100);
    await store.set('b', 1, 1_000);
    clock.advance(100);
    expect(store.sweep()).toBe(1);
    expect(store.size).toBe(1);
  });

  it('drops the oldest entry when full of live ones, so memory stays bounded', async () => {
    const store = new MemoryStateStore({ maxEntries: 2 });
    await store.set('a', 1, 60_000);
    await store.set('b', 2, 60_000);
    await store.set('c', 3, 60_000);
    expect(store.size).toBe(2);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('c')).toBe(3);
  });
});
