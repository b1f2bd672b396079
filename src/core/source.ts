import type { LookupKind } from './errors.js';
import type { ProductResult, RecipeResult } from './result.js';

export interface LookupOptions {
  /** Aborts the lookup, e.g. when a platform deadline passes and the answer is no longer wanted. */
  signal?: AbortSignal;
}

/**
 * Where answers come from: the remote API or the built-in catalog. Implementations throw only
 * CarbonError subclasses (core/errors.ts).
 */
export interface LookupSource {
  /** The source's registered id (src/config/registry.ts owns the list; core names none). */
  readonly id: string;
  lookupProduct(name: string, options?: LookupOptions): Promise<ProductResult>;
  lookupRecipe(name: string, options?: LookupOptions): Promise<RecipeResult>;
}

/** Name completion for autocomplete; the catalog provides it whatever the lookup source is. */
export interface NameSuggester {
  suggest(kind: LookupKind, prefix: string, limit: number): string[];
}
