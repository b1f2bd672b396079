import { createHmac, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { FakeSlackOAuth } from './fake-slack-oauth.js';
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
 */

export interface WebApiCall {
  method: string;
  /** The bearer token the bot sent (tests assert which token, never print it). */
  token: string | null;
  /** The workspace of that token when the fake issued it through OAuth; null otherwise. */
  team: string | null;
  args: Record<string, unknown>;
}

/**
 * Where a response_url came from. Slack lets an interaction's response_url (block_actions) replace or
 * delete the message that holds the button, but a slash command's response_url can only post new
 * messages: `replace_original`/`delete_original` there do not touch the command's ephemeral ack
 * (api.slack.com/messaging/modifying; slackapi/bolt-js#2287, bolt-python#1268).
 */
export type ResponseUrlOrigin = 'command' | 'action';

export interface ResponseUrlPost {
  id: string;
  origin: ResponseUrlOrigin;
  body: Record<string, unknown>;
  /** Set when the fake refused the post (HTTP 400) because real Slack would not do what it asks. */
  rejected?: string;
}

/** The parts of a modal view the fake checks and echoes back in a view_submission. */
export interface ModalView {
  type: string;
  callback_id?: string;
  private_metadata?: string;
  title?: { type: string; text: string };
  submit?: { type: string; text: string };
  close?: { type: string; text: string };
  blocks?: {
    type: string;
    block_id?: string;
    label?: { type: string; text: string };
    element?: {
      type: string;
      action_id?: string;
      max_length?: number;
      placeholder?: { type: string; text: string };
    };
  }[];
}

export interface SocketAck {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

export type WebApiHandler = (args: Record<string, unknown>) => Record<string, unknown>;

export interface SignedRequestOptions {
  /** Defaults to now; set it to test stale or future timestamps. */
  timestampS?: number;
  /** Overrides the computed signature. */
  signature?: string;
  /** Leaves out the named headers. */
  omit?: ('x-slack-signature' | 'x-slack-request-timestamp')[];
  contentType?: string;
  /** More headers, e.g. Slack's X-Slack-Retry-Num and X-Slack-Retry-Reason on a retry. */
  headers?: Record<string, string>;
}

export function signSlackRequest(secret: string, timestampS: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestampS}:${body}`).digest('hex')}`;
}

function parseArgs(contentType: string | undefined, raw: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    // The Web API client form-encodes arrays and objects (blocks, attachments) as JSON strings.
    args[key] = value.startsWith('[') || value.startsWith('{') ? JSON.parse(value) : value;
  }
  return args;
}

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
   * views.open as documented (docs.slack.dev/reference/methods/views.open, .../views/modal-views):
   * a trigger_id is needed and used once; a modal's title, submit and close are plain_text of at
   * most 24 characters, private_metadata at most 3,000, callback_id at most 255, at most 100
   * blocks; an input block's plain_text_input takes max_length up to 3,000 and placeholders up to
   * 150. Refusals answer as Slack does ({ ok: false, error }).
   */
  private openView(args: Record<string, unknown>): Record<string, unknown> {
    const trigger = args.trigger_id;
    if (typeof trigger !== 'string' || trigger === '') return { ok: false, error: 'invalid_trigger_id' };
    if (this.usedTriggers.has(trigger)) return { ok: false, error: 'exchanged_trigger_id' };
    const view = (typeof args.view === 'string' ? JSON.parse(args.view) : args.view) as ModalView;
    const text = (element: { type?: string; text?: string } | undefined, max: number) =>
      element === undefined || (element.type === 'plain_text' && (element.text ?? '').length <= max);
    const inputs = (view.blocks ?? []).filter((block) => block.type === 'input');
    const valid =
      view.type === 'modal' &&
      view.title !== undefined &&
      text(view.title, 24) &&
      text(view.submit, 24) &&
      text(view.close, 24) &&
      (view.private_metadata ?? '').length <= 3000 &&
      (view.callback_id ?? '').length <= 255 &&
      (view.blocks ?? []).length <= 100 &&
      (inputs.length === 0 || view.submit !== undefined) &&
      inputs.every(
        (block) =>
          text(block.label, 2000) &&
          block.element?.type === 'plain_text_input' &&
          (block.element.max_length ?? 0) <= 3000 &&
          text(block.element.placeholder, 150),
      );
    if (!valid) return { ok: false, error: 'invalid_arguments' };
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

let triggers = 0;
/**
 * A trigger_id as Slack makes them ("13345224609.738474920.8088930838d88f008e0"): a new one for every
 * user action, the same in every retry of it. The bot answers each trigger_id once.
 */
export function newTriggerId(): string {
  triggers += 1;
  return `${Date.now()}.${process.pid}${triggers}.${randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

/**
 * An Events API callback as Slack posts it (JSON, signed like every request): the envelope of
 * docs.slack.dev/reference/events/app_uninstalled and …/tokens_revoked, with the workspace's team_id.
 */
export function eventCallbackBody(teamId: string, event: Record<string, unknown>): string {
  return JSON.stringify({
    token: 'deprecated-verification-token',
    team_id: teamId,
    api_app_id: 'A0000001',
    event: { ...event, event_ts: `${Date.now() / 1000}` },
    type: 'event_callback',
    event_id: `Ev${randomUUID().slice(0, 8).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
  });
}

