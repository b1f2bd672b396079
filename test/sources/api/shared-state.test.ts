import { describe, expect, it } from 'vitest';
import { RateLimitedError, UpstreamBudgetError } from '../../../src/core/errors.js';
import { MemoryStateStore } from '../../../src/core/state/memory-store.js';
import type { StateStore } from '../../../src/core/state/store.js';
import { withUpstreamBudget } from '../../../src/core/upstream-budget.js';
import type { ApiSource, Clock } from '../../../src/sources/api/index.js';
import { failure, fakeClock, fakeGreenSwappForFile } from '../../support/api-source-harness.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

/** One replica's API source: uncached, sharing cool-downs through `store` when given. */
const replica = (clock: Clock, store?: StateStore): ApiSource =>
  apiSource({ clock, ...(store === undefined ? {} : { coolDownStore: store }) });

describe('the API’s 429 cool-down, shared through the state store', () => {
  it('holds every replica back, and a restarted one, without a request, until Retry-After has passed', async () => {
    const clock = fakeClock();
    const store = new MemoryStateStore({ now: clock.now });
    const first = replica(clock, store);
    const second = replica(clock, store);
    fake.respondOnce({ status: 429, headers: { 'retry-after': '120' } });
    expect(await failure(first.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    expect(fake.requests).toHaveLength(1);

    clock.advance(20_000);
    const held = (await failure(second.lookupRecipe('lasagne'))) as RateLimitedError;
    expect(held.retryAfterSeconds).toBe(100);
    const restarted = replica(clock, store);
    expect(((await failure(restarted.lookupProduct('oat milk'))) as RateLimitedError).retryAfterSeconds).toBe(
      100,
    );
    expect(fake.requests).toHaveLength(1);

    clock.advance(100_000);
    expect((await second.lookupRecipe('lasagne')).name).toBe('lasagne');
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the cool-down under the origin, for as long as it lasts; a replica without the store knows only its own', async () => {
    const clock = fakeClock();
    const store = new MemoryStateStore({ now: clock.now });
    const first = replica(clock, store);
    const alone = replica(clock);
    fake.respondOnce({ status: 429, headers: { 'retry-after': '200' } });
    await failure(first.lookupRecipe('lasagne'));
    expect(await store.get(`cooldown:greenswapp:${new URL(fake.url).origin}`)).toBe(clock.now() + 200_000);
    expect((await alone.lookupRecipe('lasagne')).name).toBe('lasagne');
    clock.advance(200_000);
    expect(await store.get(`cooldown:greenswapp:${new URL(fake.url).origin}`)).toBeNull();
  });

  it('goes on without the shared cool-down when the store fails', async () => {
    const clock = fakeClock();
    const broken: StateStore = Object.assign(new MemoryStateStore(), {
      get: async () => {
        throw new Error('connection terminated');
      },
    });
    const source = replica(clock, broken);
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
    fake.respondOnce({ status: 429, headers: { 'retry-after': '30' } });
    // Its own 429 still holds it back, from memory.
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('the upstream budget of one command', () => {
  it('sends at most the budget’s requests, retries included, then refuses without sending', async () => {
    const source = replica(fakeClock());
    fake.respondOnce({ status: 502 });
    const outcome = await withUpstreamBudget(3, async () => {
      // A 502 and its retry: two requests.
      const first = await source.lookupRecipe('lasagne');
      const second = await source.lookupProduct('oat milk');
      const third = await failure(source.lookupRecipe('lasagne'));
      return { first, second, third };
    });
    expect(outcome.first.name).toBe('lasagne');
    expect(outcome.second.name).toBe('oat milk');
    expect(outcome.third).toBeInstanceOf(UpstreamBudgetError);
    expect(fake.requests).toHaveLength(3);
    // Outside a command nothing is counted.
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
  });
});
