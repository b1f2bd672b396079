import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from 'pino';

/**
 * Slack tokens and signing-secret-like strings. Bolt and the Web API client log request details at
 * debug level; this scrub is the guarantee that none of them (nor a response_url, below) reaches
 * our logs whatever Bolt prints.
 */
const SECRET_PATTERN = /\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]+/g;

/**
 * response_url values: short-lived credentials that let anyone post as the app to the user who
 * asked. The Socket Mode client logs whole envelopes at debug level, so they are scrubbed in every
 * encoding they reach a log in: a JSON value (`"response_url":"…"`, with `\/` escapes or inside a
 * JSON-encoded string), a form field (`response_url=…`) and any bare hooks.slack.com URL.
 */
const RESPONSE_URL_JSON = /(response_url\\*"\s*:\s*\\*")(?:[^"\\]|\\\/)*/g;
const RESPONSE_URL_FORM = /(response_url=)[^&\s"]*/g;
const SLACK_HOOK_URL = /https?:(?:\\*\/|%2F){2}hooks\.slack\.com[^\s"'<>&]*/gi;

/**
 * The payload's `token` field: Slack's legacy verification token, a long-lived shared secret that
 * slash command and interaction payloads still carry. Socket Mode logs whole envelopes at debug
 * level, so it is scrubbed in the same encodings as response_url: a JSON value (also inside a
 * JSON-encoded string, where its quotes are escaped) and a form field. Only the key `token` itself:
 * the quote before it (JSON) or the lookbehind (form) keep `bot_token`, `tokens`… out of it.
 */
const TOKEN_JSON = /(\\*"token\\*"\s*:\s*\\*")(?:[^"\\]|\\[^"])*/g;
const TOKEN_FORM = /((?<![\w-])token=)[^&\s"\\]*/g;

/**
 * The OAuth install's authorisation code: single-use and useless without the client secret, yet a
 * credential for the minutes it lives. The Web API client logs oauth.v2.access's body at debug
 * level (JSON), and a redirect URL carries it as a query parameter. Only the key `code` itself.
 */
const OAUTH_CODE_JSON = /(\\*"code\\*"\s*:\s*\\*")(?:[^"\\]|\\[^"])*/g;
const OAUTH_CODE_QUERY = /([?&]code=)[^&\s"#]*/g;

export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let clean = text
    .replace(SECRET_PATTERN, '[redacted]')
    .replace(RESPONSE_URL_JSON, '$1[redacted]')
    .replace(RESPONSE_URL_FORM, '$1[redacted]')
    .replace(TOKEN_JSON, '$1[redacted]')
    .replace(TOKEN_FORM, '$1[redacted]')
    .replace(OAUTH_CODE_JSON, '$1[redacted]')
    .replace(OAUTH_CODE_QUERY, '$1[redacted]')
    .replace(SLACK_HOOK_URL, '[redacted]');
  for (const secret of secrets) if (secret.length >= 8) clean = clean.split(secret).join('[redacted]');
  return clean;
}

function stringify(parts: unknown[], secrets: readonly string[]): string {
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part instanceof Error) return `${part.name}: ${part.message}`;
      try {
        return JSON.stringify(part);
      } catch {
        return String(part);
      }
    })
    .join(' ');
  return scrubSecrets(text, secrets);
}

/**
 * Bolt's logger interface on top of a pino child. The level is pino's: Bolt's setLevel is ignored so
 * that LOG_LEVEL alone decides what is printed.
 */
export function boltLogger(parent: Logger, secrets: readonly string[], name = 'slack'): BoltLogger {
  let logger = parent.child({ component: name });
  return {
    debug: (...parts: unknown[]) => logger.debug(stringify(parts, secrets)),
    info: (...parts: unknown[]) => logger.info(stringify(parts, secrets)),
    warn: (...parts: unknown[]) => logger.warn(stringify(parts, secrets)),
    error: (...parts: unknown[]) => logger.error(stringify(parts, secrets)),
    setLevel: () => {},
    getLevel: () => {
      switch (logger.level) {
        case 'trace':
        case 'debug':
          return LogLevel.DEBUG;
        case 'info':
          return LogLevel.INFO;
        case 'warn':
          return LogLevel.WARN;
        default:
          return LogLevel.ERROR;
      }
    },
    setName: (next: string) => {
      logger = parent.child({ component: `${name}:${next}` });
    },
  };
}