/** The form body Slack sends for `/carbon <text>`. */
export function slashCommandForm(
  text: string,
  responseUrl: string,
  fields: Record<string, string> = {},
): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: 'T0000001',
    team_domain: 'fake',
    channel_id: 'C0000001',
    channel_name: 'general',
    user_id: 'U0000001',
    user_name: 'asker',
    command: '/carbon',
    text,
    api_app_id: 'A0000001',
    is_enterprise_install: 'false',
    response_url: responseUrl,
    trigger_id: newTriggerId(),
    ...fields,
  }).toString();
}

/** A block_actions payload for a button press on an ephemeral message. */
export function buttonPayload(
  actionId: string,
  value: string,
  responseUrl: string,
  user = 'U0000002',
  channel = 'C0000001',
): Record<string, unknown> {
  return {
    type: 'block_actions',
    team: { id: 'T0000001', domain: 'fake' },
    user: { id: user, username: 'sharer', name: 'sharer', team_id: 'T0000001' },
    api_app_id: 'A0000001',
    token: 'deprecated-verification-token',
    container: { type: 'message', message_ts: '1.1', channel_id: channel, is_ephemeral: true },
    trigger_id: newTriggerId(),
    channel: { id: channel, name: 'general' },
    response_url: responseUrl,
    actions: [
      {
        type: 'button',
        action_id: actionId,
        block_id: 'b1',
        text: { type: 'plain_text', text: 'Share in channel' },
        value,
        action_ts: '2.2',
      },
    ],
  };
}

export function interactionForm(payload: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** The slash command fields as Socket Mode delivers them (the same names as the HTTP form). */
export function slashCommandPayload(text: string, responseUrl: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(slashCommandForm(text, responseUrl)));
}

/**
 * The view_submission Slack sends when the user submits an opened modal: the view echoed with its
 * callback_id and private_metadata, and state.values keyed by block_id then action_id, each a
 * plain_text_input's value (null when left empty). `typed` maps block_ids to what was typed.
 */
export function viewSubmissionPayload(
  view: ModalView & { id: string },
  typed: Record<string, string>,
  user = 'U0000001',
): Record<string, unknown> {
  const values: Record<string, Record<string, { type: string; value: string | null }>> = {};
  for (const block of view.blocks ?? []) {
    if (block.type !== 'input' || block.block_id === undefined || block.element?.action_id === undefined)
      continue;
    const value = typed[block.block_id];
    values[block.block_id] = {
      [block.element.action_id]: {
        type: 'plain_text_input',
        value: value === undefined || value === '' ? null : value,
      },
    };
  }
  return {
    type: 'view_submission',
    team: { id: 'T0000001', domain: 'fake' },
    user: { id: user, username: 'asker', name: 'asker', team_id: 'T0000001' },
    api_app_id: 'A0000001',
    token: 'deprecated-verification-token',
    trigger_id: newTriggerId(),
    view: { ...view, state: { values }, hash: '1.abc' },
    response_urls: [],
  };
}
