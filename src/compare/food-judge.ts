import type { DishComposer } from './compose.js';
import type { DishReading } from './dish-reading.js';
import type { FoodKnowledge } from './knowledge.js';
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
 * Whether a candidate read from a message names a food, by the built-in catalog's matchers, or as a
 * dish the composer could build from its parts.
 * Whatever source answers the comparison, the catalog judges what a message's options are, as it
 * computes ingredient lists. One judge per message: it remembers its answers.
 */
export function catalogFoodJudge(
  catalog: Pick<FoodKnowledge, 'foodScore' | 'restaurantNamed'>,
  composer?: Pick<DishComposer, 'read' | 'namesType' | 'typeWords'>,
): FoodJudge {
  const answers = new Map<string, boolean>();
  const types = new Map<string, boolean>();
  return {
    readsAsFood(text) {
      // No food's name has a word this long: junk is not looked up (typo correction of a long word costs).
      if (/[^\s]{41}/.test(text)) return false;
      let answer = answers.get(text);
      if (answer === undefined) {
        answer =
          catalog.foodScore(text) >= FOOD_SCORE ||
          (composer?.namesType(text) === true && namesADish(composer.read(text)));
        answers.set(text, answer);
      }
      return answer;
    },
    headingType(text) {
      // A heading is a few words: "Ramen Thursday", "Pizza night", "Burgers".
      if (composer === undefined || text.split(/\s+/).length > 3) return null;
      const template = composer.namesType(text) ? composer.read(text).template : null;
      return template === null || template.side === true ? null : composer.typeWords(text);
    },
    namesRestaurant(text) {
      // Its dish in brackets ("Nando's (peri peri chicken)") makes it a dish: the whole text is read.
      return catalog.restaurantNamed?.(text) != null;
    },
    statedFoods(text) {
      if (composer === undefined || text.split(/\s+/).length > 4) return null;
      const reading = composer.read(text);
      if (reading.unknown.length > 0 || reading.without.length > 0) return null;
      return { foods: reading.mains.length, kind: reading.byType };
    },
    namesMealType(text) {
      if (composer === undefined || !composer.namesType(text)) return false;
      const template = composer.read(text).template;
      return template !== null && template.side !== true;
    },
    namesDishType(text) {
      // A kind of dish alone is a word or two ("Soup", "Curry of the day"): longer texts are dishes.
      if (composer === undefined || text.split(/\s+/).length > 4 || !composer.namesType(text)) return false;
      let answer = types.get(text);
      if (answer === undefined) {
        const reading = composer.read(text);
        answer = reading.template !== null && reading.mains.length === 0 && reading.unknown.length === 0;
        types.set(text, answer);
      }
      return answer;
    },
  };
}

/**
 * A dish the composer could build: its name names a dish type, and at most one more word than the
 * foods it states is one the catalog does not know ("Egusi soup & pounded yam"; not "salad bar priced
 * by weight").
 */
function namesADish(reading: DishReading): boolean {
  return reading.template !== null && reading.unknown.length <= reading.mains.length + 1;
}
