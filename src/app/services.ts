import type { Logger } from 'pino';
import { createChatCompareHandlers } from '../compare/chat.js';
import type { CompareDeps } from '../compare/compare.js';
import { loadEquivalences } from '../compare/equivalence.js';
import type { CommandServices } from '../core/commands/define.js';
import { type Dataset, loadDatasets } from '../core/datasets.js';
import type { LookupSource } from '../core/source.js';
import { fnddsPortionWeights, ingredientListEstimator } from '../recipes/for-compare.js';
import { lazyRecipeComputer } from '../recipes/handle.js';
import { loadPortionTable } from '../recipes/portions.js';
import { loadCatalog } from '../sources/catalog/load.js';

/**
 * Everything commands answer with, built once per process and handed to every surface: the lookup
 * source, the ingredient-list computer, comparisons and the dataset list. Data files are read on
 * first use (not at start-up, so a bot without compare data still answers lookups); a missing one
 * fails that command alone, answered with the generic error.
 */
export function createCommandServices(
  source: LookupSource,
  logger: Logger,
  options: Pick<CommandServices, 'upstreamCallsPerCommand' | 'telemetry'> = {},
): CommandServices {
  const recipes = lazyRecipeComputer();
  let compareDeps: CompareDeps | null = null;
  const deps = (): CompareDeps => {
    compareDeps ??= {
      source,
      logger,
      car: loadEquivalences().carKm,
      ingredients: ingredientListEstimator(recipes),
      portions: fnddsPortionWeights(() => loadPortionTable()),
      // Reads menus, what options state and builds dishes from parts, whatever the lookup source.
      catalog: () => loadCatalog(),
    };
    return compareDeps;
  };
  let datasets: readonly Dataset[] | null = null;
  return {
    source,
    recipes: { compute: (list) => recipes().compute(list) },
    compare: createChatCompareHandlers(deps),
    datasets: () => {
      datasets ??= loadDatasets();
      return datasets;
    },
    ...options,
  };
}
