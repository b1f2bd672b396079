import { editDistance } from '../../core/edit-distance.js';
import { foldWords } from '../../core/fold.js';
import type { PortionCheckData, RecipeData } from './schema.js';
import { ONE_EDIT_LETTERS } from './typo-correction.js';

/**
 * Whether a dish may answer a name that states a food. First, a name listing its parts is not
 * answered with a dish whose name adds a cheese, a meat or a fish of a kind the name does not state
 * (kindsAdded). Then a name naming a dish after a meat, a fish,
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
  return foldWords(text.replace(/&/g, ' and '))
    .split(' ')
    .filter((word) => word !== '');
}

/** A word without a plural "s" ("prawns" is "prawn", "cheeses" "cheese"). */
function singular(word: string): string {
  if (word.length > 4 && /(ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Words that join a name's parts: a name with one lists what is in it. */
const JOINING = new Set(['with', 'and', 'n']);

/** Words this long or longer are read through one typo ("cehese" is cheese), as the matcher reads them. */
const TYPO_LENGTH = ONE_EDIT_LETTERS;
/**
 * Longer words are no food's name: they are not compared (the distance's cost grows with length).
 * 20 is a design choice, above the longest word of the catalog's food names (17 letters).
 */
const MAX_WORD_LENGTH = 20;

/** The kinds (cheese) whose words a text has, a word of five letters or more through one typo. */
export function kindsStated(text: string, kinds: Readonly<Record<string, readonly string[]>>): Set<string> {
  const words = wordsOf(text).map(singular);
  const says = (kindWord: string) =>
    words.some(
      (word) =>
        word === kindWord ||
        (word.length >= TYPO_LENGTH &&
          word.length <= MAX_WORD_LENGTH &&
          kindWord.length >= TYPO_LENGTH &&
          editDistance(word, kindWord) <= 1),
    );
  return new Set(
    Object.entries(kinds)
      .filter(([, list]) => list.some((word) => says(singular(word))))
      .map(([kind]) => kind),
  );
}

/**
 * The kinds a dish's name states that a name listing its parts ("jacket potato with baked beans")
 * does not: what the dish adds to what the name says is in it. Nothing for a name that lists no
 * parts ("katsu curry" keeps its usual chicken).
 */
export function kindsAdded(
  name: string,
  dishName: string,
  kinds: Readonly<Record<string, readonly string[]>>,
): string[] {
  if (!wordsOf(name).some((word) => JOINING.has(word))) return [];
  const stated = kindsStated(name, kinds);
  return [...kindsStated(dishName, kinds)].filter((kind) => !stated.has(kind));
}

export function createPortionCheck(check: PortionCheckData | undefined): PortionCheck {
  if (check === undefined) return () => null;
  const notAMeal = new RegExp(check.notAMealOf, 'i');
  const kinds = check.kinds.map((kind) => ({ ...kind, words: new Set(kind.words) }));
  return (query, recipe) => {
    const added = kindsAdded(query, recipe.name, check.statedKinds);
    if (added.length > 0) return `${recipe.name} has ${added.join(' and ')}, which it does not state`;
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
