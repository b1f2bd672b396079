import type { Catalog } from '../sources/catalog/types.js';
import type { FoodJudge } from './options.js';

/**
 * At or above this food score (Catalog.foodScore) a candidate read from a message names a food. Below
 * the matcher's answer score (0.7), so that a dish the catalog does not name but whose words it
 * knows ("Tomato & basil soup", "Pork belly bao") is still an option; above what chat with one food
 * word scores ("put your order in the thread"). A design choice checked on the development half of
 * the menu set.
 */
export const FOOD_SCORE = 0.55;

/**
 * Whether a candidate read from a message names a food, by the built-in catalog's matchers.
 * Whatever source answers the comparison, the catalog judges what a message's options are, as it
 * computes ingredient lists. One judge per message: it remembers its answers.
 */
export function catalogFoodJudge(catalog: Pick<Catalog, 'foodScore'>): FoodJudge {
  const answers = new Map<string, boolean>();
  return {
    readsAsFood(text) {
      let answer = answers.get(text);
      if (answer === undefined) {
        answer = catalog.foodScore(text) >= FOOD_SCORE;
        answers.set(text, answer);
      }
      return answer;
    },
  };
}
