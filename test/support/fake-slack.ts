import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { FakeSlackOAuth } from './fake-slack-oauth.js';
import {
  type ModalView,
  parseArgs,
  type ResponseUrlOrigin,
  type ResponseUrlPost,
  type SignedRequestOptions,
  type SocketAck,
  signSlackRequest,
  validModal,
  type WebApiCall,
  type WebApiHandler,
} from './fake-slack-protocol.js';
import { closeLocal, listenLocal, readBody } from './local-server.js';

/**
 * A fake Slack over real HTTP and WebSockets on 127.0.0.1, speaking the wire protocols the bot uses:
 * - signs and sends slash commands and interactions to the bot's `/slack/events` (v0 HMAC-SHA256);
 * - hosts `response_url` endpoints and records what the bot posts to them;
 * - serves the Web API (`auth.test`, `chat.postMessage`, `apps.connections.open`, …) for SLACK_API_URL;
 * - runs a Socket Mode WebSocket that says `hello`, sends envelopes and collects their acks;
 * - installs the app in workspaces through OAuth v2 (`/oauth/v2/authorize`, `oauth.v2.access` and its
 *   refresh grant: test/support/fake-slack-oauth.ts) and checks the tokens it issued on every call;
 * - signs and sends Events API callbacks (`app_uninstalled`, `tokens_revoked`).
 * What it records and checks is in fake-slack-protocol.ts; what it sends, in fake-slack-payloads.ts.
 */
export class FakeSlack {
  readonly webApiCalls: WebApiCall[] = [];
  readonly responses: ResponseUrlPost[] = [];
  readonly acks: SocketAck[] = [];
  /** Modals opened with views.open, as Slack returned them. */
  readonly openedViews: (ModalView & { id: string })[] = [];
  private readonly usedTriggers = new Set<string>();
  readonly sockets = new Set<WebSocket>();
  readonly botUserId = 'UBOT0001';
  readonly teamId = 'T0000001';
  /** OAuth installs: the app's credentials, who approves, the tokens issued (fake-slack-oauth.ts). */
  readonly oauth = new FakeSlackOAuth();
  private readonly events = new EventEmitter();
  private readonly handlers = new Map<string, WebApiHandler>();
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private port = 0;

