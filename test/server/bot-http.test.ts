import { randomBytes } from 'node:crypto';
import { type ClientRequest, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { interactionsRoute } from '../../src/adapters/discord/http.js';
import { createSignatureVerifier } from '../../src/adapters/discord/signature.js';
import { MAX_BODY_BYTES, slackEventsRoute } from '../../src/adapters/slack/http-route.js';
import { silentLogger } from '../../src/logging/logger.js';
import { type BotHttpOptions, BotHttpServer } from '../../src/server/bot-http.js';
import { BodyBudget, UNVERIFIED_BODIES } from '../../src/server/unverified-body.js';

const servers: BotHttpServer[] = [];
const clients: ClientRequest[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A bot server with a Slack and a Discord route whose handlers record whether they were reached. */
async function startServer(budget?: BodyBudget, options: BotHttpOptions = {}) {
  const reached: string[] = [];
  const server = new BotHttpServer(silentLogger(), options);
  server.route(
    'POST',
    '/slack/events',
    slackEventsRoute(
      (_req, res) => {
        reached.push('slack');
        res.writeHead(401).end();
      },
      silentLogger(),
      undefined,
      budget,
    ),
  );
  server.route(
    'POST',
    '/discord/interactions',
    interactionsRoute({
      verify: createSignatureVerifier(randomBytes(32).toString('hex')),
      handler: async () => {
        reached.push('discord');
        return null;
      },
      rest: {} as never,
      logger: silentLogger(),
      budget,
    }),
  );
  servers.push(server);
  const address = await server.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${address.port}`, reached };
}

/**
 * POSTs a chunked body with a bogus signature, `bytes` long, and never ends it (as a hostile client
 * would); resolves with the status once the bot answers.
 */
function sendUnended(url: string, bytes: number): { status: Promise<number | null>; sent: Promise<void> } {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const status = new Promise<number | null>((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-slack-signature': 'v0=0',
        'x-signature-ed25519': '0'.repeat(128),
        'x-signature-timestamp': String(Math.floor(Date.now() / 1000)),
      },
    });
    clients.push(req);
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('error', () => resolve(null));
    req.write(Buffer.alloc(bytes, 'a'), () => markSent());
  });
  return { status, sent };
}

describe('unverified request bodies (issue #9 fault)', () => {
  it('refuses a Slack body over 128 KiB with 413, without reaching Bolt', async () => {
    const { url, reached } = await startServer();
    // Under the old 1 MiB limit this body was held, waiting for an end that never comes.
    const { status } = sendUnended(`${url}/slack/events`, 200 * 1024);
    expect(MAX_BODY_BYTES).toBeLessThan(200 * 1024);
    expect(await status).toBe(413);
    expect(reached).toEqual([]);
  });

  it.each(['/slack/events', '/discord/interactions'])(
    'bounds what unverified bodies hold together on %s: past the budget, 503 at once',
    async (path) => {
      // Bodies of 40 KiB, under both routes' own limits; the budget holds two and a half.
      const size = 40 * 1024;
      const budget = new BodyBudget(100 * 1024);
      const { url, reached } = await startServer(budget);
      // Two fit in the budget and are held, waiting for their end.
      const held = [1, 2].map(() => sendUnended(`${url}${path}`, size));
      await Promise.all(held.map((client) => client.sent));
      await expect.poll(() => budget.usedBytes).toBe(2 * size);
      // Further ones would pass it: refused, not held.
      const refused = [1, 2, 3].map(() => sendUnended(`${url}${path}`, size));
      expect(await Promise.all(refused.map((client) => client.status))).toEqual([503, 503, 503]);
      expect(budget.usedBytes).toBeLessThanOrEqual(budget.totalBytes);
      expect(reached).toEqual([]);
      // Hanging up gives the bytes back.
      for (const client of clients.splice(0)) client.destroy();
      await expect.poll(() => budget.usedBytes).toBe(0);
    },
  );

  it('gives the budget back once a bogus request has been answered', async () => {
    const before = UNVERIFIED_BODIES.usedBytes;
    const { url } = await startServer();
    const response = await fetch(`${url}/discord/interactions`, {
      method: 'POST',
      headers: { 'x-signature-ed25519': '0'.repeat(128), 'x-signature-timestamp': '1' },
      body: JSON.stringify({ type: 1 }),
    });
    expect(response.status).toBe(401);
    await expect.poll(() => UNVERIFIED_BODIES.usedBytes).toBe(before);
  });
});

describe('slow clients (issue #9 fault)', () => {
  it('cuts a client that never finishes its headers at the configured timeout, not at 30 s', async () => {
    const { url } = await startServer(undefined, { headersTimeoutMs: 500, requestTimeoutMs: 800 });
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const closed = new Promise<string>((resolve) => {
      socket.on('data', () => {});
      socket.on('close', () => resolve('closed'));
      socket.on('error', () => {});
    });
    // Node's default checks timeouts every 30 s, so before the fix the socket stayed open far past 5 s.
    const outcome = await Promise.race([
      closed,
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000)),
    ]);
    socket.destroy();
    expect(outcome).toBe('closed');
  }, 10_000);
});

describe('routing', () => {
  /** Sends raw HTTP/1.1 and resolves with the status line. */
  function rawStatus(url: string, head: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n')) {
          resolve(text.slice(0, text.indexOf('\r\n')));
          socket.destroy();
        }
      });
      socket.on('error', reject);
      socket.write(head);
    });
  }

  it('accepts an absolute-form request target (RFC 9112 §3.2.2)', async () => {
    const { url } = await startServer();
    expect(await rawStatus(url, 'GET http://bot.example/healthz HTTP/1.1\r\nHost: bot.example\r\n\r\n')).toBe(
      'HTTP/1.1 200 OK',
    );
  });

  it('answers 404 for unknown paths and 405 for a known path with another method', async () => {
    const { url } = await startServer();
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${url}/slack/events`)).status).toBe(405);
    expect((await fetch(`${url}/healthz`, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('hands the body to the route unread, whatever its content type', async () => {
    const server = new BotHttpServer(silentLogger());
    servers.push(server);
    server.route('POST', '/echo', async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.writeHead(200).end(Buffer.concat(chunks));
    });
    const { port } = await server.listen(0, '127.0.0.1');
    for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/plain']) {
      const response = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'command=%2Fcarbon&text=oat+milk',
      });
      expect(await response.text()).toBe('command=%2Fcarbon&text=oat+milk');
    }
  });
});
