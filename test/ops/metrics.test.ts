import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import type { StateStore } from '../../src/core/state/store.js';
import { InstrumentedStateStore } from '../../src/ops/instrumented-store.js';
import { LABEL_NAMES, Metrics } from '../../src/ops/metrics.js';

const value = async (metrics: Metrics, name: string, labels: Record<string, string>) => {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
};

describe('Metrics', () => {
  it('counts commands by platform, kind and outcome, and times them', async () => {
    const metrics = new Metrics({ commandKinds: ['product', 'compare'], processMetrics: false });
    metrics.command('slack', 'product', 'ok', 0.2);
    metrics.command('slack', 'product', 'ok', 0.4);
    metrics.command('discord', 'compare', 'rate_limited', 0.01);
    expect(
      await value(metrics, 'carbon_commands_total', { platform: 'slack', kind: 'product', outcome: 'ok' }),
    ).toBe(2);
    expect(
      await value(metrics, 'carbon_commands_total', {
        platform: 'discord',
        kind: 'compare',
        outcome: 'rate_limited',
      }),
    ).toBe(1);
    const { body } = await metrics.exposition();
    expect(body).toContain(
      'carbon_command_duration_seconds_bucket{le="3",platform="slack",kind="product"} 2',
    );
    expect(body).toContain('carbon_command_duration_seconds_sum{platform="slack",kind="product"} 0.6');
  });

  it('counts a kind the registry does not define as "other", so typed text cannot make new series', async () => {
    const metrics = new Metrics({ commandKinds: ['product'], processMetrics: false });
    metrics.command('slack', 'drop table; --', 'invalid_input', 0.001);
    const { body } = await metrics.exposition();
    expect(body).toContain('kind="other"');
    expect(body).not.toContain('drop table');
  });

  it('counts upstream calls and failures, cache hits, store errors, limits and duplicates', async () => {
    const metrics = new Metrics({ commandKinds: [], processMetrics: false });
    metrics.upstream('greenswapp', 'ok', 0.3);
    metrics.upstream('greenswapp', 'timeout', 8);
    metrics.cache('api', true);
    metrics.cache('api', false);
    metrics.storeError('claim');
    metrics.rateLimited('slack', 'user');
    metrics.duplicate('discord');
    const { body } = await metrics.exposition();
    for (const line of [
      'carbon_upstream_requests_total{upstream="greenswapp",outcome="timeout"} 1',
      'carbon_upstream_request_duration_seconds_count{upstream="greenswapp"} 2',
      'carbon_cache_lookups_total{cache="api",result="hit"} 1',
      'carbon_cache_lookups_total{cache="api",result="miss"} 1',
      'carbon_store_errors_total{operation="claim"} 1',
      'carbon_rate_limited_total{platform="slack",scope="user"} 1',
      'carbon_duplicate_interactions_total{platform="discord"} 1',
    ]) {
      expect(body).toContain(line);
    }
  });

  it('labels nothing by user, channel, team, workspace, guild or server', async () => {
    const metrics = new Metrics({ commandKinds: ['product'], processMetrics: false });
    const names = (await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      // prom-client keeps each metric's declared label names on the metric.
      const { labelNames } = metrics.registry.getSingleMetric(name) as unknown as { labelNames: string[] };
      for (const label of labelNames) {
        expect(LABEL_NAMES as readonly string[], `${name}: ${label}`).toContain(label);
        expect(label).not.toMatch(/user|channel|team|workspace|guild|server|query|name|id$/i);
      }
    }
  });

  it('takes outcomes from the error hierarchy’s codes', () => {
    const metrics = new Metrics({ commandKinds: ['product'], processMetrics: false });
    for (const code of ERROR_CODES) metrics.command('cli', 'product', code, 0.001);
  });
});

describe('InstrumentedStateStore', () => {
  it('counts a failing operation and passes the error on; a caller’s bad TTL is not a store failure', async () => {
    const metrics = new Metrics({ commandKinds: [], processMetrics: false });
    const failing: StateStore = Object.assign(new MemoryStateStore(), {
      claim: async () => {
        throw new Error('connection terminated');
      },
    });
    const store = new InstrumentedStateStore(failing, metrics);
    await expect(store.claim('claim:x', 1_000)).rejects.toThrow('connection terminated');
    await expect(store.set('k', 1, -1)).rejects.toThrow(RangeError);
    await store.set('k', 1, 1_000);
    expect(await store.get('k')).toBe(1);
    expect(await value(metrics, 'carbon_store_errors_total', { operation: 'claim' })).toBe(1);
    expect(await value(metrics, 'carbon_store_errors_total', { operation: 'set' })).toBeUndefined();
  });
});
