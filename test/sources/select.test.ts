import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/env.js';
import { SourceUnavailableError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { createLogger, silentLogger } from '../../src/logging/logger.js';
import { createSource } from '../../src/sources/select.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from '../support/fake-greenswapp.js';

const KEY = 'select-test-KEY-91c2d';
const emptyDir = () => mkdtempSync(join(tmpdir(), 'carbon-no-data-'));

describe('createSource', () => {
  let fake: FakeGreenSwapp;
  beforeAll(async () => {
    fake = await startFakeGreenSwapp({ apiKey: KEY });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('uses the built-in catalog by default, which also suggests names', async () => {
    const selected = createSource(parseConfig({}), silentLogger());
    expect(selected.source.id).toBe('catalog');
    expect(selected.suggester).not.toBeNull();
    expect(selected.suggester?.suggest('product', 'oat', 3).length).toBeGreaterThan(0);
    expect(selected.description).toMatch(/^built-in catalog \([\d,]+ products, [\d,]+ recipes\)$/);
    const result = await selected.source.lookupProduct('oat milk');
    expect(result.source.id).toBe('catalog');
    await selected.close();
  });

  it('auto picks the API when a key is set, and still offers catalog suggestions', async () => {
    const config = parseConfig({
      CARBON_API_KEY: KEY,
      CARBON_API_BASE_URL: fake.url,
      CARBON_API_TRIAL_URL: fake.url,
    });
    const selected = createSource(config, silentLogger());
    try {
      expect(selected.source.id).toBe('api');
      expect(selected.suggester).not.toBeNull();
      const result = await selected.source.lookupProduct('oat milk');
      expect(result.source.id).toBe('api');
      expect(fake.requests.at(-1)?.headers['x-api-key']).toBe(KEY);
      expect(selected.description).toContain('127.0.0.1');
      expect(selected.description).not.toContain(KEY);
    } finally {
      await selected.close();
    }
  });

  it('skips the catalog for an API source when no suggester is wanted', async () => {
    const selected = createSource(parseConfig({ CARBON_API_KEY: KEY }), silentLogger(), { suggester: false });
    expect(selected.source.id).toBe('api');
    expect(selected.suggester).toBeNull();
    expect(selected.description).toContain('trial');
    await selected.close();
  });

  it('CARBON_SOURCE=catalog ignores a key', async () => {
    const selected = createSource(
      parseConfig({ CARBON_SOURCE: 'catalog', CARBON_API_KEY: KEY }),
      silentLogger(),
    );
    expect(selected.source.id).toBe('catalog');
    await selected.close();
  });

  it('CARBON_SOURCE=api without a key is a configuration error naming CARBON_API_KEY', () => {
    expect(() => createSource(parseConfig({ CARBON_SOURCE: 'api' }), silentLogger())).toThrow(ConfigError);
    expect(() => createSource(parseConfig({ CARBON_SOURCE: 'api' }), silentLogger())).toThrow(
      /CARBON_API_KEY/,
    );
  });

  it('a key no HTTP header can carry is a configuration error, without echoing the key', () => {
    const key = 'clé-secrète-ünïcode';
    let error: unknown;
    try {
      createSource(parseConfig({ CARBON_SOURCE: 'api', CARBON_API_KEY: key }), silentLogger());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('CARBON_API_KEY');
    expect((error as Error).message).not.toContain(key);
  });

  it('shows only the host of an API URL, never credentials in it', () => {
    const config = parseConfig({
      CARBON_API_KEY: KEY,
      CARBON_API_BASE_URL: 'https://user:hunter2@api.example.com/v1',
    });
    const selected = createSource(config, silentLogger(), { suggester: false });
    expect(selected.description).toBe('GreenSwapp API at api.example.com');
    void selected.close();
  });

  it('without catalog data, lookups fail with a clear "not available" and the failure is logged', async () => {
    const lines: string[] = [];
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const selected = createSource(parseConfig({}), createLogger({ level: 'warn', destination: logs }), {
      dataDir: emptyDir(),
    });
    expect(selected.source.id).toBe('catalog');
    expect(selected.suggester).toBeNull();
    expect(selected.description).toContain('not available');
    for (const lookup of [
      () => selected.source.lookupProduct('oat milk'),
      () => selected.source.lookupRecipe('lasagne'),
    ]) {
      const error = await lookup().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SourceUnavailableError);
      expect(toErrorView(error).text).toBe(
        'Lookups are not available: the built-in catalog is not available.',
      );
    }
    expect(lines.join('')).toContain('the built-in catalog is not available');
    await selected.close();
  });

  it('without catalog data, the API still answers; only suggestions are missing', async () => {
    const config = parseConfig({
      CARBON_API_KEY: KEY,
      CARBON_API_BASE_URL: fake.url,
      CARBON_API_TRIAL_URL: fake.url,
    });
    const selected = createSource(config, silentLogger(), { dataDir: emptyDir() });
    try {
      expect(selected.source.id).toBe('api');
      expect(selected.suggester).toBeNull();
      expect((await selected.source.lookupRecipe('lasagne')).kind).toBe('recipe');
    } finally {
      await selected.close();
    }
  });
});
