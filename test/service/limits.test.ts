import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/env.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import { silentLogger } from '../../src/logging/logger.js';
import { Metrics } from '../../src/ops/metrics.js';
import { RateLimiter } from '../../src/ops/rate-limit.js';
import { type RunningService, startService } from '../../src/service/index.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { migrate } from '../../src/store/migrate.js';
import { describePostgres, openTestPostgres, type TestPostgres } from '../support/databases.js';
import { type RunningTestService, send, startTestService } from './helpers.js';

const catalog = loadCatalog();
const perMinute = (limit: number) => ({
  serviceKey: { limit, windowMs: 60_000, algorithm: 'fixed' as const },
});

describe('carbon serve’s limit per client key', () => {
  const running: RunningTestService[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((svc) => svc.close()));
  });

  it('answers 429 with Retry-After once a key is over its limit, shared by replicas on one store; keys are apart', async () => {
    const store = new MemoryStateStore();
    const metrics = new Metrics({ commandKinds: ['product', 'recipe'], processMetrics: false });
    const options = { keys: ['key-a', 'key-b'], limiter: new RateLimiter(store, { rules: perMinute(3) }) };
    const one = await startTestService(catalog, { ...options, metrics });
    const two = await startTestService(catalog, options);
    running.push(one, two);
    const ask = (svc: RunningTestService, key: string) =>
      send(svc.port, '/recipe?recipe=lasagne', { headers: { 'x-api-key': key } });

    expect((await ask(one, 'key-a')).status).toBe(200);
    expect((await ask(two, 'key-a')).status).toBe(200);
    expect((await ask(one, 'key-a')).status).toBe(200);
    const refused = await ask(two, 'key-a');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: {
        status: 429,
        code: 'rate_limited',
        message: `Slow down: this key has sent more requests than it may in a minute. Try again in ${refused.headers['retry-after']} s.`,
        suggestions: [],
      },
    });
    expect((await ask(one, 'key-b')).status).toBe(200);
    expect((await ask(one, 'key-a')).status).toBe(429);
    // The key itself is never what is counted: only its hash is in the store.
    expect(JSON.stringify(await store.get('rate:serviceKey:key-a'))).toBe('null');

    const exposition = await (await fetch(`http://127.0.0.1:${one.port}/metrics`)).text();
    expect(exposition).toContain('carbon_commands_total{platform="service",kind="recipe",outcome="ok"} 3');
    expect(exposition).toContain(
      'carbon_commands_total{platform="service",kind="recipe",outcome="rate_limited"} 1',
    );
    expect(exposition).not.toContain('key-a');
  });

  it('answers when the limiter fails or hangs, rather than failing every client', async () => {
    for (const take of [
      async () => {
        throw new Error('database unreachable');
      },
      () => new Promise<never>(() => {}),
    ]) {
      const svc = await startTestService(catalog, { limiter: { take } });
      running.push(svc);
      expect((await svc.get('/product?product=oat+milk')).status).toBe(200);
    }
  });
});

describe('startService and its limits', () => {
  let service: RunningService | null = null;
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  it('limits each key in this process when there is no DATABASE_URL, and turns the limit off at 0', async () => {
    const config = (limit: string) =>
      parseConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        CARBON_SERVICE_KEYS: 'k1',
        CARBON_LIMIT_SERVICE_KEY_PER_MINUTE: limit,
      });
    service = await startService(config('2'), silentLogger(), { catalog, print: () => {} });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await fetch(`${service.url}/recipe?recipe=dal`, { headers: { 'x-api-key': 'k1' } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    await service.close();

    service = await startService(config('0'), silentLogger(), { catalog, print: () => {} });
    for (let i = 0; i < 5; i++) {
      expect(
        (await fetch(`${service.url}/recipe?recipe=dal`, { headers: { 'x-api-key': 'k1' } })).status,
      ).toBe(200);
    }
  });
});

describePostgres('carbon serve replicas on one PostgreSQL', () => {
  let server: TestPostgres;
  const services: RunningService[] = [];
  beforeAll(async () => {
    server = await openTestPostgres();
    await migrate(server.db);
  });
  afterAll(async () => {
    await Promise.all(services.map((svc) => svc.close()));
    await server?.cleanup();
  });

  it('share each key’s limit through DATABASE_URL, and are ready while the database answers', async () => {
    const config = parseConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      CARBON_SERVICE_KEYS: 'shared-key',
      CARBON_LIMIT_SERVICE_KEY_PER_MINUTE: '4',
      DATABASE_URL: server.url,
    });
    for (let i = 0; i < 2; i++)
      services.push(await startService(config, silentLogger(), { catalog, print: () => {} }));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const svc = services[i % 2]!;
      statuses.push(
        (await fetch(`${svc.url}/product?product=oat+milk`, { headers: { 'x-api-key': 'shared-key' } }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const ready = await fetch(`${services[0]!.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', catalog: 'ok' } });
  });
});
