import pino, { type Logger } from 'pino';
import { SECRET_VARIABLES } from '../config/registry.js';

export type { Logger } from 'pino';

/**
 * Paths pino censors wherever they appear in a log object. Secrets should never be logged in the
 * first place; this is the second line of defence. The configuration's secrets are whatever the
 * registered sources and adapters declare (config/registry.ts).
 */
const REDACT_PATHS = [
  'apiKey',
  'token',
  '*.apiKey',
  '*.token',
  '*.headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers["x-slack-signature"]',
  'headers["x-api-key"]',
  'headers.authorization',
  ...SECRET_VARIABLES.map((name) => `config.${name}`),
  // Config's alias of DISCORD_TOKEN (config/env.ts).
];

export interface LoggerOptions {
  level?: string;
  /** Defaults to stderr so that CLI output on stdout stays clean. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { app: 'carbon' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination(2),
  );
}

/** A logger that writes nothing, for tests and quiet CLI runs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
