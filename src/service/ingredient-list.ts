import { z } from 'zod';
import { InvalidInputError, NotARecipeError } from '../core/errors.js';
import { toErrorView } from '../core/messages.js';
import type { IngredientListResult } from '../core/result.js';
import { createRecipeComputer, type RecipeComputer } from '../recipes/compute.js';
import { isIngredientList } from '../recipes/list-text.js';
import { loadPortionTable } from '../recipes/portions.js';
import type { Catalog } from '../sources/catalog/types.js';
import { recipeBody } from './bodies.js';
import { type Prepared, prepareError, prepareJson } from './responses.js';
import { ServedRecipeBodySchema } from './schemas.js';

/**
 * `GET /recipe?recipe=<ingredient list>`: this service's extension to the lookup API, which only
 * takes names. A value that reads as an ingredient list (several parts, with quantities) is computed
 * from the catalog and answered in the spec's recipe body, with the lines in `ingredient_list`; any
 * other value is left to the name lookup (null).
 */

export const IngredientLineBodySchema = z.object({
  text: z.string(),
  status: z.enum(['counted', 'negligible', 'skipped']),
  grams: z.number().nonnegative().nullable(),
  food: z.string().nullable(),
  kg_co2: z.number().nonnegative().nullable(),
  note: z.string().nullable(),
});

export const ServedIngredientListBodySchema = ServedRecipeBodySchema.extend({
  ingredient_list: z.object({
    servings: z.number().positive(),
    servings_stated: z.boolean(),
    understood_share: z.number().min(0).max(1),
    incomplete: z.boolean(),
    lines: z.array(IngredientLineBodySchema),
  }),
});
export type ServedIngredientListBody = z.infer<typeof ServedIngredientListBodySchema>;

export function ingredientListBody(result: IngredientListResult): ServedIngredientListBody {
  const list = result.ingredientList;
  return {
    ...recipeBody(result, { takenAs: 'ingredient list', how: null }),
    ingredient_list: {
      servings: list.servings,
      servings_stated: list.servingsStated,
      understood_share: list.understoodShare,
      incomplete: list.incomplete,
      lines: list.lines.map((line) => ({
        text: line.text,
        status: line.status,
        grams: line.grams,
        food: line.food,
        kg_co2: line.kgCo2e,
        note: line.note,
      })),
    },
  };
}

/** Answers ingredient lists for one catalog; the portion table is loaded on the first list. */
export function createListAnswerer(catalog: Catalog): (value: string) => Prepared | null {
  let computer: RecipeComputer | undefined;
  return (value) => {
    if (!isIngredientList(value)) return null;
    computer ??= createRecipeComputer(catalog, loadPortionTable());
    try {
      return prepareJson(200, ingredientListBody(computer.compute(value)));
    } catch (error) {
      // Amounts or servings out of bounds ("serves 0", "1e30g beef"): refused, never answered with null.
      if (error instanceof InvalidInputError)
        return prepareError(400, 'invalid_parameter', toErrorView(error).text);
      if (!(error instanceof NotARecipeError)) throw error;
      // The bot's own sentence; the chat example after it would mean nothing to an API client.
      return prepareError(
        400,
        'invalid_parameter',
        `${toErrorView(error).text} Give each ingredient with its amount, separated by commas or new lines.`,
      );
    }
  };
}
