import { describe, expect, it } from 'vitest';
import { failure, fakeGreenSwappForFile } from '../../support/api-source-harness.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

describe('the cached source createApiSource returns by default', () => {
  it('answers a repeat lookup without a new request, whatever the casing', async () => {
    const source = apiSource({ cache: {} });
    await source.lookupProduct('oat milk');
    const again = await source.lookupProduct('  Oat MILK ');
    expect(fake.requests).toHaveLength(1);
    expect(again.query).toBe('  Oat MILK ');
  });

  it('caches a not-found too, but not a failure', async () => {
    const source = apiSource({ cache: {} });
    await failure(source.lookupRecipe('unobtainium'));
    await failure(source.lookupRecipe('unobtainium'));
    expect(fake.requests).toHaveLength(1);
    fake.respondOnce({ status: 500 }, { status: 500 });
    await failure(source.lookupRecipe('lasagne'));
    await source.lookupRecipe('lasagne');
    expect(fake.requests).toHaveLength(4);
  });

  it('sends exactly one upstream request for 50 concurrent identical lookups', async () => {
    fake.respondWith({ delayMs: 100 });
    const source = apiSource({ cache: {} });
    const results = await Promise.all(Array.from({ length: 50 }, () => source.lookupProduct('oat milk')));
    expect(fake.requests).toHaveLength(1);
    expect(results.every((result) => result.kgCo2ePerUnit === 0.9)).toBe(true);
  });
});
