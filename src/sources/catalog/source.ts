import { cancellationError } from '../../core/errors.js';
import type { ProductResult, RecipeResult } from '../../core/result.js';
import type { LookupOptions, LookupSource } from '../../core/source.js';
import type { Catalog } from './types.js';

function throwIfAborted(options: LookupOptions | undefined): void {
  if (options?.signal?.aborted === true) throw cancellationError(options.signal);
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
