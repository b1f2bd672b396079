import { NotFoundError } from '../../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../../src/core/result.js';
import type { LookupOptions, LookupSource } from '../../../src/core/source.js';
import { passGate } from '../../support/held-source.js';
import { sampleProduct, sampleRecipe } from '../../support/sample-results.js';

/**
 * A LookupSource the Slack tests script: answers from a small table, throws the real CarbonError
 * classes, and can hold a lookup until the test releases it (a slow upstream without sleeping).
 */
export class ScriptedSource implements LookupSource {
  readonly id = 'catalog' as const;
  readonly calls: { kind: 'product' | 'recipe'; name: string }[] = [];
  private failure: unknown = null;
  private answer: unknown = null;
  private gate: Promise<void> | null = null;
  private release: (() => void) | null = null;
  private callWaiters: { count: number; resolve: () => void }[] = [];

  /** Resolves once `count` lookups in all have started (at once if they already have). */
  async started(count = 1): Promise<void> {
    if (this.calls.length >= count) return;
    await new Promise<void>((resolve) => this.callWaiters.push({ count, resolve }));
  }

  private record(kind: 'product' | 'recipe', name: string): void {
    this.calls.push({ kind, name });
    this.callWaiters = this.callWaiters.filter((waiter) => {
      if (this.calls.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  /** The next lookups throw this until cleared with null. */
  failWith(error: unknown): void {
    this.failure = error;
  }

  /**
   * The next lookups resolve with this, as is, until cleared with null: lets a test hand the
   * adapter a result no renderer expects (a source bug) without touching the renderer.
   */
  answerWith(result: unknown): void {
    this.answer = result;
  }

  /** Holds lookups until `open()` is called. */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.release?.();
    this.gate = null;
  }

  /** Waits for `open()`; like a real source, gives up with the signal's reason when aborted. */
  private wait(options: LookupOptions | undefined): Promise<void> {
    return passGate(this.gate, options?.signal);
  }

  async lookupProduct(name: string, options?: LookupOptions): Promise<ProductResult> {
    this.record('product', name);
    await this.wait(options);
    if (this.failure) throw this.failure;
    if (this.answer) return this.answer as ProductResult;
    if (!/milk|cheddar|drink/i.test(name)) throw new NotFoundError('product', name, ['Oat drink', 'Cheddar']);
    return product(name);
  }

  async lookupRecipe(name: string, options?: LookupOptions): Promise<RecipeResult> {
    this.record('recipe', name);
    await this.wait(options);
    if (this.failure) throw this.failure;
    if (this.answer) return this.answer as RecipeResult;
    if (!/lasagne/i.test(name)) throw new NotFoundError('recipe', name, ['Lasagne']);
    return recipe(name);
  }
}

export const product = (query: string): ProductResult =>
  sampleProduct({
    query,
    name: 'Oat drink',
    kgCo2ePerUnit: 0.311,
    comparisonText: 'The impact is 68% lower than the world-average cow’s milk.',
    comparison: { percent: 68, direction: 'lower' },
    category: 'Plant-based drinks',
    confidence: 1,
    source: { id: 'catalog', label: 'ADEME Agribalyse 3.2' },
  });

export const recipe = (query: string): RecipeResult =>
  sampleRecipe({
    query,
    kgCo2ePerServing: 1.92,
    climateFriendly: { value: 'no', raw: null },
    level: 'high',
    contributors: [{ name: 'Beef mince', grams: 120, kgCo2e: 1.4, share: 0.73 }],
    source: { id: 'catalog', label: 'Klimato recipes' },
  });
