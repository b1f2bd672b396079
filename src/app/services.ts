import type { Logger } from 'pino';
import { createChatCompareHandlers } from '../compare/chat.js';
import type { CompareDeps } from '../compare/compare.js';
import { loadEquivalences } from '../compare/equivalence.js';
import type { CommandServices } from '../core/commands/define.js';
import { type Dataset, loadDatasets } from '../core/datasets.js';
import type { LookupSource } from '../core/source.js';
import type { RecipeComputer } from '../recipes/compute.js';
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
  let datasets: readonly Dataset[] | null = null;
  return {
    source,
    recipes: { compute: (list) => recipes().compute(list) },
    compare: createChatCompareHandlers(compareDependencies(source, logger, recipes)),
    datasets: () => {
      datasets ??= loadDatasets();
      return datasets;
    },
    ...options,
  };
}

/**
 * What comparisons, menus and dishes are answered with (src/compare), built here only: for the
 * commands above and for `carbon serve` (service-compare.ts). Built on first use, then kept.
 */
export function compareDependencies(
  source: LookupSource,
  logger: Logger,
  recipes: () => RecipeComputer = lazyRecipeComputer(),
): () => CompareDeps {
  let compareDeps: CompareDeps | null = null;
  return () => {
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
}
