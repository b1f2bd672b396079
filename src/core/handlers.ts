import type { Logger } from 'pino';
import type { RecipeComputer } from '../recipes/compute.js';
import { computeListReply, lazyRecipeComputer, recipeListReply } from '../recipes/handle.js';
import { isIngredientList } from '../recipes/list-text.js';
import type { LookupKind } from './errors.js';
import { handleCommandText, type Reply, runLookup } from './lookup.js';
import type { HandlerContext, RequestHandler } from './pipeline.js';
import type { LookupSource } from './source.js';

/**
 * The request kinds every chat platform serves, as pipeline handlers. A new kind (compare, a recipe
 * from its ingredients, a form submission) is one more entry here, plugged into the same pipeline.
 */
export interface LookupRequest {
  kind: LookupKind;
  name: string;
}

export interface CoreHandlers {
  /** The text after `/carbon`: parsed, then help or a lookup. */
  commandText: RequestHandler<string>;
  /** A lookup of a name already parsed (Discord options, a suggestion or share button). */
  lookup: RequestHandler<LookupRequest>;
  /** An ingredient list as typed (a form's text), computed whether or not it reads as one on a line. */
  ingredientList: RequestHandler<string>;
}

/** A line break never survives normaliseName, so a "name" holding one is a list (a share button's). */
function isListText(name: string): boolean {
  return name.includes('\n') || isIngredientList(name);
}

/**
 * `recipe <ingredient list>` is computed from the catalog, whatever the source (which only knows
 * names); a share button carrying the list as its "name" is routed the same way.
 */
export function createCoreHandlers(
  source: LookupSource,
  recipes: () => RecipeComputer = lazyRecipeComputer(),
): CoreHandlers {
  return {
    commandText: async (text: string, { signal, logger }: HandlerContext): Promise<Reply> =>
      recipeListReply(text, recipes, logger) ?? handleCommandText(text, source, logger, { signal }),
    lookup: async ({ kind, name }: LookupRequest, { signal, logger }: HandlerContext): Promise<Reply> =>
      kind === 'recipe' && isListText(name)
        ? computeListReply(name, recipes, logger)
        : runLookup({ type: 'lookup', kind, name }, source, logger as Logger, { signal }),
    ingredientList: async (list: string, { logger }: HandlerContext): Promise<Reply> =>
      computeListReply(list, recipes, logger),
  };
}
