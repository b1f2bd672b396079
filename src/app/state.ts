import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CounterWindow, JsonValue, StateStore } from '../core/state/store.js';
import { InstrumentedStateStore } from '../ops/instrumented-store.js';
import type { Metrics } from '../ops/metrics.js';
import { type OpenStoreOptions, openStore, type StoreConfig } from '../store/open.js';
import { describeUrl } from '../store/postgres.js';
import { defaultDataDir } from '../store/registration.js';
import type { Database, DatabaseKind, SqlQueryable } from '../store/sql.js';

/** The state database as the app uses it: the store every surface is given, and the database behind it. */
export interface AppState {
  store: StateStore;
  /** The database itself (its ping for /readyz; Slack installations); null for an injected store. */
  database: Database | null;
  close(): Promise<void>;
}

/**
 * Opens the configured state database (src/store/open.ts: PostgreSQL with DATABASE_URL, otherwise
 * the embedded one in CARBON_DATA_DIR), migrated, swept, and with its failures counted in the metrics.
 */
export async function openAppState(
  config: StoreConfig,
  logger: Logger,
  metrics: Metrics | null,
  options: Omit<OpenStoreOptions, 'logger'> = {},
): Promise<AppState> {
  const opened = await openStore(config, {
    logger,
    sweep: {
      ...options.sweep,
      ...(metrics === null ? {} : { onError: () => metrics.storeError('sweep') }),
    },
  });
  return {
    store: metrics === null ? opened.state : new InstrumentedStateStore(opened.state, metrics),
    database: opened.database,
    close: () => opened.close(),
  };
}

/**
 * A store whose database is opened after the adapters have started: `carbon start` only opens the
 * database when a chat platform runs (the local shell keeps no state, and a fresh clone's shell
 * should not wait for the embedded database to be created). Adapters are given this store at once;
 * anything they ask of it before the database is open waits for it (or fails with its error).
 */
export class DeferredStateStore implements StateStore {
  private target: StateStore | null = null;
  private readonly ready: Promise<StateStore>;
  private settle!: { resolve(store: StateStore): void; reject(error: unknown): void };

  constructor() {
    this.ready = new Promise<StateStore>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody may be waiting when it fails; the failure is the start-up's to report.
    this.ready.catch(() => {});
  }

  /** The store to use from now on. */
  attach(store: StateStore): void {
    this.target = store;
    this.settle.resolve(store);
  }

  /** The database could not be opened: every waiting and later operation fails with this. */
  fail(error: unknown): void {
    this.settle.reject(error);
  }

  private async store(): Promise<StateStore> {
    return this.target ?? this.ready;
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | null> {
    return (await this.store()).get<T>(key);
  }

  async set(key: string, value: JsonValue, ttlMs: number): Promise<void> {
    return (await this.store()).set(key, value, ttlMs);
  }

  async delete(key: string): Promise<void> {
    return (await this.store()).delete(key);
  }

  async claim(key: string, ttlMs: number, value?: JsonValue): Promise<boolean> {
    return (await this.store()).claim(key, ttlMs, value);
  }

  async increment(key: string, windowMs: number, by?: number): Promise<CounterWindow> {
    return (await this.store()).increment(key, windowMs, by);
  }

  /** The attached store is closed by whoever opened it. */
  async close(): Promise<void> {}
}

/**
 * The database behind a DeferredStateStore, for what adapters keep outside the state store (Slack's
 * installations): its kind and location are known from the configuration at once, its queries wait
 * for it to open. Closed by whoever opened it.
 */
export class DeferredDatabase implements Database {
  readonly kind: DatabaseKind;
  readonly location: string;
  private target: Database | null = null;
  private readonly ready: Promise<Database>;
  private settle!: { resolve(database: Database): void; reject(error: unknown): void };

  constructor(config: StoreConfig) {
    this.kind = config.DATABASE_URL === undefined ? 'embedded' : 'postgres';
    this.location =
      config.DATABASE_URL === undefined
        ? (config.CARBON_DATA_DIR ?? defaultDataDir())
        : describeUrl(config.DATABASE_URL);
    this.ready = new Promise<Database>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.ready.catch(() => {});
  }

  attach(database: Database): void {
    this.target = database;
    this.settle.resolve(database);
  }

  fail(error: unknown): void {
    this.settle.reject(error);
  }

  private async database(): Promise<Database> {
    return this.target ?? this.ready;
  }

  async query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> {
    return (await this.database()).query<Row>(text, params);
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return (await this.database()).transaction(work);
  }

  /** Only the migrator uses Kysely, on the database itself, before anything is deferred to it. */
  kysely(): Kysely<unknown> {
    if (this.target === null) throw new Error('the state database is not open yet');
    return this.target.kysely();
  }

  async ping(): Promise<void> {
    return (await this.database()).ping();
  }

  async close(): Promise<void> {}
}
