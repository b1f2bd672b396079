import { InvalidRecipeFormError } from '../core/errors.js';
import { MAX_RECIPE_TEXT_LENGTH } from './list-text.js';

/**
 * The recipe form both chat platforms open for `/carbon recipe` with nothing after it: a multi-line
 * box (one ingredient per line) and an optional servings field. Its limits are shared so the Slack
 * and Discord forms refuse the same things, and its two fields become one list text for the
 * computer, the servings stated first so a stray "serves" line in the box cannot override the field.
 */

/** Slack's plain_text_input holds at most 3,000 characters (Block Kit reference), Discord's 4,000. */
export const FORM_INGREDIENTS_MAX = Math.min(3000, MAX_RECIPE_TEXT_LENGTH);
export const FORM_SERVINGS_MAX_LENGTH = 3;
/** More servings than this is a catering order, not a dish: the form says so instead of dividing. */
export const FORM_SERVINGS_MAX = 100;

export const FORM_LABELS = {
  title: 'Recipe footprint',
  ingredients: 'Ingredients, one per line',
  ingredientsPlaceholder: '500g beef mince\n400g spaghetti\n1 onion\n2 x 400g tins chopped tomatoes',
  servings: 'Servings (optional)',
  servingsPlaceholder: '4',
  submit: 'Work it out',
} as const;

/** The list text for a submitted form. Throws InvalidRecipeFormError naming the field at fault. */
export function recipeFormText(ingredients: string, servings: string): string {
  const list = ingredients.trim();
  if (list === '') throw new InvalidRecipeFormError('ingredients', 'it is empty');
  if ([...list].length > FORM_INGREDIENTS_MAX) {
    throw new InvalidRecipeFormError('ingredients', `it is over ${FORM_INGREDIENTS_MAX} characters`);
  }
  const count = servings.trim();
  if (count === '') return list;
  if (!/^\d{1,3}$/.test(count) || Number(count) < 1 || Number(count) > FORM_SERVINGS_MAX) {
    throw new InvalidRecipeFormError('servings', `give a whole number from 1 to ${FORM_SERVINGS_MAX}`);
  }
  return `serves ${Number(count)}\n${list}`;
}
