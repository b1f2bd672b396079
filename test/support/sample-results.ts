import type { Reply } from '../../src/core/lookup.js';
import type { ErrorView } from '../../src/core/messages.js';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';

/**
 * A plain product result, oat milk at 0.3 kg CO2e per litre with every optional part empty; tests
 * override the fields they assert on.
 */
export function sampleProduct(overrides: Partial<ProductResult> = {}): ProductResult {
  return {
    kind: 'product',
    query: 'oat milk',
    name: 'Oat milk',
    kgCo2ePerUnit: 0.3,
    unit: 'L',
    comparisonText: '',
    comparison: null,
    category: null,
    level: 'low',
    swap: null,
    confidence: null,
    status: null,
    notes: [],
    source: { id: 'catalog', label: 'Memory' },
    ...overrides,
  };
}

/** A plain climate-friendly recipe result, with no contributors or notes; tests override the rest. */
export function sampleRecipe(overrides: Partial<RecipeResult> = {}): RecipeResult {
  return {
    kind: 'recipe',
    query: 'lasagne',
    name: 'Lasagne',
    kgCo2ePerServing: 0.4,
    climateFriendly: { value: 'yes', raw: null },
    thresholdKgPerServing: 0.5,
    level: 'low',
    contributors: [],
    confidence: null,
    status: null,
    notes: [],
    source: { id: 'catalog', label: 'Memory' },
    ...overrides,
  };
}

export const resultReply = (result: ProductResult | RecipeResult): Reply => ({ type: 'result', result });

/** An error reply; fields not given are a bland `internal` error with no hint, suggestions or retry. */
export const errorReply = (view: Partial<ErrorView> = {}): Reply => ({
  type: 'error',
  error: { code: 'internal', text: 'Text.', hint: null, suggestions: [], retryAfterSeconds: null, ...view },
});
