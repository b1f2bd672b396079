import type { RecipeData } from '../../src/sources/catalog/schema.js';
import { round } from './milk-reference.js';
import type { DishDefinition } from './recipes/curated.js';

export type { DishDefinition } from './recipes/curated.js';
export { loadCuratedDishes as loadDishes } from './recipes/curated.js';

/**
 * Per-serving footprint of each dish: Σ grams / 1000 × kg CO2e per kg of the Agribalyse ingredient.
 * Throws on an unknown Agribalyse code or a duplicated dish name, so a typo cannot ship silently.
 */
export function computeRecipes(
  dishes: readonly DishDefinition[],
  kgPerKgByCode: Map<string, number>,
): RecipeData[] {
  const seen = new Set<string>();
  const recipes = dishes.map((dish) => {
    const key = dish.name.toLowerCase();
    if (seen.has(key)) throw new Error(`dish "${dish.name}" is defined twice`);
    seen.add(key);
    const parts = dish.ingredients.map((ingredient) => {
      const kgPerKg = kgPerKgByCode.get(ingredient.agb);
      if (kgPerKg === undefined) {
        throw new Error(
          `dish "${dish.name}": ingredient "${ingredient.label}" has unknown Agribalyse code ${ingredient.agb}`,
        );
      }
      return {
        name: ingredient.label,
        code: ingredient.agb,
        grams: ingredient.grams,
        kg: (ingredient.grams / 1000) * kgPerKg,
      };
    });
    const total = parts.reduce((sum, part) => sum + part.kg, 0);
    const contributors = parts
      .sort((a, b) => b.kg - a.kg || a.name.localeCompare(b.name))
      .map((part) => ({
        name: part.name,
        code: part.code,
        grams: part.grams,
        kgCo2e: round(part.kg),
        share: total === 0 ? 0 : round(part.kg / total, 3),
      }));
    return {
      name: dish.name,
      aliases: [...new Set(dish.aliases)],
      cuisine: dish.cuisine,
      kgCo2ePerServing: round(total),
      contributors,
    };
  });
  return recipes.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
