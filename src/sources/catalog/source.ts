import { isCarbonError, SourceUnavailableError } from '../../core/errors.js';
import type { ProductResult, RecipeResult } from '../../core/result.js';
import type { LookupOptions, LookupSource } from '../../core/source.js';
import type { Catalog } from './types.js';

/** Sources throw only CarbonErrors: an abort reason that is one passes through (as in the API source). */
function throwIfAborted(options: LookupOptions | undefined): void {
  const signal = options?.signal;
  if (signal?.aborted !== true) return;
  const reason: unknown = signal.reason;
  throw isCarbonError(reason) ? reason : new SourceUnavailableError('lookup aborted by the caller');
}

/** The catalog as a LookupSource: synchronous lookups behind the async interface. */
export function createCatalogSource(catalog: Catalog): LookupSource {
  return {
    id: 'catalog',
    async lookupProduct(name: string, options?: LookupOptions): Promise<ProductResult> {
      throwIfAborted(options);
      return catalog.findProduct(name);
    },
    async lookupRecipe(name: string, options?: LookupOptions): Promise<RecipeResult> {
      throwIfAborted(options);
      return catalog.findRecipe(name);
    },
  };
}
