import { foldWords } from '../../core/fold.js';
import type { PortionCheckData, RecipeData } from './schema.js';

/**
 * Whether a dish may answer a name that states a food: a name naming a dish after a meat, a fish,
 * eggs, tofu, pulses or paneer (its first word, or a word after "with", as the data build reads
 * dish names against data/curated/portion-norms.json) is not answered with a dish that holds less
 * than `badlyUnder` of a portion of it, unless the dish's own name states that food too (then the
 * build has held the dish to the norm and reported it). "tofu pad thai" found as FNDDS's meatless
 * pad thai, 24 g of tofu in 222 g, is not a tofu pad thai: the name is not found as a dish, and the
 * compare layer builds it from its parts. A dish holding none of the food is left to the compare
 * layer's checks of what a name states ("ramen with tofu": the Ramen, its chashu pork taken out).
 */
export type PortionCheck = (query: string, recipe: RecipeData) => string | null;

/** Folded words of a text (the norms list plurals as words of their own). */
function wordsOf(text: string): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '');
}

export function createPortionCheck(check: PortionCheckData | undefined): PortionCheck {
  if (check === undefined) return () => null;
  const notAMeal = new RegExp(check.notAMealOf, 'i');
  const kinds = check.kinds.map((kind) => ({ ...kind, words: new Set(kind.words) }));
  return (query, recipe) => {
    const folded = foldWords(query);
    if (notAMeal.test(folded) || /\bor\b/.test(folded)) return null;
    const words = wordsOf(query);
    const stated = kinds.filter(
      (kind) =>
        kind.words.has(words[0] ?? '') ||
        words.some((word, index) => index > 0 && words[index - 1] === 'with' && kind.words.has(word)),
    );
    // A salad, a soup or a sandwich is not held to a portion, whatever the name calls it.
    if (stated.length === 0 || notAMeal.test(foldWords(recipe.name))) return null;
    const own = new Set(wordsOf(recipe.name));
    for (const kind of stated) {
      if ([...kind.words].some((word) => own.has(word))) continue;
      const grams = recipe.held?.[kind.kind] ?? 0;
      if (grams > 0 && grams < kind.grams * check.badlyUnder)
        return `${recipe.name} holds ${Math.round(grams)} g of ${kind.kind}, under ${check.badlyUnder} of a portion (${kind.grams} g)`;
    }
    return null;
  };
}
