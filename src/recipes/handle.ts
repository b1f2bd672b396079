import type { Logger } from 'pino';
import { InvalidInputError } from '../core/errors.js';
import { logLookupFailure, type Reply } from '../core/lookup.js';
import { toErrorView } from '../core/messages.js';
import { loadCatalog } from '../sources/catalog/load.js';
import { createRecipeComputer, type RecipeComputer } from './compute.js';
import { isIngredientList, MAX_RECIPE_TEXT_LENGTH } from './list-text.js';
import { loadPortionTable } from './portions.js';

/**
 * Routes `recipe <text>` between the two meanings of a recipe: an ingredient list is computed here; a
 * dish name is left to the lookup source (null). Whatever source answers names, lists are computed
 * from the built-in catalog, as the GreenSwapp API has no operation that takes ingredients.
 */

const RECIPE_VERB = /^\s*\/?(?:carbon\s+)?recipes?(?=\s)/i;

/** The catalog and portion table, loaded on the first ingredient list only. */
export function lazyRecipeComputer(): () => RecipeComputer {
  let computer: RecipeComputer | undefined;
  return () => {
    computer ??= createRecipeComputer(loadCatalog(), loadPortionTable());
    return computer;
  };
}

/** The ingredient list in a command text ("recipe 500g beef, 1 onion"), or null when it holds none. */
export function ingredientListOf(commandText: string): string | null {
  const verb = RECIPE_VERB.exec(commandText);
  if (verb === null) return null;
  const rest = commandText.slice(verb[0].length);
  return isIngredientList(rest) ? rest : null;
}

/** Computes a list; never throws: failures become an error reply, logged with context. */
export function computeListReply(list: string, computer: () => RecipeComputer, logger: Logger): Reply {
  try {
    if ([...list].length > MAX_RECIPE_TEXT_LENGTH) {
      throw new InvalidInputError(`ingredient lists are limited to ${MAX_RECIPE_TEXT_LENGTH} characters`);
    }
    return { type: 'result', result: computer().compute(list) };
  } catch (error) {
    logLookupFailure(logger, error, { kind: 'recipe', list: list.slice(0, 300) });
    return { type: 'error', error: toErrorView(error) };
  }
}

/** The reply to `recipe <ingredient list>`, or null when the command is not one (a name lookup). */
export function recipeListReply(
  commandText: string,
  computer: () => RecipeComputer,
  logger: Logger,
): Reply | null {
  const list = ingredientListOf(commandText);
  return list === null ? null : computeListReply(list, computer, logger);
}
