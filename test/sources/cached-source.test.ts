import { describe, expect, it } from 'vitest';
import { LookupCancelledError, NotFoundError, UpstreamError } from '../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import type { LookupOptions, LookupSource } from '../../src/core/source.js';
import { cacheKey, createCachedSource } from '../../src/sources/cached-source.js';
import { sampleProduct, sampleRecipe } from '../support/sample-results.js';

const productResult = (name: string): ProductResult =>
  sampleProduct({ query: name, name, kgCo2ePerUnit: 1, unit: 'kg' });
const recipeResult = (name: string): RecipeResult => sampleRecipe({ query: name, name });

/**
 * A small real LookupSource whose answers can be held back, so tests control when the upstream
 * finishes and can see the signal it was given.
 */
class ScriptedSource implements LookupSource {
  readonly id = 'catalog' as const;
  calls: { kind: string; name: string; signal: AbortSignal | undefined }[] = [];
  known = new Set(['oat milk', 'lasagne']);
  failNext: Error | null = null;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  release(): void {
    this.open();
  }

  async lookupProduct(name: string, options: LookupOptions = {}): Promise<ProductResult> {
    this.calls.push({ kind: 'product', name, signal: options.signal });
    await this.gate;
    return this.answer(name, () => productResult(name.toLowerCase()), 'product');
  }

  async lookupRecipe(name: string, options: LookupOptions = {}): Promise<RecipeResult> {
    this.calls.push({ kind: 'recipe', name, signal: options.signal });
    await this.gate;
    return this.answer(name, () => recipeResult(name.toLowerCase()), 'recipe');
  }

  private answer<T>(name: string, make: () => T, kind: 'product' | 'recipe'): T {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
    if (!this.known.has(name.toLowerCase().replace(/\s+/g, ' ').trim())) {
      throw new NotFoundError(kind, name, ['oat milk']);
    }
    return make();
  }
}

class ManualClock {
  time = 1_000;
  now(): number {
    return this.time;
  }
}

describe('cacheKey', () => {
  it('folds case, whitespace and compatibility forms, and keeps kinds apart', () => {
    expect(cacheKey('product', '  Oat \t MILK ')).toBe('product:oat milk');
    expect(cacheKey('product', 'ｏａｔ ｍｉｌｋ')).toBe('product:oat milk');
    expect(cacheKey('recipe', 'oat milk')).not.toBe(cacheKey('product', 'oat milk'));
  });
});

