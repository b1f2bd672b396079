import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { closeLocal, listenLocal, readBody } from './local-server.js';

/**
 * A fake Discord on 127.0.0.1 that speaks the real protocols: the REST API under /api/v10 (gateway
 * discovery, interaction callbacks, webhook edits and follow-ups, command registration) and a JSON
 * gateway (HELLO, IDENTIFY, READY, heartbeats, dispatch) on the same port.
 */

export const FAKE_BOT_TOKEN = 'fake-bot-token.abc.123';
export const FAKE_APPLICATION_ID = '111111111111111111';
export const FAKE_BOT_USER_ID = '222222222222222222';

export interface RestRequest {
  method: string;
  /** Path below /api/v10. */
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Callback {
  interactionId: string;
  token: string;
  body: { type: number; data?: Record<string, unknown> };
}

export interface WebhookCall {
  method: 'PATCH' | 'DELETE' | 'POST';
  applicationId: string;
  token: string;
  /** '@original', a message id, or null for a follow-up POST. */
  messageId: string | null;
  body: Record<string, unknown> | null;
}

export interface Registration {
  applicationId: string;
  guildId: string | null;
  authorization: string | undefined;
  body: unknown;
}

export interface GatewayConnection {
  /** The query string discord.js connected with, e.g. v=10&encoding=json. */
  query: URLSearchParams;
  identify: { token: string; intents: number } | null;
  heartbeats: number;
}

export interface FakeDiscordOptions {
  token?: string;
}

/** A canned error response for the next matching REST call. */
interface Failure {
  match: (request: RestRequest) => boolean;
  status: number;
  body: unknown;
  remaining: number;
}

type Waiter = { predicate: () => boolean; resolve: () => void };

export class FakeDiscord {
  readonly requests: RestRequest[] = [];
  readonly callbacks: Callback[] = [];
  readonly webhooks: WebhookCall[] = [];
  readonly registrations: Registration[] = [];
  readonly connections: GatewayConnection[] = [];
  private readonly token: string;
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly failures: Failure[] = [];
  private waiters: Waiter[] = [];
  private sequence = 0;
  private port = 0;

  constructor(options: FakeDiscordOptions = {}) {
    this.token = options.token ?? FAKE_BOT_TOKEN;
    this.server = createServer((req, res) => void this.handle(req, res));
    this.wss = new WebSocketServer({ server: this.server });
    this.wss.on('connection', (socket, req) => this.onConnection(socket, req));
  }

  async start(): Promise<this> {
    this.port = await listenLocal(this.server);
    return this;
  }

  stop(): Promise<void> {
    return closeLocal(this.server, this.wss, this.sockets);
  }

  /** DISCORD_API_URL for the code under test (unversioned, as discord.js's `rest.api`). */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** Makes the next `times` REST calls matching `match` fail with `status` and a Discord error body. */
  failNext(
    match: (request: RestRequest) => boolean,
    status: number,
    body: unknown = { message: 'fake failure', code: 0 },
    times = 1,
  ): void {
    this.failures.push({ match, status, body, remaining: times });
  }

  /** Resolves once `predicate` holds, re-checked after every request and gateway event. No timers. */
  waitFor(predicate: () => boolean): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  async waitForCallback(interactionId: string): Promise<Callback> {
    await this.waitFor(() => this.callbacks.some((each) => each.interactionId === interactionId));
    return this.callbacks.find((each) => each.interactionId === interactionId)!;
  }

  async waitForWebhook(token: string, method: WebhookCall['method']): Promise<WebhookCall> {
    const find = () => this.webhooks.find((each) => each.token === token && each.method === method);
    await this.waitFor(() => find() !== undefined);
    return find()!;
  }

  /** Sends a dispatch event to every identified gateway connection. */
  dispatch(event: string, data: unknown): void {
    this.sequence += 1;
    const payload = JSON.stringify({ op: 0, t: event, s: this.sequence, d: data });
    for (const socket of this.sockets) socket.send(payload);
  }

