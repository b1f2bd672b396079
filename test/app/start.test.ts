import { createServer } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../../src/adapters/context.js';
import { type StartedApp, startApp } from '../../src/app/start.js';
import { parseConfig } from '../../src/config/env.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import { createLogger } from '../../src/logging/logger.js';
import type { SelectedSource } from '../../src/sources/select.js';
import { memorySource } from '../support/memory-source.js';

/** The in-memory source as a selected source, with a close counter standing in for the API's sockets. */
function memorySelected(): SelectedSource & { closed: number } {
  const selected = {
    source: memorySource(),
    suggester: { suggest: () => ['oat milk'] },
    description: 'memory source',
    closed: 0,
    async close() {
      selected.closed += 1;
    },
  };
  return selected;
}

/** Collects everything written, for asserting on banners and on logs. */
function sink(): Writable & { text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  }) as Writable & { text(): string };
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  return stream;
}

/** An adapter that records its lifecycle into `events`; `route` adds an HTTP route like the Slack HTTP mode. */
function recordingAdapter(
  name: string,
  events: string[],
  options: { route?: string; fail?: Error; seen?: AdapterContext[] } = {},
): AdapterStarter {
  return async (context) => {
    options.seen?.push(context);
    if (options.fail) throw options.fail;
    if (options.route) {
      context.http.route('POST', options.route, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} ok`);
      });
    }
    events.push(`start ${name}`);
    const adapter: RunningAdapter = {
      name,
      description: `${name} (test)`,
      stop: async () => {
        events.push(`stop ${name}`);
      },
    };
    return adapter;
  };
}

const notConfigured: AdapterStarter = async () => null;

let running: StartedApp | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('startApp with adapters', () => {
  it('listens when an adapter adds a route, serves it and /healthz, and stops everything in reverse', async () => {
    const events: string[] = [];
    const logs = sink();
    const selected = memorySelected();
    const seen: AdapterContext[] = [];
    running = await startApp({
      config: parseConfig({ PORT: '0', HOST: '127.0.0.1', SLACK_BOT_TOKEN: 'xoxb-very-secret-token' }),
      logger: createLogger({ level: 'info', destination: logs }),
      source: selected,
      store: new MemoryStateStore(),
      adapters: [recordingAdapter('slack', events, { route: '/slack/events', seen }), notConfigured],
      output: sink(),
    });
    expect(running.mode).toBe('bot');
    expect(running.adapters.map((adapter) => adapter.name)).toEqual(['slack']);
    expect(seen[0]?.services.source).toBe(selected.source);
    expect(seen[0]?.suggester).toBe(selected.suggester);
    const port = running.address?.port;
    expect(port).toBeGreaterThan(0);

    const route = await fetch(`http://127.0.0.1:${port}/slack/events`, { method: 'POST' });
    expect(await route.text()).toBe('slack ok');
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });

    expect(logs.text()).toContain('slack (test)');
    expect(logs.text()).not.toContain('xoxb-very-secret-token');

    await running.stop();
    await running.done;
    expect(events).toEqual(['start slack', 'stop slack']);
    expect(selected.closed).toBe(1);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('fails readiness first: /healthz answers 503 while the adapters are still stopping', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStop: AdapterStarter = async (context) => {
      context.http.route('POST', '/slack/events', (_req, res) => {
        res.end();
      });
      return { name: 'slow', description: 'slow (test)', stop: () => held };
    };
    running = await startApp({
      config: parseConfig({ PORT: '0', HOST: '127.0.0.1' }),
      logger: createLogger({ level: 'silent', destination: sink() }),
      source: memorySelected(),
      store: new MemoryStateStore(),
      adapters: [slowStop],
      output: sink(),
    });
    const port = running.address?.port;
    const stopping = running.stop();
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'stopping' });
    release();
    await stopping;
  });

  it('does not open a port when no adapter needs one, and stops adapters last-started first', async () => {
    const events: string[] = [];
    running = await startApp({
      config: parseConfig({ PORT: '0', HOST: '127.0.0.1' }),
      logger: createLogger({ level: 'silent' }),
      source: memorySelected(),
      store: new MemoryStateStore(),
      adapters: [recordingAdapter('slack', events), recordingAdapter('discord', events)],
      output: sink(),
    });
    expect(running.address).toBeNull();
    await running.stop();
    await running.stop(); // idempotent
    expect(events).toEqual(['start slack', 'start discord', 'stop discord', 'stop slack']);
  });

  it('stops what already started and closes the source when an adapter fails to start', async () => {
    const events: string[] = [];
    const selected = memorySelected();
    await expect(
      startApp({
        config: parseConfig({}),
        logger: createLogger({ level: 'silent' }),
        source: selected,
        store: new MemoryStateStore(),
        adapters: [
          recordingAdapter('slack', events),
          recordingAdapter('discord', events, { fail: new Error('bad token') }),
        ],
        output: sink(),
      }),
    ).rejects.toThrow('bad token');
    expect(events).toEqual(['start slack', 'stop slack']);
    expect(selected.closed).toBe(1);
  });

  it('fails cleanly when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const events: string[] = [];
    const selected = memorySelected();
    try {
      await expect(
        startApp({
          config: parseConfig({ PORT: String(port), HOST: '127.0.0.1' }),
          logger: createLogger({ level: 'silent' }),
          source: selected,
          store: new MemoryStateStore(),
          adapters: [recordingAdapter('slack', events, { route: '/slack/events' })],
          output: sink(),
        }),
      ).rejects.toThrow(/EADDRINUSE/);
      expect(events).toEqual(['start slack', 'stop slack']);
      expect(selected.closed).toBe(1);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('startApp with nothing configured', () => {
  it('without a terminal, says nothing is configured and how to connect, then finishes', async () => {
    const output = sink();
    const selected = memorySelected();
    running = await startApp({
      config: parseConfig({}),
      logger: createLogger({ level: 'silent' }),
      source: selected,
      adapters: [notConfigured, notConfigured],
      output,
      interactive: false,
    });
    await running.done;
    expect(running.mode).toBe('idle');
    const text = output.text();
    expect(text).toContain('no chat platform is configured');
    expect(text).toContain('docs/slack.md');
    expect(text).toContain('docs/discord.md');
    expect(text).toContain('memory source');
    expect(selected.closed).toBe(1);
  });

  it('in a terminal, opens the local shell with a banner and closes the source when it ends', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const selected = memorySelected();
    let quietened = false;
    running = await startApp({
      config: parseConfig({}),
      logger: createLogger({ level: 'silent' }),
      source: selected,
      adapters: [notConfigured],
      input,
      output,
      interactive: true,
      beforeShell: () => {
        quietened = true;
      },
    });
    expect(running.mode).toBe('shell');
    expect(quietened).toBe(true);
    input.write('/carbon product oat milk\r');
    input.write('exit\r');
    await running.done;
    expect(text).toContain('carbon local shell');
    expect(text).toContain('memory source');
    expect(text).toContain('docs/slack.md');
    expect(text).toContain('0.3 kg CO2e per litre');
    expect(selected.closed).toBe(1);
  });

  it('stop() ends the local shell and closes the source', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const selected = memorySelected();
    const app = await startApp({
      config: parseConfig({}),
      logger: createLogger({ level: 'silent' }),
      source: selected,
      adapters: [notConfigured],
      input,
      output,
      interactive: true,
    });
    expect(app.mode).toBe('shell');
    await app.stop();
    await app.done;
    expect(selected.closed).toBe(1);
    expect(input.writableEnded).toBe(false);
  });
});