describe('CachedSource', () => {
  it('answers a repeated lookup from the cache, under the caller’s own wording', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    const first = await cached.lookupProduct('oat milk');
    const second = await cached.lookupProduct('OAT   Milk');
    expect(inner.calls).toHaveLength(1);
    expect(second.name).toBe(first.name);
    expect(second.query).toBe('OAT   Milk');
    expect(first.query).toBe('oat milk');
    expect(cached.id).toBe('catalog');
  });

  it('caches products and recipes separately', async () => {
    const inner = new ScriptedSource();
    inner.known.add('chilli');
    const cached = createCachedSource(inner);
    await cached.lookupProduct('chilli');
    const recipe = await cached.lookupRecipe('chilli');
    expect(recipe.kind).toBe('recipe');
    expect(inner.calls.map((call) => call.kind)).toEqual(['product', 'recipe']);
  });

  it('expires found results after the long TTL', async () => {
    const clock = new ManualClock();
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner, { foundTtlMs: 60_000, notFoundTtlMs: 1_000, clock });
    await cached.lookupProduct('oat milk');
    clock.time += 59_000;
    await cached.lookupProduct('oat milk');
    expect(inner.calls).toHaveLength(1);
    clock.time += 2_000;
    await cached.lookupProduct('oat milk');
    expect(inner.calls).toHaveLength(2);
  });

  it('remembers a not-found only for the short TTL, keeping suggestions and the new query', async () => {
    const clock = new ManualClock();
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner, { foundTtlMs: 60_000, notFoundTtlMs: 1_000, clock });
    await expect(cached.lookupProduct('unobtainium')).rejects.toBeInstanceOf(NotFoundError);
    const again = await cached.lookupProduct('Unobtainium').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(NotFoundError);
    expect((again as NotFoundError).query).toBe('Unobtainium');
    expect((again as NotFoundError).suggestions).toEqual(['oat milk']);
    expect(inner.calls).toHaveLength(1);
    clock.time += 1_500;
    await expect(cached.lookupProduct('unobtainium')).rejects.toBeInstanceOf(NotFoundError);
    expect(inner.calls).toHaveLength(2);
  });

  it('does not cache other failures', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.failNext = new UpstreamError('HTTP 503', 503);
    await expect(cached.lookupRecipe('lasagne')).rejects.toBeInstanceOf(UpstreamError);
    const result = await cached.lookupRecipe('lasagne');
    expect(result.name).toBe('lasagne');
    expect(inner.calls).toHaveLength(2);
  });

  it('shares one upstream lookup among 50 concurrent identical lookups', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.hold();
    const lookups = Array.from({ length: 50 }, (_, i) =>
      cached.lookupProduct(i % 2 ? 'oat milk' : 'Oat Milk'),
    );
    inner.release();
    const results = await Promise.all(lookups);
    expect(inner.calls).toHaveLength(1);
    expect(results.every((result) => result.name === 'oat milk')).toBe(true);
    expect(results[1]!.query).toBe('oat milk');
    expect(results[0]!.query).toBe('Oat Milk');
  });

  it('shares a not-found among concurrent lookups', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.hold();
    const lookups = Array.from({ length: 5 }, () => cached.lookupRecipe('nothing').catch((error) => error));
    inner.release();
    const errors = await Promise.all(lookups);
    expect(errors.every((error) => error instanceof NotFoundError)).toBe(true);
    expect(inner.calls).toHaveLength(1);
  });

  it('lets one caller abort without cancelling the shared lookup for the others', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.hold();
    const leaving = new AbortController();
    const first = cached.lookupProduct('oat milk', { signal: leaving.signal });
    const second = cached.lookupProduct('oat milk');
    leaving.abort();
    await expect(first).rejects.toBeInstanceOf(LookupCancelledError);
    expect(inner.calls[0]!.signal?.aborted).toBe(false);
    inner.release();
    await expect(second).resolves.toMatchObject({ name: 'oat milk' });
    // The shared answer was cached even though one caller left.
    await cached.lookupProduct('oat milk');
    expect(inner.calls).toHaveLength(1);
  });

  it('passes a CarbonError abort reason through to the caller', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.hold();
    const controller = new AbortController();
    const lookup = cached.lookupProduct('oat milk', { signal: controller.signal });
    const reason = new UpstreamError('platform deadline passed');
    controller.abort(reason);
    await expect(lookup).rejects.toBe(reason);
    inner.release();
  });

  it('cancels the upstream lookup once every caller has aborted', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    inner.hold();
    const a = new AbortController();
    const b = new AbortController();
    const first = cached.lookupProduct('oat milk', { signal: a.signal }).catch((error) => error);
    const second = cached.lookupProduct('oat milk', { signal: b.signal }).catch((error) => error);
    a.abort();
    await first;
    expect(inner.calls[0]!.signal?.aborted).toBe(false);
    b.abort();
    await second;
    expect(inner.calls[0]!.signal?.aborted).toBe(true);
    // A newcomer does not join the cancelled lookup but starts its own.
    const third = cached.lookupProduct('oat milk');
    expect(inner.calls).toHaveLength(2);
    expect(inner.calls[1]!.signal?.aborted).toBe(false);
    inner.release();
    await expect(third).resolves.toMatchObject({ name: 'oat milk' });
  });

  it('rejects at once when the caller’s signal is already aborted', async () => {
    const inner = new ScriptedSource();
    const cached = createCachedSource(inner);
    await expect(cached.lookupProduct('oat milk', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      LookupCancelledError,
    );
    expect(inner.calls).toHaveLength(0);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const inner = new ScriptedSource();
    inner.known = new Set(['a', 'b', 'c']);
    const cached = createCachedSource(inner, { maxEntries: 2 });
    await cached.lookupProduct('a');
    await cached.lookupProduct('b');
    await cached.lookupProduct('a');
    await cached.lookupProduct('c');
    expect(cached.size).toBe(2);
    await cached.lookupProduct('a');
    expect(inner.calls).toHaveLength(3);
    await cached.lookupProduct('b');
    expect(inner.calls).toHaveLength(4);
  });
});
