import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import type { Logger } from 'pino';
import { type Metrics, metricsHandler } from '../ops/metrics.js';
import { Probes } from '../ops/probes.js';
import { splitTarget } from './request-target.js';

export interface BotHttpOptions {
  /** Time for a client to send the request head; 10 s. */
  headersTimeoutMs?: number;
  /** Time for a client to send the whole request; 15 s. */
  requestTimeoutMs?: number;
  /** Open connections at most; past it, new ones are closed at once. 1,024. */
  maxConnections?: number;
  /** /readyz's checks (database, catalog); none by default, so ready until stopping. */
  probes?: Probes;
  /** Served at /metrics when given. */
  metrics?: Metrics;
}

/**
 * Slack and Discord send small bodies quickly, so a client slower than this is slow or hostile.
 * Node only checks these timeouts every `connectionsCheckingInterval` (30 s by default, which cut
 * slow clients at 30 s whatever was configured); it is checked every second here.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 15_000;
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/**
 * Far above what Slack and Discord open to one bot, and a bound on what idle or hostile sockets can
 * cost (each holds a little memory; unverified bodies are bounded separately by UNVERIFIED_BODIES).
 */
export const MAX_CONNECTIONS = 1_024;

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The bot's one HTTP server: Slack events, Discord interactions and /healthz share a port, so a
 * deployment needs one public URL. Adapters add routes before `listen`. Fastify routes, and the
 * routes get the raw request and response: Slack and Discord sign the raw body, so it is read by
 * the route itself (src/server/unverified-body.ts), never parsed by the framework first.
 */
export class BotHttpServer {
  private readonly routes = new Set<string>();
  /** /livez, /readyz, /metrics: always there, so not counted in routeCount (which tells whether adapters need the server). */
  private readonly operationsRoutes = new Set<string>();
  private readonly app: FastifyInstance;
  private readonly probes: Probes;

  constructor(
    private readonly logger: Logger,
    options: BotHttpOptions = {},
  ) {
    this.app = Fastify({
      logger: false,
      serverFactory: (handler) => {
        const server = createServer(
          {
            headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
            requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
            connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
          },
          handler,
        );
        server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
        return server;
      },
      // An absolute-form target ("POST http://host/slack/events") routes like its path (RFC 9112 §3.2.2).
      rewriteUrl: (req) => {
        const { path, query } = splitTarget(req.url);
        return query === '' ? path : `${path}?${query}`;
      },
    });
    // Leave every body unread for the route: it must be counted and verified before it is parsed.
    this.app.removeAllContentTypeParsers();
    this.app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    this.app.setNotFoundHandler((request, reply) => {
      const { path } = splitTarget(request.url);
      const known = [...this.routes, ...this.operationsRoutes].some((key) => key.endsWith(` ${path}`));
      void reply.code(known ? 405 : 404).send({ error: known ? 'method not allowed' : 'not found' });
    });
    this.route('GET', '/healthz', (_req, res) => {
      if (this.stopping) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"stopping"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    this.probes = options.probes ?? new Probes([]);
    const probe = this.probes.handlers();
    this.operationsRoute('/livez', probe.livez);
    this.operationsRoute('/readyz', probe.readyz);
    if (options.metrics) this.operationsRoute('/metrics', metricsHandler(options.metrics));
  }

  private stopping = false;

  /** Readiness fails from now on (/healthz and /readyz answer 503), so a load balancer sends nothing new. */
  failReadiness(): void {
    this.stopping = true;
    this.probes.markStopping();
  }

  route(method: string, path: string, handler: RouteHandler): void {
    const verb = method.toUpperCase() as HTTPMethods;
    this.routes.add(`${verb} ${path}`);
    this.mount(verb, path, handler);
  }

  private operationsRoute(path: string, handler: RouteHandler): void {
    this.operationsRoutes.add(`GET ${path}`);
    this.mount('GET', path, handler);
  }

  private mount(verb: HTTPMethods, path: string, handler: RouteHandler): void {
    this.app.route({
      method: verb,
      url: path,
      handler: (request, reply) => {
        reply.hijack();
        const res = reply.raw;
        Promise.resolve()
          .then(() => handler(request.raw, res))
          .catch((error: unknown) => {
            this.logger.error({ err: error, path }, 'HTTP handler failed');
            if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
            if (!res.writableEnded) res.end('{"error":"internal error"}');
          });
      },
    });
  }

  get routeCount(): number {
    return this.routes.size;
  }

  async listen(port: number, host = '0.0.0.0'): Promise<AddressInfo> {
    await this.app.listen({ port, host });
    return this.app.server.address() as AddressInfo;
  }

  async close(): Promise<void> {
    if (!this.app.server.listening) return;
    this.app.server.closeAllConnections();
    await this.app.close();
  }
}
