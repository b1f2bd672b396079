import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/service/schemas.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import {
  type RunningTestService,
  rawExchange,
  requestTimeoutExchange,
  send,
  startTestService,
} from './helpers.js';

// Split from service.test.ts: what reaches the service below the routes (the HTTP parser, the socket).
let svc: RunningTestService;
beforeAll(async () => {
  svc = await startTestService(loadCatalog());
});
afterAll(async () => {
  await svc.close();
});

function errorOf(reply: { json(): unknown }) {
  return ErrorBodySchema.parse(reply.json()).error;
}

describe('requests the HTTP parser rejects', () => {
  const LONG = 'x'.repeat(20_000);

  it('answers a URL over the 16 KB header limit with 431 and the shared error body', async () => {
    for (const path of [`/impact/product?product=${LONG}`, `/healthz?${LONG}`, `/${LONG}`]) {
      const reply = await send(svc.port, path, { headers: { 'x-api-key': svc.key } });
      expect(reply.status).toBe(431);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.headers.connection).toBe('close');
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.text));
      const error = errorOf(reply);
      expect(error).toMatchObject({ status: 431, code: 'request_too_large', suggestions: [] });
      expect(error.message).toContain('16 KB');
    }
    expect((await svc.get('/recipe?recipe=lasagne')).status).toBe(200);
  });

  it('answers oversized headers with 431 too', async () => {
    const reply = await send(svc.port, '/healthz', { headers: { 'x-padding': LONG } });
    expect(reply.status).toBe(431);
    expect(errorOf(reply).code).toBe('request_too_large');
  });

  it('answers bytes that are not HTTP with 400 malformed_request and closes the connection', async () => {
    const reply = await rawExchange(svc.port, 'GARBAGE \x00\x01 HTTP/9\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(reply.headers.connection).toBe('close');
    expect(errorOf(reply)).toMatchObject({ status: 400, code: 'malformed_request', suggestions: [] });
  });

  it('answers a request head that arrives too slowly with 408', async () => {
    const reply = await requestTimeoutExchange(svc.service.server, svc.port);
    expect(reply.status).toBe(408);
    expect(reply.headers.connection).toBe('close');
    expect(errorOf(reply)).toMatchObject({ status: 408, code: 'request_timeout', suggestions: [] });
  });

  it('answers an oversized request on a kept-alive connection after a normal one', async () => {
    const first = `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`;
    const second = `GET /impact/product?product=${LONG} HTTP/1.1\r\nHost: x\r\nx-api-key: ${svc.key}\r\n\r\n`;
    const client = connect(svc.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const answered = new Promise<void>((resolve) =>
      client.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (Buffer.concat(chunks).toString('utf8').includes('"status":"ok"')) resolve();
      }),
    );
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.write(first);
    await answered;
    client.write(second);
    await closed;
    const raw = Buffer.concat(chunks).toString('utf8');
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toContain('HTTP/1.1 431 Request Header Fields Too Large\r\n');
    expect(raw).toContain('"code":"request_too_large"');
  });
});

describe('robustness and logging', () => {
  it('survives garbage on the socket', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(svc.port, '127.0.0.1', () => {
        socket.end('GARBAGE \x00\x01 HTTP/9\r\n\r\n');
      });
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    expect((await svc.get('/healthz', {})).status).toBe(200);
  });

  it('answers every byte value in a name without failing', async () => {
    const statuses = new Set<number>();
    for (let byte = 0; byte < 256; byte++) {
      const hex = byte.toString(16).padStart(2, '0');
      statuses.add((await svc.get(`/impact/product?product=oat%${hex}milk`)).status);
    }
    expect([...statuses].every((status) => status === 200 || status === 400 || status === 404)).toBe(true);
  });

  it('logs method, path, status and duration for each request, without query or key', async () => {
    await svc.get('/recipe?recipe=lasagne');
    const entries = svc.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = entries.findLast((e) => e.msg === 'request' && e.path === '/recipe');
    expect(entry).toMatchObject({ method: 'GET', path: '/recipe', status: 200 });
    expect(typeof entry?.durationMs).toBe('number');
    const all = svc.lines.join('\n');
    expect(all).not.toContain(svc.key);
    expect(all).not.toContain('lasagne');
  });
});
