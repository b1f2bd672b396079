import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RouteHandler } from '../../server/bot-http.js';
import { type BodyBudget, readUnverifiedBody, UNVERIFIED_BODIES } from '../../server/unverified-body.js';
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
  /** Bytes all unverified bodies may hold together; the process-wide budget by default. */
  budget?: BodyBudget;
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
    const read = await readUnverifiedBody(req, res, limit, options.budget ?? UNVERIFIED_BODIES);
    if ('gone' in read) return;
    if ('refused' in read) {
      const error = read.refused === 413 ? 'body too large' : 'busy';
      logger.warn(
        { status: read.refused, maxBodyBytes: limit },
        'Discord request refused before verification',
      );
      send(res, read.refused, { error }, { connection: 'close' });
      res.once('finish', () => req.destroy());
      return;
    }
    const body = read.body;
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
    if (outcome.duplicate) return send(res, 409, { error: 'interaction already answered' });
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
