/**
 * The built `carbon` executable as a user runs it: a real process, real exit codes, real signals.
 * Everything else about the CLI is tested in process (main.test.ts), through the same `main`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeEmbeddedDataDir } from '../support/databases.js';
import { ensureBuilt, runCli, startCli } from './run-cli.js';

const CATALOG = { CARBON_SOURCE: 'catalog' };

beforeAll(() => {
  ensureBuilt();
}, 120_000);

// Each test is its own process on its own port, so they run side by side.
describe.concurrent('dist/cli/main.js', () => {
  it('--help prints usage on stdout and exits 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('carbon product <name>');
    expect(run.stderr).toBe('');
  });

  it('a lookup prints the answer on stdout and exits 0', async () => {
    const run = await runCli(['product', 'oat', 'milk'], { env: CATALOG });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/kg CO2e per litre · (low|medium|high) ▮/);
  });

  it('exits 2 for a name not found and 1 for a configuration error', async () => {
    const [notFound, badConfig] = await Promise.all([
      runCli(['product', 'xqzvw', '--json'], { env: CATALOG }),
      runCli(['product', 'oat milk'], { env: { CARBON_API_TIMEOUT_MS: 'abc' } }),
    ]);
    expect(notFound.code).toBe(2);
    expect(JSON.parse(notFound.stderr)).toMatchObject({ error: { code: 'not_found' } });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('CARBON_API_TIMEOUT_MS');
  });

  it('carbon shell answers lines piped to it and exits 0 at the end of input', async () => {
    const run = await runCli(['shell'], { env: CATALOG, input: 'product oat milk\nrecipe lasagne\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('kg CO2e per litre');
    expect(run.stdout).toContain('kg CO2e per serving');
    expect(run.stdout).not.toContain('carbon> ');
  });
});

describe.concurrent('the long-running verbs stop on signals', () => {
  it('start listens when an adapter needs HTTP, serves /healthz, and exits 0 on SIGTERM', async () => {
    const cli = startCli(['start'], {
      env: {
        ...CATALOG,
        PORT: '0',
        HOST: '127.0.0.1',
        DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
        CARBON_DATA_DIR: await makeEmbeddedDataDir(),
      },
    });
    const match = await cli.waitFor(/"port":(\d+)/);
    const port = Number(match[1]);
    expect(port).toBeGreaterThan(0);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const run = await cli.stop('SIGTERM');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Discord (HTTP interactions');
    expect(run.stderr).toContain('shutting down');
  });

  it('serve answers with a configured key and exits 0 on SIGINT', async () => {
    const cli = startCli(['serve'], {
      env: { PORT: '0', HOST: '127.0.0.1', CARBON_SERVICE_KEYS: 'svc-key-1' },
    });
    const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)/);
    const response = await fetch(`${url}/recipe?recipe=lasagne`, { headers: { 'x-api-key': 'svc-key-1' } });
    expect(response.status).toBe(200);
    const run = await cli.stop('SIGINT');
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('svc-key-1');
  });
});
