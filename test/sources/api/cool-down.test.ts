import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../src/core/errors.js';
import { toErrorView } from '../../../src/core/messages.js';
import { failure, fakeClock, fakeGreenSwappForFile } from '../../support/api-source-harness.js';
import { startFakeGreenSwapp } from '../../support/fake-greenswapp.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

describe('rate-limit cool-down', () => {
  it('fails fast with the remaining seconds, without a request, until Retry-After has passed', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock });
    fake.respondOnce({ status: 429, headers: { 'retry-after': '120' } });
    const first = (await failure(source.lookupRecipe('lasagne'))) as RateLimitedError;
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first.retryAfterSeconds).toBe(120);
    expect(toErrorView(first).hint).toBe('Try again in 120 s.');
    expect(fake.requests).toHaveLength(1);

    clock.advance(45_000);
    const again = (await failure(source.lookupRecipe('lasagne'))) as RateLimitedError;
    expect(again).toBeInstanceOf(RateLimitedError);
    expect(again.retryAfterSeconds).toBe(75);
    // Any lookup to that origin waits, products included; the cool-down is per origin.
    const other = (await failure(source.lookupProduct('oat milk'))) as RateLimitedError;
    expect(other.retryAfterSeconds).toBe(75);
    clock.advance(72_500);
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(3);
    expect(fake.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);

    clock.advance(2_500);
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
    expect(fake.requests).toHaveLength(2);
  });

  it('cools down for 30 s when a 429 has no Retry-After, and caps a long one at 300 s', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock });
    fake.respondOnce({ status: 429 });
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(30);
    clock.advance(27_000);
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(3);
    clock.advance(3_000);
    fake.respondOnce({ status: 429, headers: { 'retry-after': '86400' } });
    expect(((await failure(source.lookupRecipe('lasagne'))) as RateLimitedError).retryAfterSeconds).toBe(300);
    clock.advance(297_000);
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    clock.advance(3_000);
    await source.lookupRecipe('lasagne');
    expect(fake.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([]);
  });

  it('leaves other origins alone', async () => {
    const base = await startFakeGreenSwapp();
    try {
      const clock = fakeClock();
      const source = apiSource({ baseUrl: base.url, clock });
      base.respondOnce({ status: 429, headers: { 'retry-after': '60' } });
      expect(await failure(source.lookupProduct('beef mince'))).toBeInstanceOf(RateLimitedError);
      expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
      expect(await failure(source.lookupProduct('tofu'))).toBeInstanceOf(RateLimitedError);
      expect(base.requests).toHaveLength(1);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await base.close();
    }
  });

  it('waits out a short Retry-After once when it fits the deadline, then answers', async () => {
    const clock = fakeClock();
    fake.respondOnce({ status: 429, headers: { 'retry-after': '2' } });
    const result = await apiSource({ clock, timeoutMs: 5_000 }).lookupRecipe('lasagne');
    expect(result.name).toBe('lasagne');
    expect(clock.sleeps).toEqual([2_000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('waits only once: a second 429 is reported', async () => {
    const clock = fakeClock();
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
    );
    const error = (await failure(apiSource({ clock }).lookupRecipe('lasagne'))) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(1);
    expect(clock.sleeps).toEqual([1_000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not wait when the short Retry-After would outlast the deadline', async () => {
    const clock = fakeClock();
    fake.respondOnce({ status: 429, headers: { 'retry-after': '2' } });
    const error = (await failure(
      apiSource({ clock, timeoutMs: 1_500 }).lookupRecipe('lasagne'),
    )) as RateLimitedError;
    expect(error.retryAfterSeconds).toBe(2);
    expect(clock.sleeps).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('a lookup arriving in a short cool-down waits for its end instead of failing', async () => {
    const clock = fakeClock();
    const source = apiSource({ clock, timeoutMs: 5_000 });
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': '2' } },
    );
    expect(await failure(source.lookupRecipe('lasagne'))).toBeInstanceOf(RateLimitedError);
    expect(fake.requests).toHaveLength(2);
    clock.advance(500);
    expect((await source.lookupRecipe('lasagne')).name).toBe('lasagne');
    expect(clock.sleeps).toEqual([2_000, 1_500]);
    expect(fake.requests).toHaveLength(3);
  });
});
