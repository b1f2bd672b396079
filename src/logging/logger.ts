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

/**
 * Fields that carry what a user typed (a name, a command's or a menu's text, an upstream query built
 * from it). The project logs what was typed only at debug (README, "How the pieces fit"): it is the
 * users' words, not the operator's, and a warning or an error has its context without them (command,
 * kind, source, path, code). Dropped here, at the one place every log line passes through, so no call
 * site has to remember; `LOG_LEVEL=debug` keeps them.
 */
export const TYPED_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'text',
  'query',
  'input',
  'product',
  'recipe',
  'options',
]);

function withoutTypedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (!TYPED_FIELDS.has(key)) kept[key] = value;
  return kept;
}

function holdsTypedField(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || value instanceof Error) return false;
  return Object.keys(value).some((key) => TYPED_FIELDS.has(key));
}

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
      hooks: {
        // Typed fields go unless the logger is at debug or trace, on every line it writes then.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (!this.isLevelEnabled('debug') && holdsTypedField(first)) {
            return method.apply(this, [withoutTypedFields(first), ...rest] as Parameters<typeof method>);
          }
          return method.apply(this, args);
        },
      },
    },
    options.destination ?? pino.destination(2),
  );
}

/** A logger that writes nothing, for tests and quiet CLI runs. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
