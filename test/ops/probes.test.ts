import { describe, expect, it } from 'vitest';
import { Probes, standardChecks } from '../../src/ops/probes.js';

describe('Probes', () => {
  it('answers not ready, within its timeout, when a check hangs', async () => {
    const failures: string[] = [];
    const probes = new Probes([{ name: 'database', check: () => new Promise<void>(() => {}) }], {
      timeoutMs: 50,
      onFailure: (name, error) => failures.push(`${name}: ${(error as Error).message}`),
    });
    expect(await probes.ready()).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: 'failed' } },
    });
    expect(failures).toEqual(['database: database did not answer within 50 ms']);
    expect(probes.live().status).toBe(200);
  });

  it('checks the database and the catalog', async () => {
    let loaded = false;
    const probes = new Probes(
      standardChecks({ database: { ping: async () => {} }, catalogLoaded: () => loaded }),
    );
    expect((await probes.ready()).body.checks).toEqual({ database: 'ok', catalog: 'failed' });
    loaded = true;
    expect(await probes.ready()).toMatchObject({ status: 200, body: { status: 'ready' } });
    probes.markStopping();
    expect(await probes.ready()).toEqual({ status: 503, body: { status: 'stopping' } });
  });
});
