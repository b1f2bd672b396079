import { type Config, loadConfig } from '../config/env.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { setDefaultBasis } from '../sources/catalog/load.js';
import type { CliIo } from './io.js';

export interface Runtime {
  config: Config;
  logger: Logger;
  /** LOG_LEVEL was set (environment or .env) rather than defaulted. */
  logLevelExplicit: boolean;
}

/**
 * Reads `.env` and the environment, and makes the stderr logger. `quietLevel` applies when LOG_LEVEL
 * is not set (or blank): one-shot lookups stay quiet so their output is only the answer.
 * Throws ConfigError naming the bad variable.
 */
export function loadRuntime(io: CliIo, quietLevel: 'silent' | 'error' | 'warn' | 'info'): Runtime {
  const config = loadConfig(io.env, io.cwd);
  // Every verb's catalog (lookups, ingredient lists, compare, the shell, the service) leads with CARBON_BASIS.
  setDefaultBasis(config.CARBON_BASIS);
  const logLevelExplicit = (io.env.LOG_LEVEL ?? '').trim() !== '';
  const logger = createLogger({
    level: logLevelExplicit ? config.LOG_LEVEL : quietLevel,
    // The real stderr keeps pino's own file-descriptor writer, the fastest for the long-running verbs.
    destination: io.stderr === process.stderr ? undefined : io.stderr,
  });
  return { config, logger, logLevelExplicit };
}