  constructor() {
    this.events.setMaxListeners(0);
    this.handlers.set('auth.test', () => ({
      ok: true,
      url: 'https://fake.slack.test/',
      team: 'Fake',
      user: 'carbon',
      team_id: this.teamId,
      user_id: this.botUserId,
      bot_id: 'BBOT0001',
    }));
    this.handlers.set('chat.postMessage', (args) => ({
      ok: true,
      channel: args.channel,
      ts: `${Date.now() / 1000}`,
      message: { text: args.text },
    }));
    this.handlers.set('chat.getPermalink', (args) => ({
      ok: true,
      channel: args.channel,
      permalink: `https://fake.slack.test/archives/${String(args.channel)}/p${String(args.message_ts).replace('.', '')}`,
    }));
    this.handlers.set('views.open', (args) => this.openView(args));
    this.handlers.set('apps.connections.open', () => ({
      ok: true,
      url: `ws://127.0.0.1:${this.port}/socket`,
    }));
    this.server = createServer((req, res) => {
      void this.route(req)
        .then(({ status, body, headers }) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
        })
        .catch((error: unknown) => {
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: String(error) }));
        });
    });
    this.wss = new WebSocketServer({ server: this.server, path: '/socket' });
    this.wss.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('message', (data) => {
        const ack = JSON.parse(data.toString()) as SocketAck;
        this.acks.push(ack);
        this.events.emit('ack', ack);
      });
      socket.send(
        JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'A0000001' } }),
      );
      this.events.emit('socket', socket);
    });
  }

  async start(): Promise<this> {
    this.port = await listenLocal(this.server);
    return this;
  }

  close(): Promise<void> {
    return closeLocal(this.server, this.wss, this.sockets);
  }

  /** For SLACK_API_URL; deliberately without the trailing slash the WebClient needs. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** Replaces the Web API method's behaviour, e.g. to answer `{ ok: false, error: 'not_in_channel' }`. */
  onWebApi(method: string, handler: WebApiHandler): void {
    this.handlers.set(method, handler);
  }

  /**
   * views.open as documented: a trigger_id is needed and used once, and the modal must be one Slack
   * accepts (validModal). Refusals answer as Slack does ({ ok: false, error }).
   */
  private openView(args: Record<string, unknown>): Record<string, unknown> {
    const trigger = args.trigger_id;
    if (typeof trigger !== 'string' || trigger === '') return { ok: false, error: 'invalid_trigger_id' };
    if (this.usedTriggers.has(trigger)) return { ok: false, error: 'exchanged_trigger_id' };
    const view = (typeof args.view === 'string' ? JSON.parse(args.view) : args.view) as ModalView;
    if (!validModal(view)) return { ok: false, error: 'invalid_arguments' };
    this.usedTriggers.add(trigger);
    const opened = { ...view, id: `V${randomUUID().slice(0, 8).toUpperCase()}`, team_id: this.teamId };
    this.openedViews.push(opened);
    return { ok: true, view: opened };
  }

  callsTo(method: string): WebApiCall[] {
    return this.webApiCalls.filter((call) => call.method === method);
  }

  /** A fresh response_url, for a slash command (the default) or a button press. */
  responseUrl(origin: ResponseUrlOrigin = 'command'): string {
    return `http://127.0.0.1:${this.port}/response/${origin}/${randomUUID()}`;
  }

  /** Posts the fake refused; tests assert this stays empty. */
  get rejectedResponses(): ResponseUrlPost[] {
    return this.responses.filter((post) => post.rejected !== undefined);
  }

  responsesTo(url: string): ResponseUrlPost[] {
    const id = url.split('/').at(-1);
    return this.responses.filter((post) => post.id === id);
  }

  /** Resolves with the first post (already made or still to come) to `url` matching the predicate. */
  async nextResponse(
    url: string,
    matches: (post: ResponseUrlPost) => boolean = () => true,
  ): Promise<ResponseUrlPost> {
    return this.waitFor('response', () => this.responsesTo(url).find(matches));
  }

  async nextWebApiCall(
    method: string,
    matches: (call: WebApiCall) => boolean = () => true,
  ): Promise<WebApiCall> {
    return this.waitFor('webapi', () => this.callsTo(method).find(matches));
  }

  /** Waits for the bot to connect over Socket Mode (after `hello`). */
  async connectedSocket(): Promise<WebSocket> {
    return this.waitFor('socket', () =>
      [...this.sockets].find((socket) => socket.readyState === WebSocket.OPEN),
    );
  }

  /** Sends a Socket Mode envelope and resolves with the bot's ack for it. */
  async sendEnvelope(
    type: 'slash_commands' | 'interactive',
    payload: Record<string, unknown>,
  ): Promise<SocketAck> {
    const socket = await this.connectedSocket();
    const envelopeId = randomUUID();
    socket.send(
      JSON.stringify({
        envelope_id: envelopeId,
        type,
        payload,
        accepts_response_payload: type === 'slash_commands',
        retry_attempt: 0,
        retry_reason: '',
      }),
    );
    return this.waitFor('ack', () => this.acks.find((ack) => ack.envelope_id === envelopeId));
  }

  /**
   * Sends a signed form POST to the bot, the way Slack delivers slash commands and interactions.
   */
  async send(
    url: string,
    form: string,
    secret: string,
    options: SignedRequestOptions = {},
  ): Promise<{ status: number; text: string; json: Record<string, unknown> | null }> {
    const timestampS = options.timestampS ?? Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestampS),
      'x-slack-signature': options.signature ?? signSlackRequest(secret, timestampS, form),
      ...options.headers,
    };
    for (const name of options.omit ?? []) delete headers[name];
    const response = await fetch(url, { method: 'POST', headers, body: form });
    const text = await response.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
    } catch {
      json = null;
    }
    return { status: response.status, text, json };
  }

  private async waitFor<T>(event: string, find: () => T | undefined): Promise<T> {
    const found = find();
    if (found !== undefined) return found;
    return new Promise<T>((resolve) => {
      const check = (): void => {
        const value = find();
        if (value === undefined) return;
        this.events.off(event, check);
        resolve(value);
      };
      this.events.on(event, check);
    });
  }

  private async route(
    req: IncomingMessage,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const raw = await readBody(req);
    if (path === '/oauth/v2/authorize' && req.method === 'GET') return this.oauth.authorize(url.searchParams);
    if (path.startsWith('/api/')) {
      const method = path.slice('/api/'.length);
      const auth = req.headers.authorization;
      const args = parseArgs(req.headers['content-type'], raw);
      if (method === 'oauth.v2.access') {
        this.webApiCalls.push({ method, token: null, team: null, args });
        this.events.emit('webapi');
        return { status: 200, body: this.oauth.access(args, auth) };
      }
      const token = auth?.startsWith('Bearer ')
        ? auth.slice('Bearer '.length)
        : typeof args.token === 'string'
          ? args.token
          : null;
      const checked = this.oauth.check(token);
      const team = checked !== null && 'workspace' in checked ? checked.workspace.teamId : null;
      this.webApiCalls.push({ method, token, team, args });
      this.events.emit('webapi');
      if (checked !== null && 'error' in checked)
        return { status: 200, body: { ok: false, error: checked.error } };
      if (method === 'auth.test' && checked !== null)
        return { status: 200, body: this.oauth.identity(checked.workspace) };
      const handler = this.handlers.get(method);
      return { status: 200, body: handler ? handler(args) : { ok: false, error: 'unknown_method' } };
    }
    const response = /^\/response\/(command|action)\/([^/]+)$/.exec(path);
    if (response) {
      const origin = response[1] as ResponseUrlOrigin;
      const post: ResponseUrlPost = {
        id: response[2]!,
        origin,
        body: parseArgs(req.headers['content-type'], raw),
      };
      if (origin === 'command') {
        const asked = ['replace_original', 'delete_original'].filter((key) => post.body[key] === true);
        // Real Slack ignores these on a slash command's response_url and posts a new message;
        // refusing them keeps the fake from accepting what Slack would not do.
        if (asked.length > 0) post.rejected = `${asked.join(', ')} on a slash command response_url`;
      }
      this.responses.push(post);
      this.events.emit('response');
      return post.rejected === undefined
        ? { status: 200, body: { ok: true } }
        : { status: 400, body: { ok: false, error: post.rejected } };
    }
    return { status: 404, body: { ok: false, error: 'not_found' } };
  }
}
