import type { Logger } from 'pino';
import { openEmbeddedDatabase } from './embedded.js';
import { migrate } from './migrate.js';
import { openPostgresDatabase } from './postgres.js';
import { defaultDataDir } from './registration.js';
import type { Database } from './sql.js';
import { SqlStateStore } from './sql-state-store.js';
import { type Sweeper, type SweeperOptions, startSweeper } from './sweeper.js';

export interface StoreConfig {
  DATABASE_URL?: string | undefined;
  CARBON_DATA_DIR?: string | undefined;
}

export interface OpenedStore {
  database: Database;
  state: SqlStateStore;
  /** Stops the sweeper, then closes the database. */
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  logger?: Logger;
  sweep?: Omit<SweeperOptions, 'logger'>;
}

/**
 * The state database as configured: PostgreSQL when DATABASE_URL is set, otherwise the embedded one
 * in CARBON_DATA_DIR; migrated to the current schema before anything uses it; expired rows swept in
 * the background. Throws DatabaseStartError (a message for the operator) when any of it fails.
 */
export async function openStore(config: StoreConfig, options: OpenStoreOptions = {}): Promise<OpenedStore> {
  const { logger } = options;
  const database =
    config.DATABASE_URL !== undefined
      ? await openPostgresDatabase({ url: config.DATABASE_URL, ...(logger ? { logger } : {}) })
      : await openEmbeddedDatabase({
          dataDir: config.CARBON_DATA_DIR ?? defaultDataDir(),
          ...(logger ? { logger } : {}),
        });
  let applied: string[];
  try {
    applied = await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  logger?.info(
    { database: database.kind, location: database.location, migrationsApplied: applied },
    'state database ready',
  );
  const state = new SqlStateStore(database);
  const sweeper: Sweeper = startSweeper(state, { ...options.sweep, ...(logger ? { logger } : {}) });
  return {
    database,
    state,
    async close() {
      await sweeper.stop();
      await database.close();
    },
  };
}
