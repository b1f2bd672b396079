import { describe, expect, it } from 'vitest';
import { InFlight } from '../../../src/adapters/slack/inflight.js';

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
});
