import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { DatabaseStartError } from './errors.js';
import type { Database, SqlQueryable } from './sql.js';

export interface PostgresOptions {
  /** DATABASE_URL: postgres://user:password@host:port/database, libpq's parameters allowed. */
  url: string;
  logger?: Logger;
  /** Connections at most; 10. */
  maxConnections?: number;
  /** Time to get a connection before a query fails; 5 s. */
  connectTimeoutMs?: number;
}

/**
 * Each command makes a few short statements (a claim, a counter or two, a read), so a handful of
 * connections serve many commands a second; ten stay well below PostgreSQL's default
 * max_connections (100) with several replicas.
 */
const MAX_CONNECTIONS = 10;
const CONNECT_TIMEOUT_MS = 5_000;
/** Idle connections are closed after this, so a quiet replica holds none. */
const IDLE_TIMEOUT_MS = 30_000;

/** A PostgreSQL server through node-postgres's pool: what replicas share. */
export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const location = describeUrl(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? MAX_CONNECTIONS,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    application_name: 'carbon',
  });
  // An idle connection's error (the server restarted) is emitted on the pool, and an unhandled
  // 'error' event would end the process; the pool replaces the connection on next use.
  pool.on('error', (error) =>
    options.logger?.warn({ err: error, database: location }, 'database connection lost'),
  );
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    // node-postgres's messages name the host or user, never the password.
    throw new DatabaseStartError(
      `cannot reach the PostgreSQL database in DATABASE_URL (${location}): ${(error as Error).message}`,
    );
  }
  return postgresDatabase(pool, location);
}

function postgresDatabase(pool: pg.Pool, location: string): Database {
  let closing: Promise<void> | null = null;
  const queryable = (client: pg.Pool | pg.PoolClient): SqlQueryable => ({
    query: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await client.query(text, params)).rows as Row[],
    }),
  });
  const { query } = queryable(pool);
  return {
    kind: 'postgres',
    location,
    query,
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    // Kysely's destroy() would end the shared pool: the migrator's instance is dropped, not destroyed.
    kysely: () => new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => {
      closing ??= pool.end().catch(() => {});
      return closing;
    },
  };
}

/** host:port/database of a connection URL, for logs and messages: never its user or password. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
  } catch {
    return 'an unparseable URL';
  }
}
