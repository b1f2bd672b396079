import { NotFoundError } from '../../src/core/errors.js';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import type { LookupSource } from '../../src/core/source.js';
import { sampleProduct } from './sample-results.js';

/**
 * A real in-memory LookupSource: knows oat milk (any product name with "oat" in it, answered as
 * `sampleProduct`) and no recipes, and records each lookup in `asked` as `kind:name`. With `fail`,
 * every lookup throws it instead.
 */
export function memorySource(
  options: { fail?: Error; product?: Partial<ProductResult> } = {},
): LookupSource & { asked: string[] } {
  const asked: string[] = [];
  const ask = (kind: 'product' | 'recipe', name: string) => {
    asked.push(`${kind}:${name}`);
    if (options.fail) throw options.fail;
  };
  return {
    id: 'catalog',
    asked,
    async lookupProduct(name): Promise<ProductResult> {
      ask('product', name);
      if (!/oat/i.test(name)) throw new NotFoundError('product', name, ['oat milk']);
      return sampleProduct({ query: name, ...options.product });
    },
    async lookupRecipe(name): Promise<RecipeResult> {
      ask('recipe', name);
      throw new NotFoundError('recipe', name);
    },
  };
}
