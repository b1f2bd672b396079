import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discordToken } from '../../src/adapters/discord/registration.js';
import { ConfigError, EnvSchema, loadConfig, parseConfig } from '../../src/config/env.js';

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({});
    expect(config.CARBON_SOURCE).toBe('auto');
    expect(config.CARBON_API_TIMEOUT_MS).toBe(8000);
    expect(config.CARBON_API_TRIAL_URL).toBe('https://trial.greenswapp.com');
    expect(config.CARBON_API_KEY).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.PORT).toBeUndefined();
    expect(config.CARBON_SERVICE_KEYS).toEqual([]);
    expect(discordToken(config)).toBeUndefined();
  });

  it('treats blank values as unset and trims the rest', () => {
    const config = parseConfig({ CARBON_API_KEY: '   ', SLACK_BOT_TOKEN: ' xoxb-1 ' });
    expect(config.CARBON_API_KEY).toBeUndefined();
    expect(config.SLACK_BOT_TOKEN).toBe('xoxb-1');
  });

  it.each(['', '   '])(
    'treats %j as unset for every variable with a default or an optional number',
    (blank) => {
      const config = parseConfig({
        CARBON_API_TIMEOUT_MS: blank,
        PORT: blank,
        CARBON_SOURCE: blank,
        LOG_LEVEL: blank,
        CARBON_API_BASE_URL: blank,
        CARBON_API_TRIAL_URL: blank,
        CARBON_SERVICE_KEYS: blank,
      });
      expect(config.CARBON_API_TIMEOUT_MS).toBe(8000);
      // Not 0: Number('') is 0, and PORT=0 would mean "any free port".
      expect(config.PORT).toBeUndefined();
      expect(config.CARBON_SOURCE).toBe('auto');
      expect(config.LOG_LEVEL).toBe('info');
      expect(config.CARBON_API_BASE_URL).toBeUndefined();
      expect(config.CARBON_API_TRIAL_URL).toBe('https://trial.greenswapp.com');
      expect(config.CARBON_SERVICE_KEYS).toEqual([]);
    },
  );

  it('trims the values it reads', () => {
    const config = parseConfig({
      CARBON_SOURCE: ' catalog ',
      LOG_LEVEL: 'debug ',
      PORT: ' 8080',
      CARBON_API_TIMEOUT_MS: ' 500 ',
    });
    expect(config).toMatchObject({
      CARBON_SOURCE: 'catalog',
      LOG_LEVEL: 'debug',
      PORT: 8080,
      CARBON_API_TIMEOUT_MS: 500,
    });
  });

  it('reads blank values in .env as unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carbon-env-'));
    try {
      writeFileSync(
        join(dir, '.env'),
        'CARBON_API_TIMEOUT_MS=\nPORT=\nCARBON_SOURCE=\nLOG_LEVEL=\nCARBON_API_KEY=\n',
      );
      const config = loadConfig({}, dir);
      expect(config).toMatchObject({ CARBON_API_TIMEOUT_MS: 8000, CARBON_SOURCE: 'auto', LOG_LEVEL: 'info' });
      expect(config.PORT).toBeUndefined();
      expect(config.CARBON_API_KEY).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([',', ' , ,, '])(
    'refuses CARBON_SERVICE_KEYS=%j, which holds no key, rather than generating one',
    (value) => {
      const error = (() => {
        try {
          parseConfig({ CARBON_SERVICE_KEYS: value });
        } catch (caught) {
          return caught as ConfigError;
        }
        throw new Error('expected a ConfigError');
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.problems).toEqual([expect.stringMatching(/^CARBON_SERVICE_KEYS: holds no key/)]);
    },
  );

  it.each(['CARBON_API_BASE_URL', 'CARBON_API_TRIAL_URL', 'SLACK_API_URL', 'DISCORD_API_URL'])(
    'says %s must be an http(s) URL, without echoing the value',
    (name) => {
      for (const value of ['ftp://x', 'file:///etc/passwd', 'not a url']) {
        try {
          parseConfig({ [name]: value });
          expect.unreachable();
        } catch (error) {
          expect((error as ConfigError).problems).toEqual([`${name}: must be an http(s) URL`]);
          expect((error as ConfigError).message).not.toContain(value);
        }
      }
    },
  );

  it('strips trailing slashes from URLs and refuses other protocols', () => {
    expect(parseConfig({ CARBON_API_BASE_URL: 'https://api.example.com/v1//' }).CARBON_API_BASE_URL).toBe(
      'https://api.example.com/v1',
    );
    expect(() => parseConfig({ CARBON_API_BASE_URL: 'ftp://example.com' })).toThrow(/CARBON_API_BASE_URL/);
  });

  it('splits service keys on commas', () => {
    expect(parseConfig({ CARBON_SERVICE_KEYS: ' a, b ,,c ' }).CARBON_SERVICE_KEYS).toEqual(['a', 'b', 'c']);
  });

  it('accepts DISCORD_BOT_TOKEN as an alias, DISCORD_TOKEN winning', () => {
    expect(discordToken(parseConfig({ DISCORD_BOT_TOKEN: 'b' }))).toBe('b');
    expect(discordToken(parseConfig({ DISCORD_BOT_TOKEN: 'b', DISCORD_TOKEN: 't' }))).toBe('t');
  });

  it.each([
    ['CARBON_API_TIMEOUT_MS', 'abc'],
    ['CARBON_API_TIMEOUT_MS', '50'],
    ['CARBON_SOURCE', 'database'],
    ['LOG_LEVEL', 'loud'],
    ['PORT', '70000'],
    ['PORT', '0x50'],
    ['PORT', '1e3'],
    ['HOST', 'not a host!'],
    ['HOST', 'http://example.com'],
    ['DISCORD_PUBLIC_KEY', 'not-hex'],
    ['DISCORD_APPLICATION_ID', '12ab'],
  ])('names %s when it is %j', (name, value) => {
    try {
      parseConfig({ [name]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain(name);
      expect((error as ConfigError).message).toContain(name);
    }
  });

  it('accepts IP addresses and host names for HOST', () => {
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'bot.example.com']) {
      expect(parseConfig({ HOST: host }).HOST).toBe(host);
    }
  });

  it('does not echo a bad HOST or PORT', () => {
    try {
      parseConfig({ HOST: 'bad host value', PORT: '0x50' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('bad host value');
      expect((error as Error).message).not.toContain('0x50');
    }
  });

  it('does not echo a bad value, which may be a secret', () => {
    const secret = 'zz-secret-public-key-value-zz';
    try {
      parseConfig({ DISCORD_PUBLIC_KEY: secret });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });
});

describe('loadConfig and .env', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'carbon-env-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads .env from the working directory', () => {
    writeFileSync(join(dir, '.env'), 'CARBON_SOURCE=catalog\nPORT=4123\n# comment\nLOG_LEVEL=debug\n');
    const env: NodeJS.ProcessEnv = {};
    const config = loadConfig(env, dir);
    expect(config.CARBON_SOURCE).toBe('catalog');
    expect(config.PORT).toBe(4123);
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('lets the real environment win over .env', () => {
    writeFileSync(join(dir, '.env'), 'CARBON_SOURCE=catalog\nPORT=4123\n');
    const config = loadConfig({ CARBON_SOURCE: 'api', CARBON_API_KEY: 'k' }, dir);
    expect(config.CARBON_SOURCE).toBe('api');
    expect(config.PORT).toBe(4123);
  });

  it('works without a .env file', () => {
    expect(loadConfig({ PORT: '1' }, dir).PORT).toBe(1);
  });

  it('reports a bad value from .env by name', () => {
    writeFileSync(join(dir, '.env'), 'CARBON_API_TIMEOUT_MS=abc\n');
    expect(() => loadConfig({}, dir)).toThrow(/CARBON_API_TIMEOUT_MS/);
  });
});

describe('documentation of the configuration', () => {
  const root = join(import.meta.dirname, '../..');
  const names = Object.keys(EnvSchema.shape);

  it('.env.example lists every variable, none with a value', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    for (const name of names) expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
    // Every assignment is commented out, so copying the file never sets a placeholder as a secret.
    expect(example).not.toMatch(/^[A-Z_]+=/m);
  });

  it('the README configuration table lists every variable', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of names) expect(readme).toMatch(new RegExp(`^\\| \`${name}\`\\s*\\|`, 'm'));
  });
});
