import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/config/env.js';
import { type RunningService, startService } from '../../src/service/index.js';
import { runModuleScript } from '../support/module-script.js';
import { captureLogger, send, serviceCompare } from './helpers.js';

const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
});

async function start(env: Record<string, string>) {
  const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', ...env });
  const { logger, lines } = captureLogger();
  const printed: string[] = [];
  // No catalog given: startService loads the built-in one, as `carbon serve` does.
  const service = await startService(config, logger, {
    print: (line) => printed.push(line),
    compare: serviceCompare(logger),
  });
  running.push(service);
  const port = Number(new URL(service.url).port);
  const lookup = (key?: string) =>
    send(port, '/recipe?recipe=lasagne', { headers: key === undefined ? {} : { 'x-api-key': key } });
  return { service, lines, printed, lookup };
}

describe('startService', () => {
  it('accepts the keys from CARBON_SERVICE_KEYS and prints nothing', async () => {
    const { printed, lookup, lines } = await start({ CARBON_SERVICE_KEYS: ' first-key , second-key ,' });
    expect(printed).toEqual([]);
    expect((await lookup('first-key')).status).toBe(200);
    expect((await lookup('second-key')).status).toBe(200);
    expect((await lookup('first-key , second-key')).status).toBe(401);
    expect((await lookup()).status).toBe(401);
    const log = lines.join('\n');
    expect(log).not.toContain('first-key');
    expect(log).not.toContain('second-key');
    expect(log).toContain('carbon serve listening');
  });

  it('generates a key when none is configured, prints it once, and accepts only it', async () => {
    const { printed, lookup, lines } = await start({});
    expect(printed).toHaveLength(1);
    const match = /generated API key for this run: ([A-Za-z0-9_-]{43})$/.exec(printed[0]!);
    expect(match).not.toBeNull();
    const key = match![1]!;
    expect((await lookup(key)).status).toBe(200);
    expect((await lookup(`${key}x`)).status).toBe(401);
    expect((await lookup()).status).toBe(401);
    expect(printed).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(key);
  });

  it('generates a different key on each start', async () => {
    const first = await start({});
    const second = await start({});
    expect(first.printed[0]).not.toBe(second.printed[0]);
  });

  it('listens on the configured host and reports its URL', async () => {
    const { service } = await start({ CARBON_SERVICE_KEYS: 'k' });
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(service.url).port)).toBeGreaterThan(0);
  });
});

describe('startService in its own process', () => {
  it('prints the generated key once on stdout and keeps it out of the log on stderr', async () => {
    const entry = new URL('../../src/service/index.ts', import.meta.url).href;
    const logging = new URL('../../src/logging/logger.ts', import.meta.url).href;
    const config = new URL('../../src/config/env.ts', import.meta.url).href;
    const compare = new URL('../../src/app/service-compare.ts', import.meta.url).href;
    const child = runModuleScript(`
      const { startService } = await import(${JSON.stringify(entry)});
      const { createLogger } = await import(${JSON.stringify(logging)});
      const { parseConfig } = await import(${JSON.stringify(config)});
      const { createServiceCompare } = await import(${JSON.stringify(compare)});
      const logger = createLogger({ level: 'debug' });
      await startService(parseConfig({ PORT: '0', HOST: '127.0.0.1' }), logger, {
        compare: (source) => createServiceCompare(source, logger),
      });`);
    try {
      // stdout and stderr are separate pipes: wait for both lines rather than assume an order.
      const { url, key } = await vi.waitFor(
        () => {
          if (child.exited()) throw new Error(`exited early: ${child.stderr()}`);
          const url = /"url":"(http:\/\/[^"]+)"/.exec(child.stderr())?.[1];
          const key = /generated API key for this run: (\S+)\n/.exec(child.stdout())?.[1];
          if (url === undefined || key === undefined) throw new Error('not started yet');
          return { url, key };
        },
        { timeout: 15_000, interval: 20 },
      );
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const port = Number(new URL(url).port);
      const ok = await send(port, '/recipe?recipe=lasagne', { headers: { 'x-api-key': key } });
      expect(ok.status).toBe(200);
      expect((await send(port, '/recipe?recipe=lasagne', { headers: { 'x-api-key': 'wrong' } })).status).toBe(
        401,
      );
      expect(child.stdout().match(/generated API key/g)).toHaveLength(1);
      // The request log line travels through the stderr pipe after the response; wait for it.
      await vi.waitFor(() => expect(child.stderr()).toContain('"msg":"request"'), {
        timeout: 5_000,
        interval: 20,
      });
      expect(child.stderr()).not.toContain(key);
    } finally {
      child.kill();
    }
  });
});
