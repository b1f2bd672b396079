import type { Kysely } from 'kysely';

/**
 * The one thing the stores need from a database: a parameterised query returning rows. PGlite and
 * node-postgres's `pg.Pool` (and a pool's checked-out client, and a PGlite transaction) all have it,
 * so the same SQL runs in process and on a server.
 */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export type DatabaseKind = 'embedded' | 'postgres';

/** A database the stores run on: the embedded PGlite one, or a PostgreSQL server. */
export interface Database extends SqlQueryable {
  readonly kind: DatabaseKind;
  /** Where the data is, for logs: the data directory, or the server's host, port and database (no password). */
  readonly location: string;
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** The same connection(s) behind Kysely, for its migrator (store/migrate.ts); queries use `query`. */
  kysely(): Kysely<unknown>;
  /** Resolves when the database answers a trivial query; rejects otherwise. For /readyz. */
  ping(): Promise<void>;
  /** Closes connections (and, embedded, releases the data directory). Idempotent. */
  close(): Promise<void>;
}

/**
 * The database's own clock in milliseconds since the epoch. Replicas on one PostgreSQL then agree on
 * what has expired even when their clocks drift; tests pass their own clock as a parameter instead.
 * statement_timestamp() is fixed for the statement, so every use within one statement agrees.
 */
export const DATABASE_NOW_MS = `floor(extract(epoch from statement_timestamp()) * 1000)::bigint`;

/** `$n`, or the database's clock when the parameter is null: how every store takes an injectable clock. */
export function nowParam(position: number): string {
  return `coalesce($${position}::bigint, ${DATABASE_NOW_MS})`;
}

/** Escapes LIKE's wildcards (and its escape character) so a prefix matches only itself. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
