import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PLATFORM_STARTERS } from '../../src/app/platforms.js';
import { notConfiguredMessage } from '../../src/app/start.js';
import { usageText } from '../../src/cli/usage.js';
import { type Config, ConfigError, EnvSchema, parseConfig } from '../../src/config/env.js';
import {
  CHAT_PLATFORMS,
  REGISTRATIONS,
  SECRET_VARIABLES,
  SOURCE_IDS,
  SOURCES,
} from '../../src/config/registry.js';
import { SourceInfoSchema } from '../../src/core/result.js';
import { createLogger } from '../../src/logging/logger.js';

/** A valid value for each secret, distinct enough to find in any output. */
const SECRET_VALUES: Record<string, string> = {
  CARBON_API_KEY: 'cbn-secret-api-key-1a2b',
  SLACK_BOT_TOKEN: 'xoxb-secret-bot-3c4d',
  SLACK_SIGNING_SECRET: 'secret-signing-5e6f',
  SLACK_APP_TOKEN: 'xapp-secret-app-7a8b',
  SLACK_CLIENT_SECRET: 'slack-client-secret-3c4d',
  SLACK_STATE_SECRET: 'slack-state-secret-5e6f',
  DISCORD_TOKEN: 'secret-discord-token-9c0d',
  DISCORD_BOT_TOKEN: 'secret-discord-alias-1e2f',
  CARBON_SERVICE_KEYS: 'secret-service-key-3a4b,secret-service-key-5c6d',
  DATABASE_URL: 'postgres://carbon:secret-db-password-7e8f@db.example:5432/carbon',
  CARBON_ENCRYPTION_KEY: 'c2VjcmV0LWVuY3J5cHRpb24ta2V5LTMyLWJ5dGVzLSE=',
  CARBON_ENCRYPTION_KEY_PREVIOUS: 'cHJldmlvdXMtZW5jcnlwdGlvbi1rZXktMzItYnl0ZSE=',
};

describe('the registry of sources and adapters', () => {
  it('puts every registered variable into the one EnvSchema, each declared once', () => {
    const declared = REGISTRATIONS.flatMap((registration) => Object.keys(registration.env));
    expect(new Set(declared).size).toBe(declared.length);
    for (const name of declared) expect(Object.keys(EnvSchema.shape)).toContain(name);
  });

  it('derives CARBON_SOURCE from the registered sources', () => {
    expect(SOURCE_IDS).toEqual(SOURCES.map((source) => source.id));
    for (const id of SOURCE_IDS) {
      expect(parseConfig({ CARBON_SOURCE: id, CARBON_API_KEY: 'k' }).CARBON_SOURCE).toBe(id);
    }
    expect(() => parseConfig({ CARBON_SOURCE: 'slack' })).toThrow(ConfigError);
  });

  it('gives every registered source an id that core’s result model accepts', () => {
    // Core names no source: any registered id is a valid SourceInfo id.
    for (const id of SOURCE_IDS) expect(SourceInfoSchema.shape.id.safeParse(id).success).toBe(true);
  });

  it('keeps the types of each registration’s schema in Config', () => {
    expectTypeOf<Config['CARBON_SERVICE_KEYS']>().toEqualTypeOf<string[]>();
    expectTypeOf<Config['CARBON_API_TIMEOUT_MS']>().toEqualTypeOf<number>();
    expectTypeOf<Config['SLACK_BOT_TOKEN']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Config['CARBON_SOURCE']>().toEqualTypeOf<'auto' | 'catalog' | 'api'>();
  });

  it('names as secrets only variables its registration declares', () => {
    for (const registration of REGISTRATIONS) {
      for (const secret of registration.secrets) expect(Object.keys(registration.env)).toContain(secret);
    }
    expect([...SECRET_VARIABLES].sort()).toEqual(Object.keys(SECRET_VALUES).sort());
  });

  it('the logger redacts every registered secret from a logged config', () => {
    const config = parseConfig(SECRET_VALUES);
    let written = '';
    const destination = new Writable({
      write(chunk, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    createLogger({ level: 'info', destination }).info({ config }, 'configuration');
    expect(written).toContain('[redacted]');
    for (const value of Object.values(SECRET_VALUES).flatMap((value) => value.split(','))) {
      expect(written).not.toContain(value);
    }
  });

  it('carbon --help carries every registration’s help, and carbon start every chat platform’s', () => {
    const words = (text: string) => text.replace(/\s+/g, ' ');
    const usage = words(usageText());
    for (const registration of REGISTRATIONS) expect(usage).toContain(words(registration.help));
    const idle = notConfiguredMessage('built-in catalog');
    expect(CHAT_PLATFORMS.map((platform) => platform.id)).toEqual(['slack', 'discord']);
    for (const platform of CHAT_PLATFORMS) {
      expect(typeof PLATFORM_STARTERS[platform.id]).toBe('function');
      expect(idle).toContain(platform.help);
    }
  });

  it('the README configuration table marks exactly the registered secrets as secret', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const marked = [...readme.matchAll(/^\| `([A-Z_]+)`\s*\|[^\n]*\bsecret\s*\|$/gm)].map(
      (match) => match[1],
    );
    expect(marked.sort()).toEqual([...SECRET_VARIABLES].sort());
  });
});
