import { afterEach, describe, expect, it } from 'vitest';
import { type OpenedStore, openStore } from '../../src/store/open.js';
import { defaultDataDir } from '../../src/store/registration.js';
import { sweepExpired } from '../../src/store/sweeper.js';
import { describePostgres, makeEmbeddedDataDir, openTestPostgres } from '../support/databases.js';

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('openStore', () => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('opens the embedded database in CARBON_DATA_DIR, migrated, and sweeps expired rows in the background', async () => {
    const dataDir = await makeEmbeddedDataDir();
    opened = await openStore({ CARBON_DATA_DIR: dataDir }, { sweep: { intervalMs: 25 } });
    expect(opened.database.kind).toBe('embedded');
    expect(opened.database.location).toBe(dataDir);
    await opened.state.set('short', 1, 1);
    await opened.state.set('long', 2, 60_000);
    const rows = async () =>
      (await opened!.database.query<{ n: number }>('SELECT count(*)::integer AS n FROM state_entries'))
        .rows[0]!.n;
    await until(async () => (await rows()) === 1);
    expect(await opened.state.get('long')).toBe(2);
  });

  it('defaults the data directory to the platform’s per-user data directory', () => {
    const saved = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = '/srv/xdg-data';
    try {
      expect(defaultDataDir()).toBe(process.platform === 'linux' ? '/srv/xdg-data/carbon' : defaultDataDir());
    } finally {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
    }
  });

  it('fails at start-up with a message naming the server, when DATABASE_URL cannot be reached', async () => {
    await expect(openStore({ DATABASE_URL: 'postgres://carbon@127.0.0.1:1/carbon' })).rejects.toThrow(
      /cannot reach the PostgreSQL database in DATABASE_URL \(127\.0\.0\.1:1\/carbon\)/,
    );
  });

  it('stops a sweep after its cap of batches', async () => {
    let calls = 0;
    const full = {
      sweep: async (limit: number) => {
        calls++;
        return limit;
      },
    };
    expect(await sweepExpired(full, 10, 3)).toBe(30);
    expect(calls).toBe(3);
  });
});

describePostgres('openStore on DATABASE_URL', () => {
  it('opens PostgreSQL, migrated', async () => {
    const server = await openTestPostgres();
    try {
      const opened = await openStore({ DATABASE_URL: server.url, CARBON_DATA_DIR: '/nonexistent/unused' });
      expect(opened.database.kind).toBe('postgres');
      await opened.state.set('k', 'v', 1_000);
      expect(await opened.state.get('k')).toBe('v');
      await opened.close();
    } finally {
      await server.cleanup();
    }
  });
});