  private notify(): void {
    const ready = this.waiters.filter((waiter) => waiter.predicate());
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith('/api/v10/')) {
      send(res, { status: 404, body: { message: '404: Not Found', code: 0 } });
      return;
    }
    const request: RestRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.slice('/api/v10'.length),
      query: url.search,
      headers: req.headers,
      body: text === '' ? null : JSON.parse(text),
    };
    this.requests.push(request);
    const failure = this.failures.find((each) => each.remaining > 0 && each.match(request));
    if (failure) {
      failure.remaining -= 1;
      send(res, { status: failure.status, body: failure.body });
    } else {
      send(res, this.route(request));
    }
    this.notify();
  }

  private route(request: RestRequest): Answer {
    const { method, path } = request;
    const unauthorised = request.headers.authorization !== `Bot ${this.token}`;
    const denied: Answer = { status: 401, body: { message: '401: Unauthorized', code: 0 } };

    if (method === 'GET' && path === '/gateway/bot') {
      if (unauthorised) return denied;
      return {
        status: 200,
        body: {
          url: this.gatewayUrl,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
        },
      };
    }
    if (method === 'GET' && path === '/users/@me')
      return unauthorised ? denied : { status: 200, body: botUser() };

    const callback = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path);
    if (method === 'POST' && callback) {
      const interactionId = callback[1]!;
      if (this.callbacks.some((each) => each.interactionId === interactionId)) {
        return { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } };
      }
      const token = decodeURIComponent(callback[2]!);
      this.callbacks.push({ interactionId, token, body: request.body as Callback['body'] });
      return { status: 204 };
    }

    const webhook = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path);
    if (webhook) {
      const messageId = webhook[3] === undefined ? null : decodeURIComponent(webhook[3]);
      const allowed = messageId === null ? method === 'POST' : method === 'PATCH' || method === 'DELETE';
      if (!allowed) return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
      this.webhooks.push({
        method: method as WebhookCall['method'],
        applicationId: webhook[1]!,
        token: decodeURIComponent(webhook[2]!),
        messageId,
        body: request.body as Record<string, unknown> | null,
      });
      if (method === 'DELETE') return { status: 204 };
      return { status: 200, body: { id: '333333333333333333', ...(request.body as object) } };
    }

    const commands = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.exec(path);
    if (method === 'PUT' && commands) {
      if (unauthorised) return denied;
      const applicationId = commands[1]!;
      this.registrations.push({
        applicationId,
        guildId: commands[2] ?? null,
        authorization: request.headers.authorization,
        body: request.body,
      });
      const registered = (request.body as Record<string, unknown>[]).map((command, index) => ({
        id: `44444444444444444${index}`,
        application_id: applicationId,
        version: '1',
        ...command,
      }));
      return { status: 200, body: registered };
    }
    return { status: 404, body: { message: 'Unknown route', code: 0 } };
  }

  private onConnection(socket: WebSocket, req: IncomingMessage): void {
    const connection: GatewayConnection = {
      query: new URL(req.url ?? '/', 'http://fake').searchParams,
      identify: null,
      heartbeats: 0,
    };
    this.connections.push(connection);
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 } }));
    socket.on('message', (raw) => {
      const payload = JSON.parse(raw.toString()) as { op: number; d: Record<string, unknown> };
      switch (payload.op) {
        case 1:
          connection.heartbeats += 1;
          socket.send(JSON.stringify({ op: 11 }));
          break;
        case 2: {
          const { token, intents } = payload.d as { token: string; intents: number };
          connection.identify = { token, intents };
          if (token !== this.token) {
            socket.close(4004, 'Authentication failed.');
            break;
          }
          this.sockets.add(socket);
          this.sequence += 1;
          socket.send(
            JSON.stringify({
              op: 0,
              t: 'READY',
              s: this.sequence,
              d: {
                v: 10,
                user: botUser(),
                guilds: [],
                session_id: 'fake-session-id',
                resume_gateway_url: this.gatewayUrl,
                shard: [0, 1],
                application: { id: FAKE_APPLICATION_ID, flags: 0 },
              },
            }),
          );
          break;
        }
      }
      this.notify();
    });
    socket.on('close', () => this.sockets.delete(socket));
  }
}

function botUser() {
  return {
    id: FAKE_BOT_USER_ID,
    username: 'carbon',
    discriminator: '0',
    global_name: null,
    avatar: null,
    bot: true,
    flags: 0,
  };
}

interface Answer {
  status: number;
  body?: unknown;
}

function send(res: ServerResponse, answer: Answer): void {
  if (answer.body === undefined) {
    res.writeHead(answer.status).end();
    return;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  return new FakeDiscord(options).start();
}
