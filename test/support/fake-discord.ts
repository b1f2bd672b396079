import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  type Answer,
  botUser,
  type Callback,
  callbackProblem,
  FAKE_APPLICATION_ID,
  FAKE_BOT_TOKEN,
  FAKE_BOT_USER_ID,
  type FakeDiscordOptions,
  type GatewayConnection,
  type HttpResponseRecord,
  invalid,
  messageProblem,
  type Registration,
  type Rejection,
  type RestRequest,
  send,
  type WebhookCall,
} from './fake-discord-protocol.js';
import { closeLocal, listenLocal, readBody } from './local-server.js';

export type {
  Callback,
  FakeDiscordOptions,
  GatewayConnection,
  HttpResponseRecord,
  Registration,
  Rejection,
  RestRequest,
  WebhookCall,
};
export { callbackProblem, FAKE_APPLICATION_ID, FAKE_BOT_TOKEN, FAKE_BOT_USER_ID, messageProblem };

/**
 * A fake Discord on 127.0.0.1 that speaks the real protocols: the REST API under /api/v10 (gateway
 * discovery, interaction callbacks, webhook edits and follow-ups, command registration) and a JSON
 * gateway (HELLO, IDENTIFY, READY, heartbeats, dispatch) on the same port.
 *
 * It refuses what real Discord refuses in the interaction flow, with Discord's codes: a second
 * callback (40060), webhook calls for a token whose interaction was never acknowledged (10015),
 * message ids the token did not create (10008), and callback or message bodies of the wrong shape
 * (50035, 50006). Every refusal is recorded in `rejected`.
 */

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
  readonly rejected: Rejection[] = [];
  readonly httpResponses: HttpResponseRecord[] = [];
  private readonly token: string;
  private readonly heartbeatIntervalMs: number;
  /** Interaction types of dispatched interactions, by id. */
  private readonly interactionTypes = new Map<string, number>();
  /** Tokens whose interaction was acknowledged, with the callback type (null: in an HTTP reply). */
  private readonly acknowledged = new Map<string, number | null>();
  /** Message ids created by follow-ups, by the token that created them. */
  private readonly created = new Map<string, Set<string>>();
  private messageCounter = 0;
  /** The id of the message each token's interaction response made, once asked for. */
  private readonly originals = new Map<string, string>();

  private originalId(token: string): string {
    let id = this.originals.get(token);
    if (id === undefined) {
      this.messageCounter += 1;
      id = `2222222222${String(this.messageCounter).padStart(8, '0')}`;
      this.originals.set(token, id);
    }
    return id;
  }
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  private readonly failures: Failure[] = [];
  private waiters: Waiter[] = [];
  private sequence = 0;
  private port = 0;

  constructor(options: FakeDiscordOptions = {}) {
    this.token = options.token ?? FAKE_BOT_TOKEN;
    this.heartbeatIntervalMs = options.heartbeatIntervalMs ?? 41_250;
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

  /** Every callback request for the interaction, including refused ones. */
  callbackAttempts(interactionId: string): RestRequest[] {
    return this.requests.filter((each) => each.path.startsWith(`/interactions/${interactionId}/`));
  }

  /** Every webhook request (edit, delete, follow-up) made with the token, including refused ones. */
  webhookAttempts(token: string): RestRequest[] {
    const segment = `/${encodeURIComponent(token)}`;
    return this.requests.filter((each) => each.path.startsWith('/webhooks/') && each.path.includes(segment));
  }

  /**
   * HTTP interactions mode: the interaction with `token` is about to be POSTed to the bot, whose
   * HTTP reply is the acknowledgement. Webhook calls for it are accepted from now on, since the fake
   * cannot see the reply itself (the bot only starts follow-up work once the reply is sent).
   */
  expectHttpResponse(token: string): void {
    if (!this.acknowledged.has(token)) this.acknowledged.set(token, null);
  }

  /**
   * HTTP interactions mode: checks the interaction response the bot replied with as Discord would,
   * and records it. Returns why Discord would refuse it, or null.
   */
  recordHttpResponse(interaction: { id: string; token: string; type: number }, body: unknown): string | null {
    const problem = callbackProblem(body, interaction.type);
    if (problem !== null) return problem;
    const response = body as Callback['body'];
    this.acknowledged.set(interaction.token, response.type);
    this.httpResponses.push({ interactionId: interaction.id, token: interaction.token, body: response });
    this.notify();
    return null;
  }

  /** Sends a dispatch event to every identified gateway connection. */
  dispatch(event: string, data: unknown): void {
    if (event === 'INTERACTION_CREATE') {
      const interaction = data as { id: string; type: number };
      this.interactionTypes.set(interaction.id, interaction.type);
    }
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
    let answer: Answer;
    if (failure) {
      failure.remaining -= 1;
      answer = { status: failure.status, body: failure.body };
    } else {
      answer = this.route(request);
    }
    if (answer.status >= 400) this.rejected.push({ request, status: answer.status, body: answer.body });
    send(res, answer);
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
      const problem = callbackProblem(request.body, this.interactionTypes.get(interactionId));
      if (problem !== null) return invalid(problem);
      const body = request.body as Callback['body'];
      this.callbacks.push({ interactionId, token, body });
      this.acknowledged.set(token, body.type);
      return { status: 204 };
    }

    const webhook = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path);
    if (webhook) {
      const messageId = webhook[3] === undefined ? null : decodeURIComponent(webhook[3]);
      const allowed =
        messageId === null
          ? method === 'POST'
          : method === 'PATCH' || method === 'DELETE' || method === 'GET';
      if (!allowed) return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
      const token = decodeURIComponent(webhook[2]!);
      // An interaction token becomes a webhook only once its interaction has been acknowledged.
      if (!this.acknowledged.has(token)) {
        return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } };
      }
      // A token reaches its own original response and the follow-ups it created, nothing else.
      if (messageId !== null && messageId !== '@original' && !this.created.get(token)?.has(messageId)) {
        return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      }
      if (method === 'GET') {
        // The message the interaction response created (or a follow-up the token made).
        return { status: 200, body: { id: messageId === '@original' ? this.originalId(token) : messageId } };
      }
      const problem =
        method === 'POST'
          ? messageProblem(request.body, 'create')
          : method === 'PATCH'
            ? messageProblem(request.body, 'edit')
            : null;
      if (problem !== null) return invalid(problem);
      const call: WebhookCall = {
        method: method as WebhookCall['method'],
        applicationId: webhook[1]!,
        token,
        messageId,
        body: request.body as Record<string, unknown> | null,
      };
      if (method === 'POST') {
        this.messageCounter += 1;
        call.createdId = `3333333333${String(this.messageCounter).padStart(8, '0')}`;
        const ids = this.created.get(token) ?? new Set<string>();
        ids.add(call.createdId);
        this.created.set(token, ids);
      }
      this.webhooks.push(call);
      if (method === 'DELETE') return { status: 204 };
      return {
        status: 200,
        body: {
          id: call.createdId ?? (messageId === '@original' ? this.originalId(token) : messageId),
          ...(request.body as object),
        },
      };
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
      heartbeatAcks: 0,
    };
    this.connections.push(connection);
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: this.heartbeatIntervalMs } }));
    socket.on('message', (raw) => {
      const payload = JSON.parse(raw.toString()) as { op: number; d: Record<string, unknown> };
      switch (payload.op) {
        case 1:
          connection.heartbeats += 1;
          socket.send(JSON.stringify({ op: 11 }));
          connection.heartbeatAcks += 1;
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

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  return new FakeDiscord(options).start();
}
