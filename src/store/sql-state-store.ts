import {
  type CounterWindow,
  checkIncrement,
  checkTtl,
  type JsonValue,
  type StateStore,
} from '../core/state/store.js';
import { likePrefix, nowParam, type SqlQueryable } from './sql.js';

export interface SqlStateStoreOptions {
  /** The clock in milliseconds; unset, the database's (so replicas agree on expiry). Tests pass theirs. */
  now?: () => number;
  /** Called by close(): the store closes the database it owns, and leaves a shared one open. */
  onClose?: () => Promise<void>;
}

/**
 * Keys are ids the code builds ("claim:slack:…"). PostgreSQL's text cannot hold NUL, and a btree
 * entry is limited to about 2.7 kB; 512 characters leaves room for any id with its namespace.
 */
export const MAX_KEY_LENGTH = 512;

/** At most this many expired rows go in one sweep statement, so a sweep never holds locks for long. */
export const SWEEP_BATCH = 1_000;

/**
 * The state store on SQL (store/migrations/0001-state-entries.ts): one row per key, expiry compared
 * in SQL, each operation one statement. `claim` and `increment` are single INSERT … ON CONFLICT
 * statements, so they are atomic on PostgreSQL across replicas (the row's lock orders concurrent
 * ones) and on the embedded database (one connection, one statement at a time).
 */
export class SqlStateStore implements StateStore {
  private readonly now: () => number | null;

  constructor(
    private readonly db: SqlQueryable,
    private readonly options: SqlStateStoreOptions = {},
  ) {
    this.now = options.now ?? (() => null);
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | null> {
    checkKey(key);
    const { rows } = await this.db.query<{ value: string }>(
      `SELECT value FROM state_entries WHERE key = $1 AND expires_at > ${nowParam(2)}`,
      [key, this.now()],
    );
    const row = rows[0];
    return row === undefined ? null : (JSON.parse(row.value) as T);
  }

  async set(key: string, value: JsonValue, ttlMs: number): Promise<void> {
    checkKey(key);
    checkTtl(ttlMs);
    await this.db.query(
      `INSERT INTO state_entries (key, value, expires_at) VALUES ($1, $2, ${nowParam(4)} + $3::bigint)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, JSON.stringify(value), Math.ceil(ttlMs), this.now()],
    );
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.db.query('DELETE FROM state_entries WHERE key = $1', [key]);
  }

  async claim(key: string, ttlMs: number, value: JsonValue = true): Promise<boolean> {
    checkKey(key);
    checkTtl(ttlMs);
    // The update (taking over an expired claim) happens only when the row has expired; a live row
    // returns nothing. EXCLUDED.expires_at - ttl is this statement's "now".
    const { rows } = await this.db.query(
      `INSERT INTO state_entries AS entry (key, value, expires_at) VALUES ($1, $2, ${nowParam(4)} + $3::bigint)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
         WHERE entry.expires_at <= EXCLUDED.expires_at - $3::bigint
       RETURNING 1 AS won`,
      [key, JSON.stringify(value), Math.ceil(ttlMs), this.now()],
    );
    return rows.length === 1;
  }

  async increment(key: string, windowMs: number, by = 1): Promise<CounterWindow> {
    checkKey(key);
    checkTtl(windowMs);
    checkIncrement(by);
    // A window that has ended, or a row that does not hold a count, starts again at `by`.
    const restart = `(entry.expires_at <= EXCLUDED.expires_at - $2::bigint OR entry.value !~ '^[0-9]{1,15}$')`;
    const { rows } = await this.db.query<{ count: number; reset_in_ms: number }>(
      `INSERT INTO state_entries AS entry (key, value, expires_at) VALUES ($1, $4::bigint::text, ${nowParam(3)} + $2::bigint)
       ON CONFLICT (key) DO UPDATE SET
         value = CASE WHEN ${restart} THEN EXCLUDED.value ELSE (entry.value::bigint + $4::bigint)::text END,
         expires_at = CASE WHEN ${restart} THEN EXCLUDED.expires_at ELSE entry.expires_at END
       RETURNING value::integer AS count, (entry.expires_at - ${nowParam(3)})::integer AS reset_in_ms`,
      [key, Math.ceil(windowMs), this.now(), by],
    );
    const row = rows[0]!;
    return { count: row.count, resetInMs: row.reset_in_ms };
  }

  /**
   * Deletes up to `limit` expired rows; returns how many went. Rows another replica's sweep is
   * deleting are skipped, not waited for.
   */
  async sweep(limit = SWEEP_BATCH): Promise<number> {
    const { rows } = await this.db.query<{ swept: number }>(
      `WITH gone AS (
         DELETE FROM state_entries WHERE key IN (
           SELECT key FROM state_entries WHERE expires_at <= ${nowParam(2)}
           ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
         ) RETURNING 1
       ) SELECT count(*)::integer AS swept FROM gone`,
      [limit, this.now()],
    );
    return rows[0]?.swept ?? 0;
  }

  /** Deletes every key that starts with `prefix` (a workspace's state, store/workspace-data.ts). */
  async deletePrefix(prefix: string): Promise<number> {
    if (prefix === '') throw new RangeError('refusing to delete every key: the prefix is empty');
    checkKey(prefix);
    const { rows } = await this.db.query<{ deleted: number }>(
      `WITH gone AS (DELETE FROM state_entries WHERE key LIKE $1 RETURNING 1)
       SELECT count(*)::integer AS deleted FROM gone`,
      [likePrefix(prefix)],
    );
    return rows[0]?.deleted ?? 0;
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('\u0000')) {
    throw new RangeError(
      `a state key must be 1 to ${MAX_KEY_LENGTH} characters without NUL (got ${key.length} characters)`,
    );
  }
}
