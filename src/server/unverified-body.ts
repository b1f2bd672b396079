import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Bytes held for request bodies whose signature has not been checked yet, across all requests.
 * Slack and Discord sign the body, so it must be read before it can be verified; each route caps one
 * request, and this caps them together, so many connections sending large bogus bodies cannot make
 * the bot hold more than `totalBytes`.
 */
export class BodyBudget {
  private used = 0;

  constructor(readonly totalBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** Reserves `bytes`, or returns false (reserving nothing) when that would pass the total. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.totalBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/**
 * 4 MiB for all unverified bodies at once: 32 Slack requests at their 128 KiB cap, or hundreds at
 * the few KiB Slack and Discord really send. Genuine traffic never comes near it; past it, a request
 * gets 503 at once instead of costing memory.
 */
export const UNVERIFIED_BODIES = new BodyBudget(4 * 1024 * 1024);

export type BodyRead = { body: Buffer } | { refused: 413 | 503 } | { gone: true };

/**
 * Reads a body of at most `maxBytes`, counting each chunk against `budget` as it arrives: 413 once
 * the request passes its own limit (or announces it in content-length), 503 once all unverified
 * bodies together would pass the budget, `gone` if the client went away. The reservation is given
 * back when the response is finished or the connection closes, so it covers the time the body is
 * held for verification.
 */
export function readUnverifiedBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  budget: BodyBudget = UNVERIFIED_BODIES,
): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ refused: 413 });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let reserved = 0;
    let settled = false;
    const giveBack = (): void => {
      budget.give(reserved);
      reserved = 0;
    };
    const finish = (outcome: BodyRead): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      if (!('body' in outcome)) {
        chunks.length = 0;
        giveBack();
      } else {
        // Held until the answer is out: verification and the handler run in between.
        if (res.writableFinished || res.destroyed) giveBack();
        else res.once('close', giveBack);
      }
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish({ refused: 413 });
        return;
      }
      if (!budget.take(chunk.length)) {
        req.pause();
        finish({ refused: 503 });
        return;
      }
      reserved += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = (): void => finish({ body: Buffer.concat(chunks, size) });
    const onGone = (): void => finish({ gone: true });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    // The client went away before the end of the body (no 'end' will come).
    req.on('close', onGone);
  });
}
