import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type BodyBudget, readUnverifiedBody, UNVERIFIED_BODIES } from '../../server/unverified-body.js';

/** Slack's own tolerance: a request signed more than five minutes from now is a replay or a bad clock. */
export const MAX_CLOCK_SKEW_S = 5 * 60;
/**
 * What this app receives is small: slash commands are a handful of form fields, and block_actions
 * payloads carry the bot's own card (a few KiB). 128 KiB still holds a message at Slack's documented
 * maximum of 40,000 characters of text, URL-encoded, with room to spare; anything larger is not a
 * payload for this app, and it is refused before it is held.
 */
export const MAX_BODY_BYTES = 128 * 1024;

/**
 * Checks that need only the headers, before Bolt reads the body. Bolt verifies the HMAC and rejects
 * missing headers and timestamps more than five minutes old, but accepts timestamps in the future;
 * this closes that gap and refuses bodies that announce an oversized content-length.
 */
export function precheck(req: IncomingMessage, nowMs = Date.now()): number | null {
  const length = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(length) && length > MAX_BODY_BYTES) return 413;
  const timestamp = req.headers['x-slack-request-timestamp'];
  if (typeof timestamp === 'string' && timestamp !== '') {
    const seconds = Number(timestamp);
    if (!Number.isFinite(seconds) || Math.abs(nowMs / 1000 - seconds) > MAX_CLOCK_SKEW_S) return 401;
  }
  return null;
}

/** The `/slack/events` route on the shared server, handing verified requests to Bolt's listener. */
export function slackEventsRoute(
  listener: RequestListener,
  logger: Logger,
  maxBodyBytes = MAX_BODY_BYTES,
  budget: BodyBudget = UNVERIFIED_BODIES,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const status = precheck(req);
    if (status !== null) {
      logger.warn({ status }, 'Slack request refused before verification');
      req.resume();
      res.writeHead(status).end();
      return;
    }
    const read = await readUnverifiedBody(req, res, maxBodyBytes, budget);
    if ('gone' in read) return; // the client went away mid-body
    if ('refused' in read) {
      logger.warn({ status: read.refused, maxBodyBytes }, 'Slack request refused: body over the limit');
      // Answer, then drop the connection rather than read the rest of an unbounded body.
      res.writeHead(read.refused, { connection: 'close' }).end(() => req.destroy());
      return;
    }
    const body = read.body;
    // Bolt reads `rawBody` when it is already there (bufferIncomingMessage) and verifies the
    // signature over it, so the body is read once, here, under the limit.
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    listener(req, res);
  };
}
