/**
 * Admission to one origin's connections. At most `slots` requests are in flight; the rest wait here
 * (not in undici's queue) so that, when a connection frees, a request whose deadline can no longer
 * be met is refused instead of sent: sent, it would hold the connection until its deadline fires and
 * make the requests behind it late too, which is how overload turns a slow upstream into timeouts
 * for almost everyone.
 */
export class Admission {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];
  /** Recent upstream latencies of answered requests, newest last. */
  private readonly latencies: number[] = [];

  constructor(private readonly slots: number) {}

  /**
   * The least time an answer has recently taken: a request with less time left than this will not
   * be answered in time. The minimum, not a mean, so that only hopeless requests are refused.
   */
  get minLatencyMs(): number {
    return this.latencies.length === 0 ? 0 : Math.min(...this.latencies);
  }

  recordLatency(ms: number): void {
    this.latencies.push(ms);
    if (this.latencies.length > LATENCY_WINDOW) this.latencies.shift();
  }

  /**
   * Resolves with a release function once a slot is free and `remainingMs()` still exceeds the
   * upstream's least latency; resolves with null when it no longer does (do not send). Rejects with
   * the signal's reason when it aborts while waiting.
   */
  acquire(remainingMs: () => number, signal: AbortSignal): Promise<(() => void) | null> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (remainingMs() <= this.minLatencyMs) return Promise.resolve(null);
    if (this.inFlight < this.slots) {
      this.inFlight++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        remainingMs,
        resolve: (release) => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.admitNext();
    };
  }

  /** Hands the free slot to the first waiter that can still finish; refuses the hopeless ones. */
  private admitNext(): void {
    while (this.inFlight < this.slots) {
      const next = this.waiting.shift();
      if (next === undefined) return;
      if (next.remainingMs() <= this.minLatencyMs) {
        next.resolve(null);
        continue;
      }
      this.inFlight++;
      next.resolve(this.releaser());
    }
  }
}

/** Enough answers to know the upstream's current floor, few enough to follow it when it changes. */
const LATENCY_WINDOW = 20;

interface Waiter {
  remainingMs: () => number;
  resolve(release: (() => void) | null): void;
}
