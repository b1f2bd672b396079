import type { Logger } from 'pino';
import type { InteractionControls } from '../adapters/context.js';
import type { Config } from '../config/env.js';
import { COMMANDS } from '../core/commands/registry.js';
import { AnswerOnce } from '../core/once.js';
import type { StateStore } from '../core/state/store.js';
import { limiterFor } from '../ops/limits-config.js';
import { Metrics } from '../ops/metrics.js';
import { Probes, standardChecks } from '../ops/probes.js';

/** Command kinds as metrics label them: the registry's commands, nothing a user typed. */
export const COMMAND_KINDS: readonly string[] = COMMANDS.map((command) => command.name);

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
