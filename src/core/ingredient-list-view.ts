import type { IngredientLine, LookupResult } from './result.js';
import { isIngredientListResult } from './result.js';

/**
 * What a card shows of a recipe computed from its ingredient list, decided once for every chat
 * renderer: the lines in the order given (counted and negligible ones, then the skipped ones), the
 * heading saying whose quantities they are, and whether the figure is incomplete. Renderers fit the
 * lines into their platform's limits and say how many did not fit; they never drop one silently.
 */
export interface IngredientListView {
  /** "Ingredients (whole recipe, for 4 servings)" or "Ingredients (one serving: none stated)". */
  heading: string;
  /** Lines in the figure, or too small to count ("a pinch"). */
  used: IngredientLine[];
  /** Lines not understood: shown so the user can correct them, never in the figure. */
  skipped: IngredientLine[];
  incomplete: boolean;
  servingsStated: boolean;
  /**
   * The list again as text, one line each and the servings last, for a Share button to compute it
   * again. It always holds a line break, which no name can (normaliseName), so it is never taken
   * for a dish name.
   */
  asText: string;
}

export function ingredientListView(result: LookupResult): IngredientListView | null {
  if (!isIngredientListResult(result)) return null;
  const { ingredientList: list } = result;
  const heading = !list.servingsStated
    ? 'Ingredients (no servings stated: taken as one serving)'
    : list.servings === 1
      ? 'Ingredients (one serving)'
      : `Ingredients (whole recipe, for ${list.servings} servings)`;
  return {
    heading,
    used: list.lines.filter((line) => line.status !== 'skipped'),
    skipped: list.lines.filter((line) => line.status === 'skipped'),
    incomplete: list.incomplete,
    servingsStated: list.servingsStated,
    asText: `${[...list.lines.map((line) => line.text), list.servingsStated ? `serves ${list.servings}` : ''].join('\n')}`,
  };
}
