import { describe, expect, it } from 'vitest';
import { InFlight } from '../../../src/adapters/slack/inflight.js';
import { LookupCancelledError } from '../../../src/core/errors.js';

const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );

describe('InFlight', () => {
  it('gives each lookup its own signal and forgets it when done', async () => {
    const inflight = new InFlight();
    const signals: AbortSignal[] = [];
    await inflight.run(async (signal) => signals.push(signal));
    await inflight.run(async (signal) => signals.push(signal));
    expect(signals[0]).not.toBe(signals[1]);
    expect(inflight.size).toBe(0);
  });

  it('aborts running lookups on stop, and every later one at once', async () => {
    const inflight = new InFlight();
    const running = inflight.run(untilAborted);
    expect(inflight.size).toBe(1);
    inflight.abortAll();
    await expect(running).rejects.toThrow('stopping');
    expect(inflight.size).toBe(0);
    await expect(inflight.run(async (signal) => signal.aborted)).resolves.toBe(true);
  });

  it('aborts with LookupCancelledError, so the reply says "cancelled" and is dropped', async () => {
    const inflight = new InFlight();
    const running = inflight.run(untilAborted);
    inflight.abortAll();
    const error = await running.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LookupCancelledError);
    expect((error as LookupCancelledError).code).toBe('cancelled');
    const late = await inflight.run(async (signal) => signal.reason);
    expect(late).toBeInstanceOf(LookupCancelledError);
  });

  it('stop waits for tracked handlers to finish with their aborted lookups', async () => {
    const inflight = new InFlight();
    const done: string[] = [];
    const handler = inflight.track(async () => {
      await inflight.run(untilAborted).catch(() => undefined);
      await Promise.resolve();
      done.push('handler finished');
    });
    expect(inflight.pending).toBe(1);
    await inflight.stop(60_000);
    expect(done).toEqual(['handler finished']);
    expect(inflight.pending).toBe(0);
    await handler;
  });

  it('stop gives up waiting after drainMs for a handler that never finishes', async () => {
    const inflight = new InFlight();
    void inflight.track(() => new Promise<void>(() => {}));
    await inflight.stop(10);
    expect(inflight.pending).toBe(1);
  });
});
