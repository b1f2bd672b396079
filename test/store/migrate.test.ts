import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../src/store/embedded.js';
import { DatabaseStartError } from '../../src/store/errors.js';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrate } from '../../src/store/migrate.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openPostgresDatabase } from '../../src/store/postgres.js';
import type { Database } from '../../src/store/sql.js';
import { SqlStateStore } from '../../src/store/sql-state-store.js';
import { describePostgres, openTestEmbedded, openTestPostgres, urlWithSchema } from '../support/databases.js';

const NAMES = Object.keys(MIGRATIONS);

async function tables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

describe('the migrations folder', () => {
  it('lists every numbered file, in order, each once', () => {
    const folder = join(import.meta.dirname, '../../src/store/migrations');
    const files = readdirSync(folder)
      .filter((file) => /^\d{4}-.+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(NAMES).toEqual(files);
    expect(NAMES.map((name) => Number(name.slice(0, 4)))).toEqual(NAMES.map((_, i) => i + 1));
  });
});

/** A migration set whose last migration fails on its second statement. */
const BROKEN = {
  ...MIGRATIONS,
  '9999-broken': ['CREATE TABLE half_done (id integer)', 'SELECT no_such_function()'],
};

describe('migrating the embedded database', () => {
  let embedded: Awaited<ReturnType<typeof openTestEmbedded>>;
  beforeAll(async () => {
    embedded = await openTestEmbedded();
  });
  afterAll(async () => {
    await embedded?.cleanup();
  });

  it('applies every migration once, then nothing', async () => {
    expect(await migrate(embedded.db)).toEqual(NAMES);
    expect(await migrate(embedded.db)).toEqual([]);
    expect(await tables(embedded.db)).toEqual(
      expect.arrayContaining([
        'state_entries',
        'slack_installations',
        'slack_installation_users',
        MIGRATION_TABLE,
      ]),
    );
  });

  it('rolls a failed migration back whole and names it', async () => {
    const error = await migrate(embedded.db, BROKEN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseStartError);
    expect((error as Error).message).toContain('9999-broken');
    expect(await tables(embedded.db)).not.toContain('half_done');
  });

  it('keeps its data across a restart, and refuses a second process while open', async () => {
    await migrate(embedded.db);
    await new SqlStateStore(embedded.db).set('compare:kept', { options: ['dal', 'lasagne'] }, 3_600_000);
    const second = await openEmbeddedDatabase({ dataDir: embedded.dataDir, lock: { retries: 0 } }).catch(
      (caught: unknown) => caught,
    );
    expect(second).toBeInstanceOf(DatabaseStartError);
    expect((second as Error).message).toMatch(/in use by another carbon process.*DATABASE_URL/);

    await embedded.db.close();
    const reopened = await openEmbeddedDatabase({ dataDir: embedded.dataDir, lock: { retries: 0 } });
    embedded.db = reopened;
    expect(await migrate(reopened)).toEqual([]);
    expect(await new SqlStateStore(reopened).get('compare:kept')).toEqual({ options: ['dal', 'lasagne'] });
  });
});

describePostgres('migrating PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof openTestPostgres>>;
  beforeAll(async () => {
    server = await openTestPostgres();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it('applies each migration once when two replicas start together', async () => {
    const replicas = await Promise.all([
      openPostgresDatabase({ url: server.url }),
      openPostgresDatabase({ url: server.url }),
      openPostgresDatabase({ url: server.url }),
    ]);
    try {
      const applied = await Promise.all(replicas.map((replica) => migrate(replica)));
      expect(applied.flat().sort()).toEqual(NAMES);
      const { rows } = await server.db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM ${MIGRATION_TABLE}`,
      );
      expect(rows[0]?.n).toBe(NAMES.length);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it('migrates its own schema when another schema of the database already has carbon’s tables', async () => {
    await migrate(server.db);
    const other = await openTestPostgres();
    try {
      // Kysely, not told the schema, found these names in the first schema and skipped creating them.
      expect(await migrate(other.db)).toEqual(NAMES);
      expect(await tables(other.db)).toEqual(
        expect.arrayContaining(['state_entries', MIGRATION_TABLE, MIGRATION_LOCK_TABLE]),
      );
      expect(await migrate(other.db)).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });

  it('says so when search_path names no schema that exists', async () => {
    const nowhere = await openPostgresDatabase({ url: urlWithSchema('carbon_test_no_such_schema') });
    try {
      const error = await migrate(nowhere).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseStartError);
      expect((error as Error).message).toMatch(/search_path names no schema/);
    } finally {
      await nowhere.close();
    }
  });

  it('rolls a failed migration back whole and names it', async () => {
    const error = await migrate(server.db, BROKEN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseStartError);
    expect((error as Error).message).toContain('9999-broken');
    expect(await tables(server.db)).not.toContain('half_done');
  });

  it('says which server it cannot reach, without the password', async () => {
    const error = await openPostgresDatabase({
      url: 'postgres://carbon:hunter2-secret@127.0.0.1:1/carbon',
      connectTimeoutMs: 1_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseStartError);
    expect((error as Error).message).toContain('127.0.0.1:1/carbon');
    expect((error as Error).message).not.toContain('hunter2');
  });
});
