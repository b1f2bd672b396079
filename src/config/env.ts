import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';
import { z } from 'zod';

const optionalString = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalString
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional())
  .transform((value) => value?.replace(/\/+$/, ''));

/** A DNS host name (RFC 1123 labels), such as "localhost" or "bot.example.com". */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * A blank value (`PORT=` in a .env file, or spaces) means unset, so the schema's default applies;
 * anything else is trimmed before `schema` sees it.
 */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);

/**
 * Every environment variable the project reads, in one schema. `.env.example` documents each one.
 * Secrets are kept as plain strings here and must only ever be passed to the code that sends them.
 */
export const EnvSchema = z.object({
  CARBON_API_KEY: optionalString,
  CARBON_API_BASE_URL: optionalUrl,
  CARBON_API_TRIAL_URL: optionalUrl.transform((value) => value ?? 'https://trial.greenswapp.com'),
  CARBON_SOURCE: blankIsUnset(z.enum(['auto', 'api', 'catalog']).default('auto')),
  CARBON_API_TIMEOUT_MS: blankIsUnset(z.coerce.number().int().min(100).max(120_000).default(8_000)),
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
  CARBON_SERVICE_KEYS: optionalString.transform((value, context) => {
    if (value === undefined) return [];
    const keys = value
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    // Set but holding no key is a mistake; generating a key would hide it behind an open-looking
    // service that refuses every client the operator configured.
    if (keys.length === 0) {
      context.addIssue({
        code: 'custom',
        message:
          'holds no key, only commas or spaces; give comma-separated keys, or leave it unset to generate one',
      });
      return z.NEVER;
    }
    return keys;
  }),
  SLACK_BOT_TOKEN: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_APP_TOKEN: optionalString,
  SLACK_API_URL: optionalUrl,
  DISCORD_TOKEN: optionalString,
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hex public key from the Developer Portal')
      .optional(),
  ),
  DISCORD_APPLICATION_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{5,25}$/, 'must be a numeric id')
      .optional(),
  ),
  DISCORD_API_URL: optionalUrl,
  DISCORD_GUILD_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{5,25}$/, 'must be a numeric id')
      .optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** DISCORD_TOKEN, or DISCORD_BOT_TOKEN as an alias. */
  discordToken: string | undefined;
}

export class ConfigError extends Error {
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
  const config = parsed.data;
  return { ...config, discordToken: config.DISCORD_TOKEN ?? config.DISCORD_BOT_TOKEN };
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
