import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import { Metrics } from '../../src/ops/metrics.js';
import { Probes } from '../../src/ops/probes.js';
import { BotHttpServer } from '../../src/server/bot-http.js';

const servers: BotHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: ConstructorParameters<typeof BotHttpServer>[1] = {}) {
  const server = new BotHttpServer(silentLogger(), options);
  servers.push(server);
  const { port } = await server.listen(0, '127.0.0.1');
  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    return {
      status: response.status,
      text: await response.text(),
      type: response.headers.get('content-type'),
    };
  };
  return { server, get };
}

describe('the bot server’s /livez, /readyz and /metrics', () => {
  it('is live and ready, then not ready once stopping, while still live; /healthz as before', async () => {
    const { server, get } = await start();
    expect(await get('/livez')).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    expect(await get('/readyz')).toMatchObject({ status: 200 });
    expect(await get('/healthz')).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    server.failReadiness();
    expect(await get('/readyz')).toMatchObject({ status: 503, text: '{"status":"stopping"}' });
    expect(await get('/healthz')).toMatchObject({ status: 503 });
    expect(await get('/livez')).toMatchObject({ status: 200 });
  });

  it('is not ready while a check fails (the database unreachable), and says which', async () => {
    let databaseUp = false;
    const probes = new Probes([
      {
        name: 'database',
        check: async () => {
          if (!databaseUp) throw new Error('connect ECONNREFUSED');
        },
      },
      { name: 'catalog', check: () => {} },
    ]);
    const { get } = await start({ probes });
    const down = await get('/readyz');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toEqual({
      status: 'not ready',
      checks: { database: 'failed', catalog: 'ok' },
    });
    expect(down.text).not.toContain('ECONNREFUSED');
    databaseUp = true;
    expect(JSON.parse((await get('/readyz')).text)).toEqual({
      status: 'ready',
      checks: { database: 'ok', catalog: 'ok' },
    });
  });

  it('serves the Prometheus exposition when given metrics, and 405 for other methods', async () => {
    const metrics = new Metrics({ commandKinds: ['product'], processMetrics: false });
    metrics.command('slack', 'product', 'ok', 0.12);
    const { get } = await start({ metrics });
    const exposition = await get('/metrics');
    expect(exposition.status).toBe(200);
    expect(exposition.type).toContain('text/plain');
    expect(exposition.text).toContain(
      'carbon_commands_total{platform="slack",kind="product",outcome="ok"} 1',
    );
    expect((await get('/livez', 'POST')).status).toBe(405);
  });

  it('has no /metrics without metrics, and does not count its own routes as adapters’ routes', async () => {
    const { server, get } = await start();
    expect((await get('/metrics')).status).toBe(404);
    // carbon start opens the server only when adapters added routes beyond /healthz.
    expect(server.routeCount).toBe(1);
  });
});
