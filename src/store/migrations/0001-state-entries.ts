import type { SqlMigration } from './migration.js';

/**
 * Interaction state (store/sql-state-store.ts): comparisons behind buttons, votes and polls,
 * idempotence claims, rate-limit counters and upstream cool-downs, one namespaced key each
 * ("compare:…", "claim:…", "rate:…", "cooldown:…"), every row with an expiry.
 *
 * - key is COLLATE "C" (byte order): a workspace's keys share a prefix, and deleting them
 *   (store/workspace-data.ts) is then a range scan of the primary key.
 * - value is JSON as text, not jsonb: jsonb rejects "\u0000" in strings, and nothing queries
 *   inside values.
 * - expires_at is milliseconds since the epoch, compared in SQL against the caller's clock or
 *   the database's; the index serves the sweep of expired rows.
 */
export const stateEntries: SqlMigration = [
  `CREATE TABLE state_entries (
     key text COLLATE "C" PRIMARY KEY,
     value text NOT NULL,
     expires_at bigint NOT NULL
   )`,
  'CREATE INDEX state_entries_expires_at ON state_entries (expires_at)',
];
