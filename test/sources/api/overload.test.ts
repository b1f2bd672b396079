import { describe, expect, it } from 'vitest';
import { UpstreamTimeoutError } from '../../../src/core/errors.js';
import type { ApiSource, ApiSourceOptions } from '../../../src/sources/api/index.js';
import { fakeGreenSwappForFile } from '../../support/api-source-harness.js';

/**
 * Issue #9, "overload collapses lookups": a slow upstream (2.5–6 s) and 50 concurrent commands
 * against an 8 s lookup deadline. Times are scaled down five-fold (0.5–1.2 s against 1.6 s) so the
 * test runs in about two seconds; what matters is latency against deadline, not the absolute values.
 */
const SCALE = 5;
const DEADLINE_MS = 8_000 / SCALE;
const MIN_LATENCY_MS = 2_500 / SCALE;
const MAX_LATENCY_MS = 6_000 / SCALE;
const USERS = 50;

const { fake, apiSource: overFake } = await fakeGreenSwappForFile();

/** Products through the fake too, against the scaled deadline. */
const apiSource = (overrides: Partial<ApiSourceOptions> = {}): ApiSource =>
  overFake({ baseUrl: fake.url, timeoutMs: DEADLINE_MS, ...overrides });

/** Latencies spread evenly over 2.5–6 s (scaled), in a shuffled but fixed order of arrival. */
function slowUpstream(): void {
  let arrival = 0;
  fake.respondWith(() => {
    const step = (arrival++ * 37) % USERS;
    return { delayMs: MIN_LATENCY_MS + ((MAX_LATENCY_MS - MIN_LATENCY_MS) * step) / (USERS - 1) };
  });
  for (let user = 0; user < USERS; user++) fake.setProduct(`food ${user}`, { kg_co2_per_kg: 1 + user });
}

describe('API client under overload', () => {
  it('answers at least 90% of 50 concurrent lookups against a 2.5–6 s upstream', async () => {
    slowUpstream();
    const source = apiSource();
    const outcomes = await Promise.allSettled(
      Array.from({ length: USERS }, (_, user) => source.lookupProduct(`food ${user}`)),
    );
    const answered = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(answered / USERS).toBeGreaterThanOrEqual(0.9);
  });

  it('does not send a queued request whose deadline can no longer be met', async () => {
    // One connection, a 400 ms upstream and a 600 ms deadline: once the first request has taught
    // the client how slow the upstream is, the second, queued behind it, cannot finish in time.
    fake.respondWith({ delayMs: 400 });
    const source = apiSource({ timeoutMs: 600, maxConnections: 1 });
    await source.lookupProduct('oat milk');
    const sentBefore = fake.requests.length;
    const [first, second] = await Promise.allSettled([
      source.lookupProduct('tofu'),
      source.lookupProduct('soy milk'),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamTimeoutError);
    // Only the first of the two reached the upstream.
    expect(fake.requests.length - sentBefore).toBe(1);
  });
});
