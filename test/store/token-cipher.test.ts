import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/env.js';
import {
  cipherFromConfig,
  parseEncryptionKey,
  TokenCipher,
  TokenDecryptionError,
} from '../../src/store/token-cipher.js';

const key = () => randomBytes(32);

describe('TokenCipher (AES-256-GCM)', () => {
  it('opens what it sealed, and the sealed text holds nothing of the token', () => {
    const cipher = new TokenCipher(key());
    const sealed = cipher.seal('xoxb-1234-secret-token', 'slack-installation:T:T1');
    expect(sealed).not.toContain('xoxb');
    expect(sealed).not.toContain(Buffer.from('xoxb-1234-secret-token').toString('base64'));
    expect(cipher.open(sealed, 'slack-installation:T:T1')).toBe('xoxb-1234-secret-token');
  });

  it('seals the same token differently each time (a fresh nonce)', () => {
    const cipher = new TokenCipher(key());
    expect(cipher.seal('same', 'c')).not.toBe(cipher.seal('same', 'c'));
  });

  it('refuses a value moved to another row, altered, or sealed under an unknown key', () => {
    const cipher = new TokenCipher(key());
    const sealed = cipher.seal('xoxb-token', 'slack-installation:T:T1');
    expect(() => cipher.open(sealed, 'slack-installation:T:T2')).toThrow(TokenDecryptionError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'slack-installation:T:T1')).toThrow(/failed authentication/);
    expect(() => new TokenCipher(key()).open(sealed, 'slack-installation:T:T1')).toThrow(
      /neither CARBON_ENCRYPTION_KEY nor in CARBON_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect(() => cipher.open('not sealed', 'x')).toThrow(TokenDecryptionError);
  });

  it('reads values under a previous key and seals only under the current one', () => {
    const old = key();
    const sealedOld = new TokenCipher(old).seal('xoxb-old', 'c');
    const rotated = new TokenCipher(key(), [old]);
    expect(rotated.open(sealedOld, 'c')).toBe('xoxb-old');
    expect(rotated.isCurrent(sealedOld)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('xoxb-new', 'c'))).toBe(true);
  });

  it('never puts key material in its messages', () => {
    const bytes = key();
    const cipher = new TokenCipher(bytes);
    const error = (() => {
      try {
        new TokenCipher(key()).open(cipher.seal('t', 'c'), 'c');
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).not.toContain(bytes.toString('base64'));
    expect(error?.message).not.toContain(bytes.toString('hex'));
  });
});

describe('CARBON_ENCRYPTION_KEY', () => {
  const valid = key().toString('base64');

  it('takes the base64 of 32 bytes, standard or URL-safe', () => {
    expect(parseEncryptionKey(valid)?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.from(valid, 'base64').toString('base64url'))?.length).toBe(32);
    expect(parseConfig({ CARBON_ENCRYPTION_KEY: valid }).CARBON_ENCRYPTION_KEY?.length).toBe(32);
  });

  it('refuses anything else at start-up, naming the variable and never the value', () => {
    for (const bad of [randomBytes(16).toString('base64'), `${valid.slice(0, -2)}!!`, 'hunter2-not-a-key']) {
      let message = '';
      try {
        parseConfig({ CARBON_ENCRYPTION_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/CARBON_ENCRYPTION_KEY: must be the base64 of 32 random bytes/);
      expect(message).not.toContain(bad);
    }
    expect(() => parseConfig({ CARBON_ENCRYPTION_KEY_PREVIOUS: `${valid},short` })).toThrow(
      /CARBON_ENCRYPTION_KEY_PREVIOUS: must be the base64 of 32 random bytes/,
    );
  });

  it('is required, by name, where tokens are stored', () => {
    expect(() => cipherFromConfig(parseConfig({}), 'Slack OAuth (SLACK_CLIENT_ID)')).toThrow(
      /CARBON_ENCRYPTION_KEY is not set, and Slack OAuth \(SLACK_CLIENT_ID\) needs it/,
    );
    const previous = key();
    const config = parseConfig({
      CARBON_ENCRYPTION_KEY: valid,
      CARBON_ENCRYPTION_KEY_PREVIOUS: previous.toString('base64'),
    });
    const sealedByPrevious = new TokenCipher(previous).seal('t', 'c');
    expect(cipherFromConfig(config, 'test').open(sealedByPrevious, 'c')).toBe('t');
  });
});
