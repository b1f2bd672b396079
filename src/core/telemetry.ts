/**
 * What core and the sources report as they work, for the operator's metrics (src/ops/metrics.ts
 * implements it on prom-client; the app passes it in). Only closed lists of labels: a surface, a
 * command, an outcome, an upstream; never a user, a channel, a workspace, or anything typed.
 */
export interface Telemetry {
  /**
   * A command answered: where (a surface of core/commands/surface.ts), which command, how it ended
   * (core/commands/answer.ts's Outcome) and how long it took.
   */
  commandAnswered(surface: string, command: string, outcome: string, seconds: number): void;
  /** A request to the upstream API, by outcome, with its time (retries included). */
  upstreamCall(outcome: 'ok' | 'error' | 'timeout' | 'rate_limited', seconds: number): void;
  /** An answer-cache lookup of the API source. */
  cacheLookup(hit: boolean): void;
}

export const NO_TELEMETRY: Telemetry = {
  commandAnswered: () => {},
  upstreamCall: () => {},
  cacheLookup: () => {},
};
