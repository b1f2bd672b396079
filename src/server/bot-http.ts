import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { splitTarget } from './request-target.js';

export interface BotHttpOptions {
  /** Time for a client to send the request head; 10 s. */
  headersTimeoutMs?: number;
  /** Time for a client to send the whole request; 15 s. */
  requestTimeoutMs?: number;
  /** Open connections at most; past it, new ones are closed at once. 1,024. */
  maxConnections?: number;
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
 * deployment needs one public URL. Adapters add routes before `listen`.
 */
export class BotHttpServer {
  private readonly routes = new Map<string, RouteHandler>();
  private readonly server: Server;

  constructor(
    private readonly logger: Logger,
    options: BotHttpOptions = {},
  ) {
    this.server = createServer(
      {
        headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
        requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      },
      (req, res) => this.dispatch(req, res),
    );
    this.server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
    this.route('GET', '/healthz', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  }

  route(method: string, path: string, handler: RouteHandler): void {
    this.routes.set(`${method.toUpperCase()} ${path}`, handler);
  }

  get routeCount(): number {
    return this.routes.size;
  }

  async listen(port: number, host = '0.0.0.0'): Promise<AddressInfo> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return this.server.address() as AddressInfo;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private dispatch(req: IncomingMessage, res: ServerResponse): void {
    const { path } = splitTarget(req.url);
    const handler = this.routes.get(`${req.method ?? 'GET'} ${path}`);
    if (!handler) {
      const known = [...this.routes.keys()].some((key) => key.endsWith(` ${path}`));
      res.writeHead(known ? 405 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: known ? 'method not allowed' : 'not found' }));
      return;
    }
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        this.logger.error({ err: error, path }, 'HTTP handler failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        if (!res.writableEnded) res.end('{"error":"internal error"}');
      });
  }
}
