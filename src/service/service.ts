import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Limiter } from '../core/limits.js';
import { type Metrics, metricsHandler } from '../ops/metrics.js';
import { Probes } from '../ops/probes.js';
import { splitTarget } from '../server/request-target.js';
import type { Catalog } from '../sources/catalog/types.js';
import type { ServiceCompare } from './compare.js';
import { COMPARE_PATH, MENU_PATH, registerComparisons } from './compare-routes.js';
import { KeyRing } from './keys.js';
import { keyLimits } from './limits.js';
import { LOOKUP_PATHS, registerLookups } from './lookups.js';
import { createResponder, pathOf } from './respond.js';
import {
  clientErrorResponse,
  INTERNAL,
  METHOD_NOT_ALLOWED,
  NOT_FOUND_PATH,
  POST_ONLY,
  type Prepared,
  prepareJson,
  rawHttp,
} from './responses.js';
import type { HealthBody } from './schemas.js';

export interface ServiceOptions {
  catalog: Catalog;
  /**
   * Comparisons, menus and dish names, answered as `/carbon compare`, "Rate this menu" and
   * `/carbon recipe` answer them (built by the app: src/app/service-compare.ts).
   */
  compare: ServiceCompare;
  /** Accepted values of the x-api-key header; at least one. */
  keys: string[];
  logger: Logger;
  /** Answers kept serialised per endpoint and normalised name; 0 disables the cache. */
  cacheSize?: number;
  /** Time for a client to send the request head (10 s) and the whole request (15 s). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /**
   * Requests per client key (src/ops/rate-limit.ts; counters in the state store, so replicas on one
   * PostgreSQL share them); a key over its limit gets 429 with Retry-After. No limit when unset.
   */
  limiter?: Limiter;
  /** Served at /metrics (requests by route and outcome, their time, cache hits); none when unset. */
  metrics?: Metrics;
  /** /readyz's checks (the database when there is one); ready until stopping when unset. */
  probes?: Probes;
}

export interface Service {
  server: Server;
  listen(port: number, host?: string): Promise<AddressInfo>;
  close(): Promise<void>;
}

export const DEFAULT_CACHE_SIZE = 10_000;
const CLOSE_GRACE_MS = 2_000;
/** How long a socket that got a client-error answer may linger for the peer to read it. */
const CLIENT_ERROR_LINGER_MS = 2_000;

/** The paths that answer without a key: the health check and the operator's probes and metrics. */
const OPEN_PATHS = ['/healthz', '/livez', '/readyz', '/metrics'];
/** The keyed paths read by GET (and HEAD). */
const GET_PATHS: readonly string[] = [...LOOKUP_PATHS, COMPARE_PATH];

/**
 * `carbon serve`: the built-in catalog behind the lookup API's contract, on Fastify (the framework
 * shared with the bot's server; why Fastify: docs/benchmarks.md). The hot path stays a route lookup,
 * an LRU hit and one write of a prepared buffer: the query string is read by readNameParam, not
 * parsed by the framework, and nothing is serialised per request.
 */
export function createService(options: ServiceOptions): Service {
  const { catalog, logger } = options;
  const keyRing = new KeyRing(options.keys);
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const cache = cacheSize > 0 ? new LRUCache<string, Prepared>({ max: cacheSize }) : null;
  const health: HealthBody = { status: 'ok', catalog: { ...catalog.stats } };
  const HEALTH = prepareJson(200, health, { 'cache-control': 'no-store' });

  const { limiter, metrics, compare } = options;
  const probes = options.probes ?? new Probes([]);
  const limited = limiter === undefined ? null : keyLimits(limiter, logger, metrics);
  const responder = createResponder(keyRing, limited, logger, metrics);
  const send = (request: FastifyRequest, reply: FastifyReply, prepared: Prepared, started: number) =>
    responder.send(request, reply, prepared, started);

  const app = Fastify({
    logger: false,
    // Timeouts checked every second: Node's default interval (30 s) cut slow clients at 30 s.
    serverFactory: (handler) =>
      createServer(
        {
          headersTimeout: options.headersTimeoutMs ?? 10_000,
          requestTimeout: options.requestTimeoutMs ?? 15_000,
          connectionsCheckingInterval: 1_000,
          keepAliveTimeout: 5_000,
        },
        handler,
      ),
    // An absolute-form target ("GET http://host/healthz") routes like its path (RFC 9112 §3.2.2).
    rewriteUrl: (req) => (req.url?.startsWith('/') ? req.url : originForm(req.url)),
    // readNameParam reads the raw query with the service's own rules; a parsed copy would be waste.
    routerOptions: { querystringParser: () => ({}) },
    clientErrorHandler: clientError,
    return503OnClosing: false,
  });

  registerLookups(app, responder, { catalog, compare, logger, cache, metrics });
  registerComparisons(app, responder, compare, logger);
  app.get('/healthz', (request, reply) => send(request, reply, HEALTH, performance.now()));
  // The operator's: liveness, readiness (the database, not stopping) and Prometheus metrics. No key:
  // probes and scrapers hold none; like /healthz they reveal nothing about clients or queries.
  const raw =
    (handler: (req: FastifyRequest['raw'], res: FastifyReply['raw']) => Promise<void>) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      return handler(request.raw, reply.raw);
    };
  const probe = probes.handlers();
  app.get('/livez', raw(probe.livez));
  app.get('/readyz', raw(probe.readyz));
  if (metrics !== undefined) app.get('/metrics', raw(metricsHandler(metrics)));
  app.setNotFoundHandler((request, reply) => {
    const { path } = splitTarget(request.url);
    const prepared =
      path === MENU_PATH
        ? POST_ONLY
        : OPEN_PATHS.includes(path) || GET_PATHS.includes(path)
          ? METHOD_NOT_ALLOWED
          : NOT_FOUND_PATH;
    send(request, reply, prepared, performance.now());
  });
  app.setErrorHandler((error, request, reply) => {
    logger.error(
      { err: error, method: request.method, path: pathOf(request.url) },
      'request failed unexpectedly',
    );
    send(request, reply, INTERNAL, performance.now());
  });

  /**
   * Requests node:http rejects before any route runs: a request line and headers over its limit
   * (~16 KB, so any over-long URL), bytes that are not HTTP, or a head that arrives too slowly. They
   * get the shared JSON error shape instead of a bare status, then the connection closes, since the
   * parser has lost its place in the stream.
   */
  function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const prepared = clientErrorResponse(error.code);
    logger.debug({ code: error.code, status: prepared.status }, 'request rejected by the HTTP parser');
    // Read and drop whatever the client is still sending: closing with unread input makes the
    // kernel reset the connection, and the client could lose the answer.
    socket.resume();
    socket.end(rawHttp(prepared));
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  }

  const server = app.server;
  return {
    server,
    async listen(port: number, host = '0.0.0.0'): Promise<AddressInfo> {
      await app.listen({ port, host });
      return server.address() as AddressInfo;
    },
    async close(): Promise<void> {
      // Not ready from now on, so a load balancer sends nothing new while in-flight answers finish.
      probes.markStopping();
      if (!server.listening) return;
      // Answers take microseconds, so a short grace lets in-flight responses finish before any
      // connection is cut; idle keep-alive sockets go at once.
      const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      force.unref();
      server.closeIdleConnections();
      await app.close();
      clearTimeout(force);
    },
  };
}

/** The request target in origin form, whatever form it came in. */
export function originForm(target: string | undefined): string {
  const { path, query } = splitTarget(target);
  return query === '' ? path : `${path}?${query}`;
}
