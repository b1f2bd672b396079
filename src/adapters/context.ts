import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { CommandServices } from '../core/commands/define.js';
import type { InteractionOrigin } from '../core/interaction.js';
import type { Limiter, LimitScope } from '../core/limits.js';
import type { AnswerOnce } from '../core/once.js';
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
  /**
   * Interaction state kept between an answer and a button press (comparisons behind buttons, votes,
   * claims): the state database, shared by replicas.
   */
  store: StateStore;
  /** Answering each interaction once, and the limits its pipeline checks (src/core/once.ts, limits.ts). */
  interactions: InteractionControls;
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

export interface InteractionControls {
  once: AnswerOnce;
  /** Per-user and per-workspace limits for the adapter's pipeline; null when none apply. */
  limiter: Limiter | null;
  /** An interaction refused by a limit (counted in the metrics). */
  onLimited?: (origin: InteractionOrigin, scope: LimitScope) => void;
}

export interface RunningAdapter {
  name: string;
  /** One line for the start-up log, e.g. "Slack (Socket Mode)". */
  description: string;
  stop(): Promise<void>;
}

/** Returns null when its credentials are not configured. */
export type AdapterStarter = (context: AdapterContext) => Promise<RunningAdapter | null>;
