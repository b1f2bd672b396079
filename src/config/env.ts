import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';
import { z } from 'zod';
import { registeredEnvShape, SOURCE_IDS } from './registry.js';
import { blankIsUnset, optionalString } from './schema.js';

/** A DNS host name (RFC 1123 labels), such as "localhost" or "bot.example.com". */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** What the process itself reads, whichever sources and adapters run. */
const processShape = {
  /** `auto` picks the API when CARBON_API_KEY is set (sources/select.ts); otherwise a source's id. */
  CARBON_SOURCE: blankIsUnset(z.enum(['auto', ...SOURCE_IDS]).default('auto')),
  LOG_LEVEL: blankIsUnset(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** The bot's shared HTTP server (Slack events, Discord interactions, health) or `carbon serve`. */
  // Digits only: Number() would read "0x50" as port 80 and "1e3" as 1000.
  PORT: blankIsUnset(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
      .transform(Number)
      .pipe(z.number().max(65_535, 'must be a whole number from 0 to 65535'))
      .optional(),
  ),
  HOST: optionalString.pipe(
    z
      .union([z.ipv4(), z.ipv6(), z.string().regex(HOST_NAME)], {
        error: 'must be an IP address or a host name',
      })
      .optional(),
  ),
};

/**
 * Every environment variable the project reads, in one schema: the process's own, then each source's
 * and adapter's from its registration (config/registry.ts). `.env.example` documents each one.
 * Secrets are kept as plain strings here and must only ever be passed to the code that sends them.
 */
export const EnvSchema = z.object({ ...processShape, ...registeredEnvShape() });

export type Env = z.infer<typeof EnvSchema>;

/** The validated environment. Each adapter reads its own variables (and aliases) from it. */
export type Config = Env;

export class ConfigError extends Error {
  static readonly code = 'config_error';
  readonly code = ConfigError.code;
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment. Messages name the variable but never echo its value, because the
 * value may be a secret.
 */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/**
 * Reads `.env` from the working directory when present (variables already set in the environment
 * win), then validates.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const file = resolve(cwd, '.env');
  if (existsSync(file)) dotenv.config({ path: file, processEnv: env, override: false, quiet: true });
  return parseConfig(env);
}
