import envPaths from 'env-paths';
import { z } from 'zod';
import { defineRegistration } from '../config/registration.js';
import { optionalString } from '../config/schema.js';

/** AES-256: 32 bytes. */
export const KEY_BYTES = 32;

/** Base64 (standard or URL-safe, padding optional) of exactly 32 bytes, or null. */
export function parseEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export const ENCRYPTION_KEY_HELP =
  'must be the base64 of 32 random bytes (make one with `openssl rand -base64 32`)';

const encryptionKey = (value: string | undefined, context: z.RefinementCtx): Buffer | undefined => {
  if (value === undefined) return undefined;
  const key = parseEncryptionKey(value);
  if (key === null) {
    context.addIssue({ code: 'custom', message: ENCRYPTION_KEY_HELP });
    return z.NEVER;
  }
  return key;
};

/**
 * Where state lives (comparisons behind buttons, votes, idempotence claims, limits, cool-downs, Slack
 * installations): the embedded database in CARBON_DATA_DIR, or PostgreSQL at DATABASE_URL for more
 * than one replica. Tokens stored there are encrypted with CARBON_ENCRYPTION_KEY.
 */
export const storeRegistration = defineRegistration({
  id: 'store',
  kind: 'state',
  label: 'state database',
  env: {
    /** postgres://user:password@host:port/database; unset, the embedded database is used. */
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    /** The embedded database's directory; see defaultDataDir. */
    CARBON_DATA_DIR: optionalString,
    /** Base64 of 32 bytes: seals tokens at rest (store/token-cipher.ts). */
    CARBON_ENCRYPTION_KEY: optionalString.transform(encryptionKey),
    /** Comma-separated former keys, read to decrypt until the re-encryption step has run. */
    CARBON_ENCRYPTION_KEY_PREVIOUS: optionalString.transform((value, context) => {
      if (value === undefined) return [];
      const keys = value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '');
      return keys.map((key) => encryptionKey(key, context) ?? Buffer.alloc(0));
    }),
  },
  secrets: ['DATABASE_URL', 'CARBON_ENCRYPTION_KEY', 'CARBON_ENCRYPTION_KEY_PREVIOUS'],
  help: `State (buttons, votes, limits, Slack installations) is kept in an embedded database under CARBON_DATA_DIR (default ${defaultDataDir()}); set DATABASE_URL to share a PostgreSQL database between replicas. CARBON_ENCRYPTION_KEY encrypts stored tokens.`,
});

/**
 * The per-user data directory of the platform ($XDG_DATA_HOME/carbon, ~/.local/share/carbon on Linux;
 * ~/Library/Application Support/carbon on macOS; %LOCALAPPDATA%\carbon\Data on Windows): the same
 * wherever `carbon start` is run from, outside any clone (a fresh clone or `git clean` loses
 * nothing), and where operators look for an application's data. Containers set CARBON_DATA_DIR to a
 * mounted volume instead (Dockerfile).
 */
export function defaultDataDir(): string {
  return envPaths('carbon', { suffix: '' }).data;
}
