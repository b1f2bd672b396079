import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Liveness and readiness, kept apart (one /healthz served both): an orchestrator restarts a process
 * that is not live, and only stops sending traffic to one that is not ready. A database outage
 * makes every replica unready, never "dead": restarting them all would not bring it back.
 */

export interface ReadinessCheck {
  /** "database", "catalog": the name shown in /readyz's body. */
  name: string;
  /** Resolves when ready; throws or rejects when not. */
  check(): Promise<void> | void;
}

export interface ProbeAnswer {
  status: 200 | 503;
  body: { status: 'ok' | 'ready' | 'not ready' | 'stopping'; checks?: Record<string, 'ok' | 'failed'> };
}

/**
 * A load balancer probes every few seconds; a check hanging on a dead database connection must
 * answer "not ready" well within its probe timeout (Kubernetes' default: 1 s; compose's and the
 * Dockerfile's: 5 s), not time the probe out.
 */
export const CHECK_TIMEOUT_MS = 800;

export class Probes {
  private stopping = false;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly options: { timeoutMs?: number; onFailure?: (name: string, error: unknown) => void } = {},
  ) {}

  /** From now on /readyz answers 503 "stopping", so load balancers send nothing new (SIGTERM). */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Alive while the process answers at all: nothing it depends on can make it "dead". */
  live(): ProbeAnswer {
    return { status: 200, body: { status: 'ok' } };
  }

  async ready(): Promise<ProbeAnswer> {
    if (this.stopping) return { status: 503, body: { status: 'stopping' } };
    const timeoutMs = this.options.timeoutMs ?? CHECK_TIMEOUT_MS;
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          await withTimeout(Promise.resolve().then(check), timeoutMs, name);
          return [name, 'ok'] as const;
        } catch (error) {
          this.options.onFailure?.(name, error);
          return [name, 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, result]) => result === 'ok');
    return {
      status: ready ? 200 : 503,
      body: { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) },
    };
  }

  /** GET /livez and GET /readyz for a node:http route (the bot's server, `carbon serve`). */
  handlers(): Record<'livez' | 'readyz', (req: IncomingMessage, res: ServerResponse) => Promise<void>> {
    const send = (res: ServerResponse, answer: ProbeAnswer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(answer.body));
    };
    return {
      livez: async (_req, res) => send(res, this.live()),
      readyz: async (_req, res) => send(res, await this.ready()),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The readiness checks every server has: the database answers, the catalog is loaded. */
export function standardChecks(deps: {
  database?: { ping(): Promise<void> };
  catalogLoaded?: () => boolean;
}): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [];
  if (deps.database) {
    const database = deps.database;
    checks.push({ name: 'database', check: () => database.ping() });
  }
  if (deps.catalogLoaded) {
    const loaded = deps.catalogLoaded;
    checks.push({
      name: 'catalog',
      check: () => {
        if (!loaded()) throw new Error('the catalog is not loaded');
      },
    });
  }
  return checks;
}
