import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.js';
import { openPostgresDatabase } from '../../src/store/postgres.js';
import type { Database } from '../../src/store/sql.js';
import { SqlStateStore } from '../../src/store/sql-state-store.js';
import { describeStateStoreContract, TestClock } from '../core/state/contract.js';
import { describePostgres, openTestEmbedded, openTestPostgres } from '../support/databases.js';

/** The store-specific behaviour beyond the contract, on either database. */
function describeSqlStore(name: string, database: () => Database): void {
  describe(`${name}: the SQL store beyond the contract`, () => {
    const fresh = async (clock?: TestClock) => {
      await database().query('TRUNCATE state_entries');
      return new SqlStateStore(database(), clock ? { now: clock.now } : {});
    };

    it('sweeps expired rows in bounded batches, and leaves live ones', async () => {
      const clock = new TestClock();
      const store = await fresh(clock);
      for (let i = 0; i < 5; i++) await store.set(`old:${i}`, i, 100);
      await store.set('live', 'yes', 10_000);
      clock.advance(100);
      expect(await store.sweep(3)).toBe(3);
      expect(await store.sweep(3)).toBe(2);
      expect(await store.sweep(3)).toBe(0);
      expect(await store.get('live')).toBe('yes');
      const { rows } = await database().query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM state_entries',
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('deletes a prefix and only that prefix, LIKE wildcards taken literally', async () => {
      const store = await fresh(new TestClock());
      await store.set('ws:slack:T1:compare:a', 1, 10_000);
      await store.set('ws:slack:T1:vote:b', 2, 10_000);
      await store.set('ws:slack:T10:compare:a', 3, 10_000);
      await store.set('ws:slack:T_:x', 4, 10_000);
      expect(await store.deletePrefix('ws:slack:T1:')).toBe(2);
      expect(await store.get('ws:slack:T10:compare:a')).toBe(3);
      expect(await store.deletePrefix('ws:slack:T_')).toBe(1);
      expect(await store.get('ws:slack:T10:compare:a')).toBe(3);
      await expect(store.deletePrefix('')).rejects.toThrow(RangeError);
    });

    it('refuses keys PostgreSQL cannot index or hold', async () => {
      const store = await fresh();
      await expect(store.get('')).rejects.toThrow(RangeError);
      await expect(store.set('a\u0000b', 1, 1_000)).rejects.toThrow(RangeError);
      await expect(store.claim('k'.repeat(513), 1_000)).rejects.toThrow(RangeError);
    });

    it('keeps values the JSON way, NUL characters and key order included', async () => {
      const store = await fresh();
      const value = { z: 'a\u0000b', a: [1.5, null, true, 'é🌍'], n: { deep: '' } };
      await store.set('json', value, 1_000);
      expect(JSON.stringify(await store.get('json'))).toBe(JSON.stringify(value));
    });

    it('on the database clock (no clock given), expires what is due and counts windows', async () => {
      const store = await fresh();
      await store.set('soon', 1, 1);
      await store.set('later', 2, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.get('soon')).toBeNull();
      expect(await store.get('later')).toBe(2);
      const first = await store.increment('rate:db-clock', 60_000);
      const second = await store.increment('rate:db-clock', 60_000);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBe(60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(50_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('starts a counter again over a value that is not a count', async () => {
      const store = await fresh(new TestClock());
      await store.set('rate:odd', 'text', 10_000);
      expect((await store.increment('rate:odd', 1_000)).count).toBe(1);
    });
  });
}

describe('the embedded database (PGlite)', () => {
  let embedded: Awaited<ReturnType<typeof openTestEmbedded>>;
  beforeAll(async () => {
    embedded = await openTestEmbedded();
    await migrate(embedded.db);
  });
  afterAll(async () => {
    await embedded?.cleanup();
  });

  describeStateStoreContract('embedded SQL store', async (clock) => {
    await embedded.db.query('TRUNCATE state_entries');
    return new SqlStateStore(embedded.db, { now: clock.now });
  });
  describeSqlStore('embedded', () => embedded.db);
});

describePostgres('PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof openTestPostgres>>;
  beforeAll(async () => {
    server = await openTestPostgres();
    await migrate(server.db);
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  describeStateStoreContract('PostgreSQL SQL store', async (clock) => {
    await server.db.query('TRUNCATE state_entries');
    return new SqlStateStore(server.db, { now: clock.now });
  });
  describeSqlStore('PostgreSQL', () => server.db);

  it('gives one winner among claims racing from two replicas (two pools)', async () => {
    await server.db.query('TRUNCATE state_entries');
    const other = await openPostgresDatabase({ url: server.url });
    try {
      const stores = [new SqlStateStore(server.db), new SqlStateStore(other)];
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => stores[i % 2]!.claim('claim:slack:retry:1', 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => stores[i % 2]!.increment('rate:team:T1', 60_000)),
      );
      expect(Math.max(...counts.map((c) => c.count))).toBe(40);
    } finally {
      await other.close();
    }
  });
});
