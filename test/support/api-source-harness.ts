import { afterAll, afterEach } from 'vitest';
import { silentLogger } from '../../src/logging/logger.js';
import {
  type ApiSource,
  type ApiSourceOptions,
  type Clock,
  createApiSource,
} from '../../src/sources/api/index.js';
import { type FakeGreenSwapp, startFakeGreenSwapp } from './fake-greenswapp.js';

/** What the API client's tests (test/sources/api/) share: a fake upstream, sources over it, bodies. */

export const API_KEY = 'gs_live_SECRET_7f3a9c2e1b';

/**
 * A factory of API sources for one test file, each closed after its test. `defaults` is read each
 * time a source is made, so it may name a server a beforeAll starts. Call it at the top level.
 */
export function apiSourcesForFile(
  defaults: () => ApiSourceOptions,
): (overrides?: Partial<ApiSourceOptions>) => ApiSource {
  const sources: ApiSource[] = [];
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
  });
  return (overrides = {}) => {
    const source = createApiSource({ ...defaults(), ...overrides });
    sources.push(source);
    return source;
  };
}

/**
 * A fake GreenSwapp for one test file, reset after each test and closed after the last, and a
 * factory of API sources over it, each closed after its test. Uncached, with tiny backoffs, so each
 * test sees every request it makes. Call it at the top level of the file.
 */
export async function fakeGreenSwappForFile(): Promise<{
  fake: FakeGreenSwapp;
  apiSource(overrides?: Partial<ApiSourceOptions>): ApiSource;
}> {
  const fake = await startFakeGreenSwapp();
  // Registered before the sources' hook: after-hooks run last-registered first, so the sources
  // close before the fake forgets what they sent.
  afterEach(() => {
    fake.reset();
  });
  afterAll(async () => {
    await fake.close();
  });
  const apiSource = apiSourcesForFile(() => ({
    apiKey: API_KEY,
    trialUrl: fake.url,
    timeoutMs: 2_000,
    logger: silentLogger(),
    cache: false,
    retry: { minDelayMs: 1, maxDelayMs: 5 },
  }));
  return { fake, apiSource };
}

/** A clock that only moves when told to, or when a lookup sleeps on it (no real waiting). */
export function fakeClock(
  start = Date.UTC(2026, 0, 15, 12, 0, 0),
): Clock & { sleeps: number[]; advance(ms: number): void } {
  let time = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    async sleep(ms, signal) {
      signal.throwIfAborted();
      sleeps.push(ms);
      time += ms;
    },
    advance(ms) {
      time += ms;
    },
  };
}

export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the lookup to fail');
}

export const productBody = (overrides: Record<string, unknown> = {}) => ({
  product_name: 'oat milk',
  kg_co2_per_kg: 0.9,
  percentage_impact_difference: '71% lower than the average milk sold in the world',
  status: 'success',
  ...overrides,
});

export const recipeBody = (overrides: Record<string, unknown> = {}) => ({
  recipe_name: 'lasagne',
  kg_co2_per_kg: 1.9,
  climate_friendly: 'No',
  status: 'success',
  ...overrides,
});
