import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Slack's own tolerance: a request signed more than five minutes from now is a replay or a bad clock. */
export const MAX_CLOCK_SKEW_S = 5 * 60;
/** Interaction payloads carry the whole message; 1 MiB is far above anything Slack sends. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Checks that need only the headers, before Bolt reads the body. Bolt verifies the HMAC and rejects
 * missing headers and timestamps more than five minutes old, but accepts timestamps in the future;
 * this closes that gap and refuses oversized bodies.
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
export function slackEventsRoute(listener: RequestListener, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const status = precheck(req);
    if (status !== null) {
      logger.warn({ status }, 'Slack request refused before verification');
      req.resume();
      res.writeHead(status).end();
      return;
    }
    listener(req, res);
  };
}
