import { setTimeout as sleep } from 'node:timers/promises';
import { LookupCancelledError } from '../../core/errors.js';

/**
 * Lookups still running, so stopping the adapter can abort them. Each lookup gets its own
 * controller rather than sharing one long-lived signal: listeners added to a shared signal (e.g. by
 * AbortSignal.any in the API client) would otherwise pile up for the life of the process.
 * Whole handler runs (lookup, rendering, delivery) are tracked too, so that stopping can wait for
 * them to finish before the adapter is reported stopped.
 */
export class InFlight {
  private readonly controllers = new Set<AbortController>();
  private readonly tasks = new Set<Promise<unknown>>();
  private stopped_ = false;

  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (this.stopped_) controller.abort(stopping());
    this.controllers.add(controller);
    try {
      return await work(controller.signal);
    } finally {
      this.controllers.delete(controller);
    }
  }

  /** Runs a handler and remembers it until it settles, so `stop` can wait for it. */
  track<T>(work: () => Promise<T>): Promise<T> {
    const task = work();
    this.tasks.add(task);
    const forget = () => this.tasks.delete(task);
    task.then(forget, forget);
    return task;
  }

  /** True once `abortAll` ran: late replies are then for an adapter that is going away. */
  get stopped(): boolean {
    return this.stopped_;
  }

  get size(): number {
    return this.controllers.size;
  }

  /** Handler runs not yet finished. */
  get pending(): number {
    return this.tasks.size;
  }

  abortAll(): void {
    this.stopped_ = true;
    for (const controller of this.controllers) controller.abort(stopping());
  }

  /**
   * Aborts every lookup, then waits (at most `drainMs`) for the handlers to finish with them:
   * once this resolves, whatever they were going to send or drop has been sent or dropped.
   */
  async stop(drainMs: number): Promise<void> {
    this.abortAll();
    if (this.tasks.size === 0) return;
    await Promise.race([Promise.allSettled([...this.tasks]), sleep(drainMs, undefined, { ref: false })]);
  }
}

/** The abort reason: sources rethrow it, so the reply carries code 'cancelled' and is dropped. */
function stopping(): LookupCancelledError {
  return new LookupCancelledError('the bot is stopping');
}
