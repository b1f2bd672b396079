import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { InvalidInputError, NotFoundError } from '../core/errors.js';
import type { Limiter } from '../core/limits.js';
import { toErrorView } from '../core/messages.js';
import { type Metrics, metricsHandler } from '../ops/metrics.js';
import { Probes } from '../ops/probes.js';
import { MAX_RECIPE_TEXT_LENGTH } from '../recipes/list-text.js';
import { splitTarget } from '../server/request-target.js';
import type { Catalog } from '../sources/catalog/types.js';
import { productBody, recipeBody } from './bodies.js';
import { createListAnswerer } from './ingredient-list.js';
import { KeyRing } from './keys.js';
import { keyLimits, outcomeOf } from './limits.js';
import { nameFromParam, readParam } from './query.js';
import {
  clientErrorResponse,
  INTERNAL,
  METHOD_NOT_ALLOWED,
  NOT_FOUND_PATH,
  type Prepared,
  prepareError,
  prepareJson,
  rawHttp,
  UNAUTHORIZED,
} from './responses.js';
import type { HealthBody } from './schemas.js';

export interface ServiceOptions {
  catalog: Catalog;
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

interface LookupRoute {
  param: 'product' | 'recipe';
  /** The command kind metrics count it as. */
  kind: 'product' | 'recipe';
  /** The longest value taken as sent; names are held to MAX_NAME_LENGTH whatever this says. */
  maxLength?: number;
  /** Whether a value that reads as an ingredient list is computed (the /recipe extension). */
  lists?: true;
  lookup(catalog: Catalog, name: string): Prepared;
}

const LOOKUP_ROUTES: ReadonlyMap<string, LookupRoute> = new Map<string, LookupRoute>([
  [
    '/impact/product',
    {
      param: 'product',
      kind: 'product',
      lookup: (catalog, name) => prepareJson(200, productBody(catalog.findProduct(name))),
    },
  ],
  [
    '/product',
    {
      param: 'product',
      kind: 'product',
      lookup: (catalog, name) => prepareJson(200, productBody(catalog.findTrialMilk(name))),
    },
  ],
  [
    '/recipe',
    {
      param: 'recipe',
      kind: 'recipe',
      maxLength: MAX_RECIPE_TEXT_LENGTH,
      lists: true,
      lookup: (catalog, name) => prepareJson(200, recipeBody(catalog.findRecipe(name))),
    },
  ],
]);

/** The paths that answer without a key: the health check and the operator's probes and metrics. */
const OPEN_PATHS = ['/healthz', '/livez', '/readyz', '/metrics'];

/**
 * Misses are answers too: they depend only on the catalog, so they are cached like hits.
 *
 * The sentence is the bot's own (core/messages.ts toErrorView), so the API and the chat adapters word
 * a miss alike. The pointers to other endpoints are added here: they name this API's paths, which
 * chat users never see, and toErrorView's hints (bot commands, CARBON_API_BASE_URL) mean nothing to
 * an API client, so they are not used.
 */
function notFound(path: string, error: NotFoundError): Prepared {
  const { text } = toErrorView(error);
  if (path === '/product') {
    const trial = error.outOfScope === 'trial_milk_only';
    return prepareError(
      404,
      trial ? 'not_in_trial' : 'not_found',
      trial
        ? `${text} Use GET /impact/product for any other product.`
        : `${text} GET /product covers milks only; GET /impact/product covers all products.`,
      error.suggestions,
    );
  }
  return prepareError(404, 'not_found', text, error.suggestions);
}

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

  const answerList = createListAnswerer(catalog);
  const { limiter, metrics } = options;
  const probes = options.probes ?? new Probes([]);
  const limited = limiter === undefined ? null : keyLimits(limiter, logger, metrics);

  function fromCache(key: string): Prepared | undefined {
    if (cache === null) return undefined;
    const cached = cache.get(key);
    metrics?.cache('service', cached !== undefined);
    return cached;
  }

  function answer(path: string, route: LookupRoute, rawQuery: string): Prepared {
    let name: string;
    try {
      const value = readParam(rawQuery, route.param, route.maxLength ?? Number.POSITIVE_INFINITY);
      if (route.lists) {
        // Keyed like names: a name already in normal form hits the cache before any list check, and
        // a value is a list or not whatever its key, so a list and a name never share one.
        const key = `${path}\n${value}`;
        const cached = fromCache(key);
        if (cached !== undefined) return cached;
        const list = answerList(value);
        if (list !== null) {
          cache?.set(key, list);
          return list;
        }
      }
      name = nameFromParam(value, route.param);
    } catch (error) {
      if (error instanceof InvalidInputError) {
        return prepareError(400, 'invalid_parameter', `Invalid query: ${error.reason}.`);
      }
      throw error;
    }
    const key = `${path}\n${name}`;
    const cached = fromCache(key);
    if (cached !== undefined) return cached;
    let prepared: Prepared;
    try {
      prepared = route.lookup(catalog, name);
    } catch (error) {
      if (error instanceof NotFoundError) prepared = notFound(path, error);
      else if (error instanceof InvalidInputError) {
        return prepareError(400, 'invalid_parameter', `Invalid ${route.param} name: ${error.reason}.`);
      } else {
        // Internals stay in the log; the client only learns that it was our fault.
        logger.error({ err: error, path, [route.param]: name }, 'lookup failed unexpectedly');
        return INTERNAL;
      }
    }
    cache?.set(key, prepared);
    return prepared;
  }

  function send(request: FastifyRequest, reply: FastifyReply, prepared: Prepared, started: number): void {
    // The answer is a prepared buffer with its headers: written straight to the response, which
    // skips Fastify's reply pipeline (serialisers, hooks) that has nothing to do here. For HEAD,
    // node:http drops the body and keeps the headers.
    reply.hijack();
    reply.raw.writeHead(prepared.status, prepared.headers);
    reply.raw.end(prepared.body);
    if (logger.isLevelEnabled('debug')) {
      // The path only: query values are the client's business and headers may carry the key.
      logger.debug(
        {
          method: request.method,
          path: pathOf(request.url),
          status: prepared.status,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        },
        'request',
      );
    }
  }

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

  for (const [path, route] of LOOKUP_ROUTES) {
    // GET routes answer HEAD too (Fastify's exposeHeadRoutes); Node drops the body.
    app.get(path, (request, reply) => {
      const started = performance.now();
      const presented = request.headers['x-api-key'];
      const key = typeof presented === 'string' ? presented : undefined;
      const respond = (prepared: Prepared) => {
        send(request, reply, prepared, started);
        metrics?.command(
          'service',
          route.kind,
          outcomeOf(prepared.status),
          (performance.now() - started) / 1000,
        );
      };
      if (!keyRing.accepts(key)) return respond(UNAUTHORIZED);
      // Without limits the answer stays synchronous: a cache hit is one write.
      if (limited === null) return respond(answer(path, route, queryOf(request.url)));
      return limited(key!).then((refusal) => respond(refusal ?? answer(path, route, queryOf(request.url))));
    });
  }
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
    const known = OPEN_PATHS.includes(path) || LOOKUP_ROUTES.has(path);
    send(request, reply, known ? METHOD_NOT_ALLOWED : NOT_FOUND_PATH, performance.now());
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

/** The raw query of an origin-form target (rewriteUrl has made it one). */
function queryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}

/** The request target in origin form, whatever form it came in. */
export function originForm(target: string | undefined): string {
  const { path, query } = splitTarget(target);
  return query === '' ? path : `${path}?${query}`;
}

function pathOf(url: string | undefined): string {
  return splitTarget(url).path.slice(0, 200);
}
