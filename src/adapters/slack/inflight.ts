/**
 * Lookups still running, so stopping the adapter can abort them. Each lookup gets its own
 * controller rather than sharing one long-lived signal: listeners added to a shared signal (e.g. by
 * AbortSignal.any in the API client) would otherwise pile up for the life of the process.
 */
export class InFlight {
  private readonly controllers = new Set<AbortController>();
  private stopped_ = false;

  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (this.stopped_) controller.abort(new Error('the Slack adapter is stopping'));
    this.controllers.add(controller);
    try {
      return await work(controller.signal);
    } finally {
      this.controllers.delete(controller);
    }
  }

  /** True once `abortAll` ran: late replies are then for an adapter that is going away. */
  get stopped(): boolean {
    return this.stopped_;
  }

  get size(): number {
    return this.controllers.size;
  }

  abortAll(): void {
    this.stopped_ = true;
    for (const controller of this.controllers) controller.abort(new Error('the Slack adapter is stopping'));
  }
}
