import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Logger } from 'pino';
import { type DataDirLockOptions, lockDataDir } from './data-dir-lock.js';
import { DatabaseStartError } from './errors.js';
import type { Database, SqlQueryable } from './sql.js';

export interface EmbeddedOptions {
  /** CARBON_DATA_DIR: created (owner-only) when missing; the database lives in its `pglite/`. */
  dataDir: string;
  logger?: Logger;
  lock?: DataDirLockOptions;
}

/**
 * PostgreSQL's shared buffer cache, which PGlite allocates in its WebAssembly heap: the default
 * (128 MB) cost about 240 MB of resident memory once a few thousand operations had run; 16 MB
 * brings that to about 150 MB (bench/store.ts measures it) and still holds every page this store's
 * few small tables use.
 */
const SHARED_BUFFERS = '16MB';

/**
 * The embedded database: PGlite, PostgreSQL compiled to WebAssembly and run in this process, so the
 * SQL and migrations are those of the server (store/postgres.ts). One process per data directory,
 * enforced by a lock; replicas share a PostgreSQL server instead.
 */
export async function openEmbeddedDatabase(options: EmbeddedOptions): Promise<Database> {
  const { dataDir, logger } = options;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new DatabaseStartError(
      `cannot create the data directory ${dataDir} (CARBON_DATA_DIR): ${(error as Error).message}`,
    );
  }
  const release = await lockDataDir(dataDir, {
    // Silence for some 20 s would read as a hang: say what the start is waiting for.
    onWait: () =>
      logger?.warn(
        { dataDir },
        'the data directory is locked by a carbon process on another host (a shared volume); waiting for its lock to go stale',
      ),
    ...options.lock,
  });
  const pgDataDir = join(dataDir, 'pglite');
  if (!existsSync(join(pgDataDir, 'PG_VERSION'))) {
    logger?.info({ dataDir }, 'creating the embedded database (first start: a few seconds)');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(pgDataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
  } catch (error) {
    await release();
    throw new DatabaseStartError(`cannot open the embedded database in ${pgDataDir}`, { cause: error });
  }
  return embeddedDatabase(pglite, dataDir, release);
}

function embeddedDatabase(pglite: PGlite, dataDir: string, release: () => Promise<void>): Database {
  let closing: Promise<void> | null = null;
  return {
    kind: 'embedded',
    location: dataDir,
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await pglite.query<Row>(text, params);
      return { rows: result.rows };
    },
    transaction: <T>(work: (tx: SqlQueryable) => Promise<T>) =>
      pglite.transaction((tx) =>
        work({
          query: async <Row>(text: string, params?: unknown[]) => ({
            rows: (await tx.query<Row>(text, params)).rows,
          }),
        }),
      ),
    kysely: () =>
      new Kysely<unknown>({ dialect: new PostgresDialect({ pool: singleConnectionPool(pglite) }) }),
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: () => {
      closing ??= pglite
        .close()
        .catch(() => {})
        .finally(release);
      return closing;
    },
  };
}

/**
 * PGlite as the one-connection pool Kysely's PostgreSQL dialect expects: a connection is lent to one
 * borrower at a time, so a Kysely transaction (the migrator's) is never interleaved with another
 * borrower's statements.
 */
function singleConnectionPool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();
  return {
    options: {},
    connect: () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const lent = queue.then(
        (): PostgresPoolClient => ({
          query: (async (text: string, params: readonly unknown[]) => {
            const result = await pglite.query(text, [...params]);
            return {
              command: result.command?.toUpperCase(),
              rowCount: result.affectedRows ?? 0,
              rows: result.rows,
            };
          }) as unknown as PostgresPoolClient['query'],
          release,
        }),
      );
      queue = queue.then(() => released);
      return lent;
    },
    end: async () => {},
  };
}
