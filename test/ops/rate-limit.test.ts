import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/core/errors.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import type { StateStore } from '../../src/core/state/store.js';
import { type LimitRules, RateLimiter, serviceKeySubject, slidingWaitMs } from '../../src/ops/rate-limit.js';
import { migrate } from '../../src/store/migrate.js';
import { openPostgresDatabase } from '../../src/store/postgres.js';
import type { Database } from '../../src/store/sql.js';
import { SqlStateStore } from '../../src/store/sql-state-store.js';
import { TestClock } from '../core/state/contract.js';
import { describePostgres, openTestEmbedded, openTestPostgres } from '../support/databases.js';

const user = (id: string) => ({ scope: 'user' as const, id: `slack:T1:${id}` });
const workspace = { scope: 'workspace' as const, id: 'slack:T1' };

function limiter(rules: Partial<LimitRules>, clock = new TestClock()) {
  const store = new MemoryStateStore({ now: clock.now });
  return { clock, store, limiter: new RateLimiter(store, { rules, now: clock.now }) };
}

describe('RateLimiter', () => {
  it('fixed window: the limit passes, the next waits for the window’s end', async () => {
    const { clock, limiter: limits } = limiter({ user: { limit: 3, windowMs: 60_000, algorithm: 'fixed' } });
    for (let i = 0; i < 3; i++) expect(await limits.take([user('U1')])).toEqual({ allowed: true });
    clock.advance(20_000);
    expect(await limits.take([user('U1')])).toEqual({ allowed: false, scope: 'user', retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect((await limits.take([user('U1')])).allowed).toBe(true);
  });

  it('sliding window: a burst straddling a window boundary does not pass twice the limit', async () => {
    const clock = new TestClock(60_000 * 1_000_000);
    const { limiter: limits } = limiter(
      { user: { limit: 10, windowMs: 60_000, algorithm: 'sliding' } },
      clock,
    );
    clock.advance(50_000);
    for (let i = 0; i < 10; i++) expect((await limits.take([user('U1')])).allowed).toBe(true);
    clock.advance(11_000); // 1 s into the next window: a fixed window would allow 10 more here
    expect(await limits.take([user('U1')])).toEqual({ allowed: false, scope: 'user', retryAfterSeconds: 11 });
    clock.advance(11_000);
    expect((await limits.take([user('U1')])).allowed).toBe(true);
  });

  it('tells a wait after which the retry passes, whatever the traffic before', async () => {
    // Deterministic pseudo-random traffic: bursts at random times, then a retry after the wait given.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const algorithm of ['fixed', 'sliding'] as const) {
      for (let trial = 0; trial < 60; trial++) {
        const limit = 1 + Math.floor(random() * 8);
        const windowMs = 1_000 * (1 + Math.floor(random() * 60));
        const { clock, limiter: limits } = limiter({ user: { limit, windowMs, algorithm } });
        let denied: number | null = null;
        for (let i = 0; i < 40 && denied === null; i++) {
          clock.advance(Math.floor(random() * windowMs * 0.3));
          const decision = await limits.take([user('U')]);
          if (!decision.allowed) denied = decision.retryAfterSeconds;
        }
        if (denied === null) continue;
        clock.advance(denied * 1_000);
        expect((await limits.take([user('U')])).allowed, `${algorithm} ${limit}/${windowMs} ms`).toBe(true);
      }
    }
  });

  it('stops at the first limit reached: a user held back does not use up the workspace’s allowance', async () => {
    const { limiter: limits } = limiter({
      user: { limit: 2, windowMs: 60_000, algorithm: 'fixed' },
      workspace: { limit: 3, windowMs: 60_000, algorithm: 'fixed' },
    });
    for (let i = 0; i < 5; i++) await limits.take([user('U1'), workspace]);
    expect((await limits.take([user('U2'), workspace])).allowed).toBe(true);
    expect(await limits.take([user('U3'), workspace])).toMatchObject({ allowed: false, scope: 'workspace' });
  });

  it('keeps a service key’s counter under a hash of the key, never the key', async () => {
    const keys: string[] = [];
    const store = new MemoryStateStore();
    const spying: StateStore = {
      get: (key) => {
        keys.push(key);
        return store.get(key);
      },
      set: (key, value, ttl) => store.set(key, value, ttl),
      delete: (key) => store.delete(key),
      claim: (key, ttl, value) => store.claim(key, ttl, value),
      increment: (key, window) => {
        keys.push(key);
        return store.increment(key, window);
      },
      close: () => store.close(),
    };
    const limits = new RateLimiter(spying);
    await limits.take([serviceKeySubject('sk-live-very-secret')]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('very-secret');
    expect(serviceKeySubject('sk-live-very-secret')).toEqual(serviceKeySubject('sk-live-very-secret'));
    expect(serviceKeySubject('a').id).not.toBe(serviceKeySubject('b').id);
  });

  it('throws the error core words as “try again in N s”', async () => {
    const { limiter: limits } = limiter({ user: { limit: 1, windowMs: 10_000, algorithm: 'fixed' } });
    await limits.enforce([user('U1')]);
    const error = await limits.enforce([user('U1')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(10);
  });

  it('refuses a rule that cannot work', () => {
    expect(() => limiter({ user: { limit: 0, windowMs: 60_000, algorithm: 'fixed' } })).toThrow(RangeError);
    expect(() => limiter({ user: { limit: 1.5, windowMs: 60_000, algorithm: 'fixed' } })).toThrow(RangeError);
    expect(() => limiter({ user: { limit: 5, windowMs: 10, algorithm: 'fixed' } })).toThrow(RangeError);
  });

  it('computes the sliding wait as the estimate falls back to the limit', () => {
    expect(slidingWaitMs({ previous: 0, current: 3, elapsed: 10_000, windowMs: 60_000, limit: 5 })).toBe(0);
    // 10 × 59/60 + 1 > 10; room in this window: wait until 10 × (59 − t)/60 + 2 ≤ 10, t = 11 s.
    expect(slidingWaitMs({ previous: 10, current: 1, elapsed: 1_000, windowMs: 60_000, limit: 10 })).toBe(
      11_000,
    );
    // This window full: into the next, until 6 × (60 − t′)/60 + 1 ≤ 5, t′ = 20 s, plus the 30 s left.
    expect(slidingWaitMs({ previous: 0, current: 6, elapsed: 30_000, windowMs: 60_000, limit: 5 })).toBe(
      50_000,
    );
  });
});

describe('RateLimiter with leased blocks (fixed windows)', () => {
  const leased = { serviceKey: { limit: 10, windowMs: 60_000, algorithm: 'fixed' as const, lease: 4 } };
  const key = { scope: 'serviceKey' as const, id: 'k' };

  /** A store that counts the increments it is asked for. */
  function counting(clock: TestClock) {
    const store = new MemoryStateStore({ now: clock.now });
    const calls: number[] = [];
    const increment = store.increment.bind(store);
    store.increment = (k, windowMs, by) => {
      calls.push(by ?? 1);
      return increment(k, windowMs, by);
    };
    return { store, calls };
  }

  it('answers from its block, asks the store once a block, and grants exactly the limit', async () => {
    const clock = new TestClock();
    const { store, calls } = counting(clock);
    const limits = new RateLimiter(store, { rules: leased, now: clock.now });
    const allowed = [];
    for (let i = 0; i < 12; i++) allowed.push((await limits.take([key])).allowed);
    expect(allowed).toEqual([...Array(10).fill(true), false, false]);
    // Blocks of 4, 4, then 2 granted of the third: three store operations for ten requests.
    expect(calls).toEqual([4, 4, 4]);
    clock.advance(20_000);
    expect(await limits.take([key])).toEqual({ allowed: false, scope: 'serviceKey', retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect((await limits.take([key])).allowed).toBe(true);
  });

  it('never grants more than the limit across replicas; unused blocks only hold requests back', async () => {
    const clock = new TestClock();
    const store = new MemoryStateStore({ now: clock.now });
    const replicas = [0, 1].map(() => new RateLimiter(store, { rules: leased, now: clock.now }));
    const decisions = [];
    for (let i = 0; i < 30; i++) decisions.push(await replicas[i % 2]!.take([key]));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    // One replica alone past the other's reservation: it may get fewer, never more.
    const late = new RateLimiter(store, { rules: leased, now: clock.now });
    expect((await late.take([key])).allowed).toBe(false);
  });

  it('reserves one block for requests arriving together, and lets the next call retry after a failure', async () => {
    const clock = new TestClock();
    const { store, calls } = counting(clock);
    const limits = new RateLimiter(store, { rules: leased, now: clock.now });
    const together = await Promise.all(Array.from({ length: 4 }, () => limits.take([key])));
    expect(together.every((decision) => decision.allowed)).toBe(true);
    expect(calls).toEqual([4]);

    const failing = new MemoryStateStore({ now: clock.now });
    let fail = true;
    const increment = failing.increment.bind(failing);
    failing.increment = async (k, windowMs, by) => {
      if (fail) throw new Error('connection refused');
      return increment(k, windowMs, by);
    };
    const flaky = new RateLimiter(failing, { rules: leased, now: clock.now });
    await expect(flaky.take([key])).rejects.toThrow('connection refused');
    fail = false;
    expect((await flaky.take([key])).allowed).toBe(true);
  });
});

/** Two limiters (two replicas) on one database count together. */
function describeShared(name: string, makeStores: () => [StateStore, StateStore]): void {
  it(`${name}: limits hold across two replicas sharing the database`, async () => {
    const [a, b] = makeStores();
    const rules = { workspace: { limit: 5, windowMs: 60_000, algorithm: 'sliding' as const } };
    const replicas = [new RateLimiter(a, { rules }), new RateLimiter(b, { rules })];
    const subject = { scope: 'workspace' as const, id: `shared:${name}:${Date.now()}` };
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => replicas[i % 2]!.take([subject])),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });
}

describe('rate limits on the embedded database', () => {
  let embedded: Awaited<ReturnType<typeof openTestEmbedded>>;
  beforeAll(async () => {
    embedded = await openTestEmbedded();
    await migrate(embedded.db);
  });
  afterAll(async () => {
    await embedded?.cleanup();
  });
  describeShared('embedded', () => [new SqlStateStore(embedded.db), new SqlStateStore(embedded.db)]);
});

describePostgres('rate limits on PostgreSQL', () => {
  let servers: Awaited<ReturnType<typeof openTestPostgres>>;
  let other: Database;
  beforeAll(async () => {
    servers = await openTestPostgres();
    await migrate(servers.db);
    other = await openPostgresDatabase({ url: servers.url });
  });
  afterAll(async () => {
    await other?.close();
    await servers?.cleanup();
  });
  describeShared('PostgreSQL', () => [new SqlStateStore(servers.db), new SqlStateStore(other)]);
});
