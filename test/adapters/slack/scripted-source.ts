import { NotFoundError } from '../../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../../src/core/result.js';
import type { LookupOptions, LookupSource } from '../../../src/core/source.js';
import { sampleProduct, sampleRecipe } from '../../support/sample-results.js';

/**
 * A LookupSource the Slack tests script: answers from a small table, throws the real CarbonError
 * classes, and can hold a lookup until the test releases it (a slow upstream without sleeping).
 */
export class ScriptedSource implements LookupSource {
  readonly id = 'catalog' as const;
  readonly calls: { kind: 'product' | 'recipe'; name: string }[] = [];
  private failure: unknown = null;
  private gate: Promise<void> | null = null;
  private release: (() => void) | null = null;

  /** The next lookups throw this until cleared with null. */
  failWith(error: unknown): void {
    this.failure = error;
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

  async lookupProduct(name: string, _options?: LookupOptions): Promise<ProductResult> {
    this.calls.push({ kind: 'product', name });
    await this.gate;
    if (this.failure) throw this.failure;
    if (!/milk|cheddar|drink/i.test(name)) throw new NotFoundError('product', name, ['Oat drink', 'Cheddar']);
    return product(name);
  }

  async lookupRecipe(name: string, _options?: LookupOptions): Promise<RecipeResult> {
    this.calls.push({ kind: 'recipe', name });
    await this.gate;
    if (this.failure) throw this.failure;
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
