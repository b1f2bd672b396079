import type { ErrorView } from '../core/messages.js';
import type { ProductResult, RecipeResult } from '../core/result.js';
import type { LookupOptions } from '../core/source.js';

/** What an option of a comparison became (resolve.ts decides), and what resolving it can be given. */

/**
 * Reads an ingredient list such as "rice 200g, black beans 150g, salsa" as one dish and gives its
 * footprint per serving. Implemented by src/recipes (the ingredient-list parser); until it is
 * plugged in, an option in parentheses is reported as not understood, never dropped.
 * Throws CarbonError subclasses only (NotFoundError, InvalidInputError, ...).
 */
export interface IngredientListEstimator {
  estimate(label: string, ingredients: string, options?: LookupOptions): Promise<RecipeResult>;
}

/**
 * Grams in a typical portion of a product (FNDDS portion weights, src/recipes). Products sit among
 * dishes on a per-portion footing only through this; null when no portion weight is known.
 */
export interface PortionWeights {
  typicalPortionGrams(product: ProductResult): number | null;
}

export type Resolution =
  | {
      status: 'found';
      input: string;
      takenAs: 'dish' | 'composed dish' | 'ingredient list';
      reason: string | null;
      result: RecipeResult;
      /** How a dish was taken when not by its name ("a curry recipe with beef"). */
      how?: string;
      /** Words of the option set aside to find it: a guess. */
      setAside?: string;
    }
  | {
      status: 'found';
      input: string;
      takenAs: 'product';
      reason: string | null;
      result: ProductResult;
      /** Words of the option set aside to find it ("pistachio" of "pistachio baklava"): a guess. */
      setAside?: string;
    }
  | { status: 'not_found'; input: string; suggestions: string[] }
  | { status: 'not_understood'; input: string; reason: string }
  | { status: 'failed'; input: string; error: ErrorView; cause: unknown };

export type FoundResolution = Extract<Resolution, { status: 'found' }>;
