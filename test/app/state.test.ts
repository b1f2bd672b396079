import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdapterContext, AdapterStarter } from '../../src/adapters/context.js';
import { type StartedApp, startApp } from '../../src/app/start.js';
import { parseConfig } from '../../src/config/env.js';
import { createLogger, silentLogger } from '../../src/logging/logger.js';
import { makeEmbeddedDataDir } from '../support/databases.js';
import { memorySource } from '../support/memory-source.js';

const selected = () => ({
  source: memorySource(),
  suggester: { suggest: () => ['oat milk'] },
  description: 'memory source',
  close: async () => {},
});

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** An adapter that hands its context out and serves one route, so the app listens. */
function capturing(seen: AdapterContext[]): AdapterStarter {
  return async (context) => {
    seen.push(context);
    context.http.route('POST', '/test', (_req, res) => {
      res.end('ok');
    });
    return { name: 'test', description: 'test adapter', stop: async () => {} };
  };
}

let running: StartedApp | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('carbon start’s state database', () => {
  it('opens the embedded database in CARBON_DATA_DIR once a platform runs, and keeps state across a restart', async () => {
    const dataDir = await makeEmbeddedDataDir();
    const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', CARBON_DATA_DIR: dataDir });
    const start = async (seen: AdapterContext[]) =>
      startApp({
        config,
        logger: silentLogger(),
        source: selected(),
        adapters: [capturing(seen)],
        output: sink(),
      });

    const first: AdapterContext[] = [];
    running = await start(first);
    await first[0]!.store.set('compare:kept', { options: ['dal', 'lasagne'] }, 60_000);
    const port = running.address!.port;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', catalog: 'ok' } });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain('# TYPE carbon_commands_total counter');
    await running.stop();

    const second: AdapterContext[] = [];
    running = await start(second);
    expect(await second[0]!.store.get('compare:kept')).toEqual({ options: ['dal', 'lasagne'] });
  });

  it('opens no database when no platform runs (the shell and an idle start keep no state)', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'carbon-idle-')), 'data');
    running = await startApp({
      config: parseConfig({ CARBON_DATA_DIR: dataDir }),
      logger: silentLogger(),
      source: selected(),
      adapters: [async () => null],
      output: sink(),
      interactive: false,
    });
    expect(running.mode).toBe('idle');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('does not start, and stops what started, when the database cannot be opened', async () => {
    const stopped: string[] = [];
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(line) },
    });
    const adapter: AdapterStarter = async () => ({
      name: 'test',
      description: 'test adapter',
      stop: async () => {
        stopped.push('test');
      },
    });
    await expect(
      startApp({
        config: parseConfig({ DATABASE_URL: 'postgres://carbon:s3cret-pw@127.0.0.1:1/carbon' }),
        logger,
        source: selected(),
        adapters: [adapter],
        output: sink(),
      }),
    ).rejects.toThrow(/cannot reach the PostgreSQL database in DATABASE_URL \(127\.0\.0\.1:1\/carbon\)/);
    expect(stopped).toEqual(['test']);
    expect(lines.join('')).not.toContain('s3cret-pw');
  });
});
