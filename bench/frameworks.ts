/**
 * The HTTP frameworks considered for the bot's server and `carbon serve` (issue #9), each answering
 * the same fixed JSON body on a GET route, against bare node:http in the same run: the framework's
 * own cost per request, which is what choosing one adds to the service's hot path.
 */
import { loadavg } from 'node:os';
import { type HttpBindings, serve } from '@hono/node-server';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { compare, fmt, rows, settings, startBare } from './lib.js';

const SETTINGS = settings({ durationS: 10, rounds: 3 });
const BODY = Buffer.from(JSON.stringify({ status: 'found', padding: 'x'.repeat(660) }));
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(BODY.length) };

async function startFastify(): Promise<{ port: number; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/impact/product', (_request, reply) => {
    reply.code(200).headers(HEADERS).send(BODY);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, close: () => app.close() };
}

async function startHono(): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.get('/impact/product', (c) => c.body(BODY, 200, HEADERS));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function run(): Promise<string> {
  const bare = await startBare((_req, res) => {
    res.writeHead(200, HEADERS);
    res.end(BODY);
  });
  const fastify = await startFastify();
  const hono = await startHono();
  try {
    const targets = [
      { label: 'bare node:http', port: bare.port },
      { label: 'Fastify 5', port: fastify.port },
      { label: 'Hono 4 on @hono/node-server', port: hono.port },
    ];
    const requests = [{ method: 'GET', path: '/impact/product?product=oat%20milk' }];
    const summaries = await compare(targets, requests, SETTINGS);
    const [one] = loadavg();
    return [
      '## HTTP frameworks',
      '',
      `Each server answers the same fixed ${BODY.length}-byte JSON body on one GET route; ${SETTINGS.connections} connections, autocannon in a worker thread; ${SETTINGS.rounds} interleaved rounds of ${SETTINGS.durationS} s per server, medians shown. Load average at the end: ${fmt(one ?? 0, 1)}.`,
      '',
      '| server | req/s | p50 ms | p99 ms | ratio vs bare | 200s | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows(targets, summaries),
      '',
    ].join('\n');
  } finally {
    await Promise.all([bare.close(), fastify.close(), hono.close()]);
  }
}
