import type { Logger } from 'pino';
import type { CompareDeps } from '../compare/compare.js';
import { loadEquivalences } from '../compare/equivalence.js';
import type { LookupSource } from '../core/source.js';
import { fnddsPortionWeights, ingredientListEstimator } from '../recipes/for-compare.js';
import { lazyRecipeComputer } from '../recipes/handle.js';
import { loadPortionTable } from '../recipes/portions.js';

/**
 * What a chat adapter's comparisons run on: its lookup source, the car equivalent, ingredient lists
 * and FNDDS portions, as the CLI and the shell use them. The data files are read on the first
 * comparison (not at start-up, so a bot without compare data still answers lookups); a missing file
 * throws there and the pipeline answers that comparison with the generic error.
 */
export function chatCompareDeps(source: LookupSource, logger: Logger): () => CompareDeps {
  let deps: CompareDeps | null = null;
  const recipes = lazyRecipeComputer();
  return () => {
    deps ??= {
      source,
      logger,
      car: loadEquivalences().carKm,
      ingredients: ingredientListEstimator(recipes),
      portions: fnddsPortionWeights(() => loadPortionTable()),
    };
    return deps;
  };
}
