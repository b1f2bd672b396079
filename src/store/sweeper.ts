import type { Logger } from 'pino';

export interface Sweepable {
  /** Deletes up to `limit` expired rows; resolves to how many went. */
  sweep(limit: number): Promise<number>;
}

export interface SweeperOptions {
  /** Time between sweeps; a minute. */
  intervalMs?: number;
  /** Rows per statement; 1,000. */
  batch?: number;
  /** Statements per sweep at most; 20. */
  maxBatches?: number;
  logger?: Logger;
  /** Told of each failed sweep (metrics count store errors). */
  onError?: (error: unknown) => void;
}

/**
 * Expired rows are only ever skipped by reads; this deletes them. A minute apart, and at most
 * 20 × 1,000 rows a sweep, so a backlog (after a long stop) is cleared over a few minutes without
 * one long statement holding locks or the embedded database's single connection. Replicas sweep
 * independently: their statements skip each other's rows (FOR UPDATE SKIP LOCKED).
 */
export const SWEEP_INTERVAL_MS = 60_000;
const BATCH = 1_000;
const MAX_BATCHES = 20;

/** One bounded sweep: batches until one comes back short or the cap is reached. Resolves to the rows deleted. */
export async function sweepExpired(
  store: Sweepable,
  batch = BATCH,
  maxBatches = MAX_BATCHES,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const swept = await store.sweep(batch);
    total += swept;
    if (swept < batch) break;
  }
  return total;
}

export interface Sweeper {
  /** Stops sweeping and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/** Sweeps every `intervalMs` until stopped; never overlaps itself; the timer does not keep the process up. */
export function startSweeper(store: Sweepable, options: SweeperOptions = {}): Sweeper {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = sweepExpired(store, options.batch, options.maxBatches)
      .then((swept) => {
        if (swept > 0) options.logger?.debug({ swept }, 'expired state swept');
      })
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'sweeping expired state failed');
        options.onError?.(error);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
