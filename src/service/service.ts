import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { InvalidInputError, NotFoundError } from '../core/errors.js';
import { toErrorView } from '../core/messages.js';
import { splitTarget } from '../server/request-target.js';
import type { Catalog } from '../sources/catalog/types.js';
import { productBody, recipeBody } from './bodies.js';
import { KeyRing } from './keys.js';
import { readNameParam } from './query.js';
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
  lookup(catalog: Catalog, name: string): Prepared;
}

const LOOKUP_ROUTES: ReadonlyMap<string, LookupRoute> = new Map<string, LookupRoute>([
  [
    '/impact/product',
    {
      param: 'product',
      lookup: (catalog, name) => prepareJson(200, productBody(catalog.findProduct(name))),
    },
  ],
  [
    '/product',
    {
      param: 'product',
      lookup: (catalog, name) => prepareJson(200, productBody(catalog.findTrialMilk(name))),
    },
  ],
  [
    '/recipe',
    {
      param: 'recipe',
      lookup: (catalog, name) => prepareJson(200, recipeBody(catalog.findRecipe(name))),
    },
  ],
]);

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
 * `carbon serve`: the built-in catalog behind the lookup API's contract, on plain node:http so that
 * the hot path is a map lookup, an LRU hit and one socket write.
 */
export function createService(options: ServiceOptions): Service {
  const { catalog, logger } = options;
  const keyRing = new KeyRing(options.keys);
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const cache = cacheSize > 0 ? new LRUCache<string, Prepared>({ max: cacheSize }) : null;
  const health: HealthBody = { status: 'ok', catalog: { ...catalog.stats } };
  const HEALTH = prepareJson(200, health, { 'cache-control': 'no-store' });

  function answer(path: string, route: LookupRoute, rawQuery: string): Prepared {
    let name: string;
    try {
      name = readNameParam(rawQuery, route.param);
    } catch (error) {
      if (error instanceof InvalidInputError) {
        return prepareError(400, 'invalid_parameter', `Invalid query: ${error.reason}.`);
      }
      throw error;
    }
    const key = `${path}\n${name}`;
    const cached = cache?.get(key);
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

  function route(req: IncomingMessage): Prepared {
    const { path, query } = splitTarget(req.url);
    const lookup = LOOKUP_ROUTES.get(path);
    if (lookup === undefined && path !== '/healthz') return NOT_FOUND_PATH;
    // HEAD is answered like GET; node:http drops the body and keeps the headers.
    if (req.method !== 'GET' && req.method !== 'HEAD') return METHOD_NOT_ALLOWED;
    if (lookup === undefined) return HEALTH;
    const presented = req.headers['x-api-key'];
    if (!keyRing.accepts(typeof presented === 'string' ? presented : undefined)) return UNAUTHORIZED;
    return answer(path, lookup, query);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    let prepared: Prepared;
    try {
      prepared = route(req);
    } catch (error) {
      logger.error({ err: error, method: req.method, path: pathOf(req.url) }, 'request failed unexpectedly');
      prepared = INTERNAL;
    }
    res.writeHead(prepared.status, prepared.headers);
    res.end(prepared.body);
    if (logger.isLevelEnabled('debug')) {
      // The path only: query values are the client's business and headers may carry the key.
      logger.debug(
        {
          method: req.method,
          path: pathOf(req.url),
          status: prepared.status,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        },
        'request',
      );
    }
  }

  /**
   * Requests node:http rejects before `handle` runs: a request line and headers over its limit
   * (~16 KB, so any over-long URL), bytes that are not HTTP, or a head that arrives too slowly.
   * Left to itself node:http answers these with a bare status and no body; this gives them the
   * shared JSON error shape instead, then closes the connection, since the parser has lost its
   * place in the stream. Like node:http, it writes only when no answer is already under way on the
   * socket, so a half-sent response is never corrupted.
   */
  function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
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

  // Lookups answer in microseconds; anything slower is a slow or hostile client holding a socket.
  // Node checks these timeouts only every connectionsCheckingInterval (30 s unless told), so it is
  // told to check every second.
  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      requestTimeout: options.requestTimeoutMs ?? 15_000,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
    },
    handle,
  );
  server.on('clientError', clientError);

  return {
    server,
    async listen(port: number, host = '0.0.0.0'): Promise<AddressInfo> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return server.address() as AddressInfo;
    },
    async close(): Promise<void> {
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        // Answers take microseconds, so a short grace lets in-flight responses finish before any
        // connection is cut; idle keep-alive sockets go at once.
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

function pathOf(url: string | undefined): string {
  return splitTarget(url).path.slice(0, 200);
}
