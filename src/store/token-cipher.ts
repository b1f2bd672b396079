import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { ENCRYPTION_KEY_HELP, KEY_BYTES } from './registration.js';

export { ENCRYPTION_KEY_HELP, KEY_BYTES, parseEncryptionKey } from './registration.js';

/**
 * Tokens at rest: AES-256-GCM (node:crypto) with the key in CARBON_ENCRYPTION_KEY. Each sealed value
 * names the key that sealed it, so keys can be rotated: the new key goes in CARBON_ENCRYPTION_KEY,
 * the old one in CARBON_ENCRYPTION_KEY_PREVIOUS (still read, never written), and the re-encryption
 * step (store/reencrypt.ts) moves every row to the new key, after which the old one can go.
 *
 * A sealed value is bound to its place (the `context`, e.g. the installation's id) as GCM's
 * additional data: a token copied into another workspace's row does not decrypt there.
 */

/** GCM's recommended nonce length (NIST SP 800-38D §8.2); random, never reused with one key in practice. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** A stored value could not be decrypted; says why without any of the value or key. */
export class TokenDecryptionError extends Error {
  static readonly code = 'token_decryption_failed';
  readonly code = TokenDecryptionError.code;
  constructor(message: string) {
    super(message);
    this.name = 'TokenDecryptionError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

/**
 * The key's public name: an HMAC of a fixed label under the key, so the id tells which key sealed a
 * value without revealing anything about the key.
 */
function keyId(bytes: Buffer): string {
  return createHmac('sha256', bytes).update('carbon encryption key id').digest('base64url').slice(0, 11);
}

export class TokenCipher {
  private readonly current: Key;
  private readonly byId: ReadonlyMap<string, Key>;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES) throw new RangeError(`an encryption key must be ${KEY_BYTES} bytes`);
    }
    const keys = [current, ...previous].map((bytes) => ({ id: keyId(bytes), bytes: Buffer.from(bytes) }));
    this.current = keys[0]!;
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }

  /** The id of the key new values are sealed with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, this.current.id, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, context: string): string {
    const [format, id, iv, body] = sealed.split('.');
    if (format !== FORMAT || id === undefined || iv === undefined || body === undefined) {
      throw new TokenDecryptionError('a stored secret is not in the expected sealed format');
    }
    const key = this.byId.get(id);
    if (key === undefined) {
      throw new TokenDecryptionError(
        `a stored secret was sealed with key ${id}, which is neither CARBON_ENCRYPTION_KEY nor in CARBON_ENCRYPTION_KEY_PREVIOUS`,
      );
    }
    const bytes = Buffer.from(body, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new TokenDecryptionError(
        `a stored secret failed authentication under key ${id}: altered, or moved from another row`,
      );
    }
  }

  /** Whether `sealed` is under the current key (the re-encryption step skips those). */
  isCurrent(sealed: string): boolean {
    return sealed.split('.')[1] === this.current.id;
  }
}

export interface EncryptionEnv {
  CARBON_ENCRYPTION_KEY?: Buffer | undefined;
  CARBON_ENCRYPTION_KEY_PREVIOUS?: readonly Buffer[] | undefined;
}

/** The cipher the configuration describes; `purpose` says what needs it when the key is missing. */
export function cipherFromConfig(config: EncryptionEnv, purpose: string): TokenCipher {
  if (config.CARBON_ENCRYPTION_KEY === undefined) {
    throw new Error(`CARBON_ENCRYPTION_KEY is not set, and ${purpose} needs it: it ${ENCRYPTION_KEY_HELP}`);
  }
  return new TokenCipher(config.CARBON_ENCRYPTION_KEY, config.CARBON_ENCRYPTION_KEY_PREVIOUS ?? []);
}
