import type { Logger } from 'pino';
import type { InteractionControls } from '../adapters/context.js';
import type { Config } from '../config/env.js';
import { COMMANDS } from '../core/commands/registry.js';
import type { Limiter } from '../core/limits.js';
import { AnswerOnce } from '../core/once.js';
import type { StateStore } from '../core/state/store.js';
import { Metrics } from '../ops/metrics.js';
import { Probes, standardChecks } from '../ops/probes.js';
import { DEFAULT_LIMITS, type LimitRules, RateLimiter } from '../ops/rate-limit.js';

/** Command kinds as metrics label them: the registry's commands, nothing a user typed. */
export const COMMAND_KINDS: readonly string[] = COMMANDS.map((command) => command.name);

/**
 * The limits as configured: each per-minute variable sets its scope's limit (keeping the scope's
 * algorithm), and 0 turns it off. Null when every limit is off.
 */
export function configuredLimits(
  config: Pick<
    Config,
    | 'CARBON_LIMIT_USER_PER_MINUTE'
    | 'CARBON_LIMIT_WORKSPACE_PER_MINUTE'
    | 'CARBON_LIMIT_SERVICE_KEY_PER_MINUTE'
  >,
): { rules: LimitRules; off: ReadonlySet<keyof LimitRules> } {
  const perMinute: Record<keyof LimitRules, number> = {
    user: config.CARBON_LIMIT_USER_PER_MINUTE,
    workspace: config.CARBON_LIMIT_WORKSPACE_PER_MINUTE,
    serviceKey: config.CARBON_LIMIT_SERVICE_KEY_PER_MINUTE,
  };
  const off = new Set<keyof LimitRules>();
  const rules = { ...DEFAULT_LIMITS };
  for (const scope of Object.keys(perMinute) as (keyof LimitRules)[]) {
    if (perMinute[scope] === 0) off.add(scope);
    else rules[scope] = { ...DEFAULT_LIMITS[scope], limit: perMinute[scope], windowMs: 60_000 };
  }
  return { rules, off };
}

/** A limiter over the store for the given scopes, skipping those turned off; null when all are. */
export function limiterFor(
  store: StateStore,
  config: Parameters<typeof configuredLimits>[0],
  scopes: readonly (keyof LimitRules)[],
): Limiter | null {
  const { rules, off } = configuredLimits(config);
  const on = scopes.filter((scope) => !off.has(scope));
  if (on.length === 0) return null;
  const limiter = new RateLimiter(store, { rules });
  return { take: (subjects) => limiter.take(subjects.filter((subject) => on.includes(subject.scope))) };
}

export interface ChatOperations {
  metrics: Metrics;
  probes: Probes;
  interactions: InteractionControls;
}

/**
 * What `carbon start` runs beside the adapters: metrics, probes (the database answers, the catalog is
 * loaded, not stopping), each interaction answered once and limits per user and workspace, all over
 * the state store every replica shares.
 */
export function chatOperations(
  config: Config,
  logger: Logger,
  store: StateStore,
  checks: { ping: () => Promise<void>; catalogLoaded: () => boolean },
): ChatOperations {
  const metrics = new Metrics({ commandKinds: COMMAND_KINDS });
  const probes = new Probes(
    standardChecks({ database: { ping: checks.ping }, catalogLoaded: checks.catalogLoaded }),
    { onFailure: (name, error) => logger.warn({ err: error, check: name }, 'readiness check failed') },
  );
  const limiter = limiterFor(store, config, ['user', 'workspace']);
  return {
    metrics,
    probes,
    interactions: {
      once: new AnswerOnce(store, { logger, onDuplicate: (origin) => metrics.duplicate(origin.platform) }),
      limiter,
      onLimited: (origin, scope) => metrics.rateLimited(origin.platform, scope),
    },
  };
}
