import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { CommandServices } from '../core/commands/define.js';
import type { NameSuggester } from '../core/source.js';
import type { StateStore } from '../core/state/store.js';
import type { BotHttpServer } from '../server/bot-http.js';
import type { Database } from '../store/sql.js';

/** What `carbon start` hands every chat adapter. */
export interface AdapterContext {
  config: Config;
  logger: Logger;
  /** What commands answer with, built once by the app (src/app/services.ts). */
  services: CommandServices;
  /** Interaction state kept between an answer and a button press (ids behind Discord's buttons). */
  store: StateStore;
  /**
   * The state database when one is open (embedded or PostgreSQL): Slack's OAuth installations are
   * kept in it, encrypted, and a workspace's data is deleted from it on uninstall.
   */
  database?: Database;
  /** Catalog names for autocomplete; null when the catalog is not available. */
  suggester: NameSuggester | null;
  /** Shared HTTP server; adapters add routes, `carbon start` listens once all have. */
  http: BotHttpServer;
}

export interface RunningAdapter {
  name: string;
  /** One line for the start-up log, e.g. "Slack (Socket Mode)". */
  description: string;
  stop(): Promise<void>;
}

/** Returns null when its credentials are not configured. */
export type AdapterStarter = (context: AdapterContext) => Promise<RunningAdapter | null>;
