import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RouteHandler } from '../../server/bot-http.js';
import type { InteractionHandler } from './handler.js';
import type { DiscordRest } from './rest.js';
import type { SignatureVerifier } from './signature.js';

export const INTERACTIONS_PATH = '/discord/interactions';
/** Interactions are a few KiB; anything near this is not from Discord. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface InteractionsRouteOptions {
  verify: SignatureVerifier;
  handler: InteractionHandler;
  rest: DiscordRest;
  logger: Logger;
  /** Follow-up work in flight, so that stopping can wait for it. */
  track?: (work: Promise<void>) => void;
  /** Answers 503 once the adapter has stopped (routes cannot be removed from the server). */
  isStopped?: () => boolean;
  maxBodyBytes?: number;
}

/**
 * POST /discord/interactions: Discord's outgoing-webhook transport. Signature first, so that no
 * handler ever sees an unsigned body; the response body is the interaction response itself.
 */
export function interactionsRoute(options: InteractionsRouteOptions): RouteHandler {
  const { verify, handler, rest, logger } = options;
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;

  return async (req, res) => {
    if (options.isStopped?.()) return send(res, 503, { error: 'shutting down' });
    const body = await readBody(req, limit);
    if (body === null) {
      send(res, 413, { error: 'body too large' }, { connection: 'close' });
      res.once('finish', () => req.destroy());
      return;
    }
    const signature = header(req, 'x-signature-ed25519');
    const timestamp = header(req, 'x-signature-timestamp');
    if (!verify(signature, timestamp, body)) {
      return send(res, 401, { error: 'invalid request signature' });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return send(res, 400, { error: 'body is not JSON' });
    }
    const outcome = await handler(payload);
    if (outcome === null) return send(res, 400, { error: 'unsupported interaction' });
    const after = outcome.after;
    if (after !== undefined) {
      // Edits must reach Discord after the acknowledgement they edit, so wait until it is sent.
      res.once('finish', () => {
        const work = after(rest).catch((error: unknown) => {
          logger.error({ err: error }, 'Discord follow-up failed');
        });
        options.track?.(work);
      });
    }
    send(res, 200, outcome.response);
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The raw body, or null as soon as it exceeds the limit. Reading stops there without destroying
 * the socket, so the 413 can still be sent.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
