import type { Limiter } from '../core/limits.js';
import type { StateStore } from '../core/state/store.js';
import { DEFAULT_LIMITS, type LimitRules, leaseFor, RateLimiter } from './rate-limit.js';

/**
 * The limits as configured: each per-minute variable sets its scope's limit (keeping the scope's
 * algorithm), and 0 turns it off (src/ops/registration.ts declares the variables).
 */
export interface LimitsConfig {
  CARBON_LIMIT_USER_PER_MINUTE: number;
  CARBON_LIMIT_WORKSPACE_PER_MINUTE: number;
  CARBON_LIMIT_SERVICE_KEY_PER_MINUTE: number;
}

export function configuredLimits(config: LimitsConfig): {
  rules: LimitRules;
  off: ReadonlySet<keyof LimitRules>;
} {
  const perMinute: Record<keyof LimitRules, number> = {
    user: config.CARBON_LIMIT_USER_PER_MINUTE,
    workspace: config.CARBON_LIMIT_WORKSPACE_PER_MINUTE,
    serviceKey: config.CARBON_LIMIT_SERVICE_KEY_PER_MINUTE,
  };
  const off = new Set<keyof LimitRules>();
  const rules = { ...DEFAULT_LIMITS };
  for (const scope of Object.keys(perMinute) as (keyof LimitRules)[]) {
    if (perMinute[scope] === 0) off.add(scope);
    else {
      const rule = { ...DEFAULT_LIMITS[scope], limit: perMinute[scope], windowMs: 60_000 };
      rules[scope] = rule.algorithm === 'fixed' ? { ...rule, lease: leaseFor(rule.limit) } : rule;
    }
  }
  return { rules, off };
}

/** A limiter over the store for the given scopes, skipping those turned off; null when all are. */
export function limiterFor(
  store: StateStore,
  config: LimitsConfig,
  scopes: readonly (keyof LimitRules)[],
): Limiter | null {
  const { rules, off } = configuredLimits(config);
  const on = scopes.filter((scope) => !off.has(scope));
  if (on.length === 0) return null;
  const limiter = new RateLimiter(store, { rules });
  return { take: (subjects) => limiter.take(subjects.filter((subject) => on.includes(subject.scope))) };
}
