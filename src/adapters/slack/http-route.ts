import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Slack's own tolerance: a request signed more than five minutes from now is a replay or a bad clock. */
export const MAX_CLOCK_SKEW_S = 5 * 60;
/** Interaction payloads carry the whole message; 1 MiB is far above anything Slack sends. */
export const MAX_BODY_BYTES = 1024 * 1024;

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

/**
 * Reads the body, counting bytes as they stream in: a chunked body has no content-length for
 * `precheck` to refuse, and would otherwise be buffered until the server's request timeout.
 * Resolves with the body, or null once it passes `maxBytes` (or the client goes away).
 */
export function readBodyWithin(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Buffer | null): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        req.pause();
        finish(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(Buffer.concat(chunks, size));
    const onError = (): void => finish(null);
    // The client went away before the end of the body (no 'end' will come).
    const onClose = (): void => finish(null);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The `/slack/events` route on the shared server, handing verified requests to Bolt's listener. */
export function slackEventsRoute(listener: RequestListener, logger: Logger, maxBodyBytes = MAX_BODY_BYTES) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const status = precheck(req);
    if (status !== null) {
      logger.warn({ status }, 'Slack request refused before verification');
      req.resume();
      res.writeHead(status).end();
      return;
    }
    const body = await readBodyWithin(req, maxBodyBytes);
    if (body === null) {
      if (req.destroyed || res.destroyed) return; // the client went away mid-body
      logger.warn({ status: 413, maxBodyBytes }, 'Slack request refused: body over the limit');
      // Answer, then drop the connection rather than read the rest of an unbounded body.
      res.writeHead(413, { connection: 'close' }).end(() => req.destroy());
      return;
    }
    // Bolt reads `rawBody` when it is already there (bufferIncomingMessage) and verifies the
    // signature over it, so the body is read once, here, under the limit.
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    listener(req, res);
  };
}
