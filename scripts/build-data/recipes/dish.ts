import type { DishDefinition, DishIngredient } from './types.js';

/** Compact constructor for a dish definition (ingredients are per ONE serving). */
export function dish(
  name: string,
  cuisine: string,
  aliases: string[],
  ingredients: DishIngredient[],
): DishDefinition {
  return { name, aliases, cuisine, ingredients };
}
