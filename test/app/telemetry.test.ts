import { describe, expect, it } from 'vitest';
import { createCommandServices } from '../../src/app/services.js';
import { commandHandler } from '../../src/core/commands/run.js';
import { silentLogger } from '../../src/logging/logger.js';
import { Metrics } from '../../src/ops/metrics.js';
import { createApiSource } from '../../src/sources/api/index.js';
import { startFakeGreenSwapp } from '../support/fake-greenswapp.js';
import { memorySource } from '../support/memory-source.js';
import { testServices } from '../support/services.js';

const context = () => ({ signal: new AbortController().signal, logger: silentLogger() });

describe('metrics recorded where the work happens', () => {
  it('counts each command by surface, command and outcome, and times it', async () => {
    const metrics = new Metrics({ commandKinds: ['product', 'recipe'], processMetrics: false });
    const services = createCommandServices(memorySource(), silentLogger(), { telemetry: metrics });
    const run = commandHandler(services, 'slack');
    await run({ command: 'product', input: { name: 'oat milk' } }, context());
    await run({ command: 'product', input: { name: 'qwzx' } }, context());
    const { body } = await metrics.exposition();
    expect(body).toContain('carbon_commands_total{platform="slack",kind="product",outcome="answered"} 1');
    expect(body).toContain('carbon_commands_total{platform="slack",kind="product",outcome="not_found"} 1');
    expect(body).toContain('carbon_command_duration_seconds_count{platform="slack",kind="product"} 2');
    // Without telemetry, nothing breaks.
    await commandHandler(testServices(memorySource()), 'cli')(
      { command: 'product', input: { name: 'oat milk' } },
      context(),
    );
  });

  it('counts the API’s requests by outcome and the answer cache’s hits and misses', async () => {
    const fake = await startFakeGreenSwapp();
    const metrics = new Metrics({ commandKinds: [], processMetrics: false });
    const source = createApiSource({
      apiKey: 'k',
      trialUrl: fake.url,
      timeoutMs: 2_000,
      logger: silentLogger(),
      retry: { attempts: 1 },
      telemetry: metrics,
    });
    try {
      await source.lookupRecipe('lasagne');
      await source.lookupRecipe('lasagne');
      fake.respondOnce({ status: 502 });
      await source.lookupRecipe('dal').catch(() => {});
      const { body } = await metrics.exposition();
      expect(body).toContain('carbon_upstream_requests_total{upstream="greenswapp",outcome="ok"} 1');
      expect(body).toContain('carbon_upstream_requests_total{upstream="greenswapp",outcome="error"} 1');
      expect(body).toContain('carbon_cache_lookups_total{cache="api",result="hit"} 1');
      expect(body).toContain('carbon_cache_lookups_total{cache="api",result="miss"} 2');
    } finally {
      await source.close();
      await fake.close();
    }
  });

  it('logs a command’s upstream calls in its one line, bounded by its budget', async () => {
    const lines: string[] = [];
    const { createLogger } = await import('../../src/logging/logger.js');
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(line) },
    });
    const fake = await startFakeGreenSwapp();
    const source = createApiSource({
      apiKey: 'k',
      trialUrl: fake.url,
      timeoutMs: 2_000,
      logger,
      cache: false,
    });
    try {
      const services = createCommandServices(source, logger, { upstreamCallsPerCommand: 1 });
      const answer = await commandHandler(services, 'slack')(
        { command: 'compare', input: { text: 'lasagne, dal' } },
        { signal: new AbortController().signal, logger },
      );
      expect(answer.type).toBe('compare');
      const line = lines.find((each) => each.includes('command answered'))!;
      expect(JSON.parse(line)).toMatchObject({ command: 'compare', upstreamCalls: 1 });
      // One request went out: the rest of the comparison's lookups were not sent.
      expect(fake.requests).toHaveLength(1);
    } finally {
      await source.close();
      await fake.close();
    }
  });
});
