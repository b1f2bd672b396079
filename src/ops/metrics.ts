import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { ERROR_CODES, type ErrorCode } from '../core/errors.js';
import type { Telemetry } from '../core/telemetry.js';

/**
 * Prometheus metrics through prom-client, on a registry of their own (not prom-client's global one),
 * so each process or test builds its own set. Labels are closed lists: a platform, a command kind
 * from the command registry, an outcome (an ErrorCode), an upstream, a cache, a store operation.
 * Never a user, channel, workspace or server id, nor anything a user typed: every distinct label
 * value is a time series kept forever, and ids would be both unbounded and personal.
 */

export const PLATFORMS = ['slack', 'discord', 'cli', 'shell', 'service'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * A command's outcome: what core/commands/answer.ts's outcomeOf says (answered, help, usage, too few
 * options, or the error code it answered with); `ok` for a service request answered. Anything else is
 * counted as "other", so the label stays a closed list.
 */
export const OUTCOMES = ['ok', 'answered', 'help', 'usage', 'too_few', ...ERROR_CODES] as const;
export type Outcome = 'ok' | 'answered' | 'help' | 'usage' | 'too_few' | ErrorCode;

export const UPSTREAMS = ['greenswapp', 'slack', 'discord'] as const;
export type Upstream = (typeof UPSTREAMS)[number];
export type UpstreamOutcome = 'ok' | 'error' | 'timeout' | 'rate_limited';

export const CACHES = ['api', 'service'] as const;
export type CacheName = (typeof CACHES)[number];

export const STORE_OPERATIONS = [
  'get',
  'set',
  'delete',
  'claim',
  'increment',
  'sweep',
  'installation',
] as const;
export type StoreOperation = (typeof STORE_OPERATIONS)[number];

/** Every label any metric here carries; a test holds the metrics to it. */
export const LABEL_NAMES = [
  'platform',
  'kind',
  'outcome',
  'upstream',
  'cache',
  'result',
  'operation',
  'scope',
] as const;

/**
 * Seconds. Dense below Slack's and Discord's 3 s acknowledgement deadline, where the answers that
 * matter fall, with 3 itself a boundary; up to 15 s for deferred answers (the API lookup's 8 s
 * timeout, a retry, a late delivery).
 */
const COMMAND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 15];
/** The upstream API's answers take hundreds of milliseconds to seconds (sources/api/http-client.ts). */
const UPSTREAM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8];

export interface MetricsOptions {
  /** The command kinds the registry defines; any other kind is counted as "other". */
  commandKinds: readonly string[];
  /** Process metrics (CPU, memory, event-loop lag, GC): on by default. */
  processMetrics?: boolean;
}

export class Metrics implements Telemetry {
  readonly registry = new Registry();
  private readonly kinds: ReadonlySet<string>;
  private readonly outcomes: ReadonlySet<string> = new Set(OUTCOMES);
  private readonly commands: Counter<'platform' | 'kind' | 'outcome'>;
  private readonly commandSeconds: Histogram<'platform' | 'kind'>;
  private readonly upstreamCalls: Counter<'upstream' | 'outcome'>;
  private readonly upstreamSeconds: Histogram<'upstream'>;
  private readonly cacheLookups: Counter<'cache' | 'result'>;
  private readonly storeErrors: Counter<'operation'>;
  private readonly limited: Counter<'platform' | 'scope'>;
  private readonly duplicates: Counter<'platform'>;

  constructor(options: MetricsOptions) {
    this.kinds = new Set(options.commandKinds);
    const registers = [this.registry];
    this.commands = new Counter({
      name: 'carbon_commands_total',
      help: 'Commands answered, by platform, command kind and outcome (ok or the error code).',
      labelNames: ['platform', 'kind', 'outcome'],
      registers,
    });
    this.commandSeconds = new Histogram({
      name: 'carbon_command_duration_seconds',
      help: 'Time from a command’s arrival to its answer.',
      labelNames: ['platform', 'kind'],
      buckets: COMMAND_BUCKETS,
      registers,
    });
    this.upstreamCalls = new Counter({
      name: 'carbon_upstream_requests_total',
      help: 'Requests to upstream services (GreenSwapp API, Slack, Discord), by outcome.',
      labelNames: ['upstream', 'outcome'],
      registers,
    });
    this.upstreamSeconds = new Histogram({
      name: 'carbon_upstream_request_duration_seconds',
      help: 'Time an upstream request took, retries included.',
      labelNames: ['upstream'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'carbon_cache_lookups_total',
      help: 'Answer-cache lookups, by cache and hit or miss.',
      labelNames: ['cache', 'result'],
      registers,
    });
    this.storeErrors = new Counter({
      name: 'carbon_store_errors_total',
      help: 'State-store operations that failed, by operation.',
      labelNames: ['operation'],
      registers,
    });
    this.limited = new Counter({
      name: 'carbon_rate_limited_total',
      help: 'Requests refused by a rate limit, by platform and the scope whose limit was reached.',
      labelNames: ['platform', 'scope'],
      registers,
    });
    this.duplicates = new Counter({
      name: 'carbon_duplicate_interactions_total',
      help: 'Interactions already answered (platform retries, replays, second presses), not processed again.',
      labelNames: ['platform'],
      registers,
    });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** One answered command: counted by outcome, timed. */
  command(platform: Platform, kind: string, outcome: Outcome | string, seconds: number): void {
    const known = this.kinds.has(kind) ? kind : 'other';
    const ended = this.outcomes.has(outcome) ? outcome : 'other';
    this.commands.inc({ platform, kind: known, outcome: ended });
    this.commandSeconds.observe({ platform, kind: known }, seconds);
  }

  // Telemetry (src/core/telemetry.ts): what core and the sources report.

  commandAnswered(surface: string, command: string, outcome: string, seconds: number): void {
    const platform = (PLATFORMS as readonly string[]).includes(surface) ? (surface as Platform) : 'cli';
    this.command(platform, command, outcome, seconds);
  }

  upstreamCall(outcome: UpstreamOutcome, seconds: number): void {
    this.upstream('greenswapp', outcome, seconds);
  }

  cacheLookup(hit: boolean): void {
    this.cache('api', hit);
  }

  upstream(upstream: Upstream, outcome: UpstreamOutcome, seconds: number): void {
    this.upstreamCalls.inc({ upstream, outcome });
    this.upstreamSeconds.observe({ upstream }, seconds);
  }

  cache(cache: CacheName, hit: boolean): void {
    this.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  storeError(operation: StoreOperation): void {
    this.storeErrors.inc({ operation });
  }

  rateLimited(platform: Platform, scope: 'user' | 'workspace' | 'serviceKey'): void {
    this.limited.inc({ platform, scope });
  }

  duplicate(platform: Platform): void {
    this.duplicates.inc({ platform });
  }

  /** The Prometheus text exposition, for GET /metrics. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** GET /metrics for a node:http route (the bot's server, `carbon serve`). */
export function metricsHandler(
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (_req, res) => {
    const { contentType, body } = await metrics.exposition();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
  };
}
