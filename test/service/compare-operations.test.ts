import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toErrorView } from '../../src/core/messages.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import { Metrics } from '../../src/ops/metrics.js';
import { RateLimiter } from '../../src/ops/rate-limit.js';
import type { ServiceCompare } from '../../src/service/compare.js';
import { createService } from '../../src/service/index.js';
import { ROUTE_KINDS } from '../../src/service/respond.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import {
  compareServiceForFile,
  errorOf,
  getCompare,
  headersOnly,
  MENU,
  postMenu,
} from './compare-requests.js';
import { captureLogger, compareOver, startTestService } from './helpers.js';

const catalog = loadCatalog();
const svc = await compareServiceForFile(catalog);

describe('keys, limits and metrics', () => {
  it("counts /compare and /menu against the key's limit, with Retry-After, before the body is read", async () => {
    const limited = await startTestService(catalog, {
      limiter: new RateLimiter(new MemoryStateStore(), {
        rules: { serviceKey: { limit: 2, windowMs: 60_000, algorithm: 'fixed' } },
      }),
    });
    try {
      expect((await getCompare(limited, 'dal, lasagne')).status).toBe(200);
      expect((await postMenu(limited, MENU)).status).toBe(200);
      const refused = await postMenu(limited, MENU);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorOf(refused).code).toBe('rate_limited');
      expect((await getCompare(limited, 'dal, lasagne')).status).toBe(429);
      const early = await headersOnly(limited.port, {
        'x-api-key': limited.key,
        'content-type': 'text/plain',
        'content-length': '100000',
      });
      expect(early.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts each answer by kind and outcome', async () => {
    const before = await svc.get('/metrics', {});
    const count = (text: string, labels: string) =>
      Number(new RegExp(`carbon_commands_total\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const kinds = [
      ['platform="service",kind="compare",outcome="ok"', () => getCompare(svc, 'dal, lasagne')],
      ['platform="service",kind="compare",outcome="too_few"', () => getCompare(svc, 'dal, qqqzzx')],
      ['platform="service",kind="compare",outcome="invalid_input"', () => getCompare(svc, 'dal')],
      ['platform="service",kind="menu",outcome="ok"', () => postMenu(svc, MENU)],
      ['platform="service",kind="menu",outcome="invalid_input"', () => postMenu(svc, 'x'.repeat(300_000))],
      [
        'platform="service",kind="menu",outcome="api_key_refused"',
        () => postMenu(svc, MENU, 'text/plain', null),
      ],
    ] as const;
    for (const [, ask] of kinds) await ask();
    const after = (await svc.get('/metrics', {})).text;
    for (const [labels] of kinds) expect(count(after, labels) - count(before.text, labels)).toBe(1);
  });

  it('answers a failure on our side with a 500 that hides it, and logs it', async () => {
    const broken = await startTestService(throwingCatalog(new Error('index corrupt at /srv/secret/path')));
    try {
      for (const reply of [await getCompare(broken, 'dal, lasagne'), await postMenu(broken, MENU)]) {
        expect(reply.status).toBe(500);
        expect(errorOf(reply)).toMatchObject({ status: 500, code: 'internal' });
        expect(reply.text).not.toContain('secret');
      }
      expect(broken.lines.join('\n')).toContain('index corrupt at /srv/secret/path');
    } finally {
      await broken.close();
    }
  });
});

describe('a client that leaves', () => {
  it('stops the work it asked for, and logs no failure', async () => {
    const logged = captureLogger();
    const metered = new Metrics({ commandKinds: ROUTE_KINDS, processMetrics: false });
    let asked!: () => void;
    let aborted!: () => void;
    const started = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const seen = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    // Comparisons that answer only once their request is cancelled, as the chat handlers do.
    const waiting: ServiceCompare = {
      ...compareOver(catalog),
      text: (_text, { signal }) =>
        new Promise((resolve) => {
          asked();
          signal.addEventListener('abort', () => {
            aborted();
            resolve({ type: 'error', error: toErrorView(signal.reason) });
          });
        }),
    };
    const service = createService({
      catalog,
      compare: waiting,
      keys: ['k'],
      logger: logged.logger,
      metrics: metered,
    });
    const { port } = await service.listen(0, '127.0.0.1');
    try {
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('error', () => {});
      socket.write('GET /compare?options=dal%2C+lasagne HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n\r\n');
      await started;
      socket.destroy();
      await seen;
      await new Promise((resolve) => setImmediate(resolve));
      const levels = logged.lines.map((line) => (JSON.parse(line) as { level: number }).level);
      expect(levels.filter((level) => level >= 50)).toEqual([]);
      const exposition = await metered.registry.metrics();
      expect(exposition).toContain(
        'carbon_commands_total{platform="service",kind="compare",outcome="cancelled"} 1',
      );
    } finally {
      await service.close();
    }
  });
});
