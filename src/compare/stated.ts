import { foldWords } from '../core/fold.js';
import type { Contributor, ProductResult, RecipeResult } from '../core/result.js';
import type { DishReading, StatedFood } from './dish-reading.js';
import type { DishTemplatesFile } from './dish-templates.js';

/**
 * Whether an answer keeps what an option states: its diet, its animal (or none), its main foods. A
 * named dish that contradicts them is never the answer ("ramen with tofu" is not the pork chashu
 * ramen, "vegan pesto pasta" not the pesto pasta with parmesan); one that leaves a stated food out
 * gives way to a dish built with it ("halloumi burger" is not the veggie burger).
 */

/** A contributor at least this share of a dish's figure says which animal the dish is. */
const MAIN_SHARE = 0.1;
/** The food-defining value the matcher's lexicon gives a food with no animal (tofu, potato). */
const MEAT_FREE = 'meatfree';

export interface StatedChecks {
  /** Why the answer contradicts the option's diet or animal, or null. */
  contradiction(input: string, reading: DishReading, answer: RecipeResult | ProductResult): string | null;
  /**
   * Whether one of a dish's ingredients is what makes it contradict the option ("chashu pork"): any
   * that breaks a stated diet; for a stated animal, a main ingredient of another (not chicken stock).
   */
  offends(input: string, reading: DishReading, ingredient: Contributor): boolean;
  /** The stated main foods the answer leaves out. */
  missing(reading: DishReading, answer: RecipeResult | ProductResult): StatedFood[];
  /** The first stated main food the answer leaves out, or null. */
  dropped(reading: DishReading, answer: RecipeResult | ProductResult): string | null;
  /** Whether the answer's name states a meat or fish the option, stating none, does not. */
  addsMeat(input: string, answer: RecipeResult | ProductResult): boolean;
}

/** Folded words, crudely singular, for comparing names with names. */
function words(text: string): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '')
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

function names(answer: RecipeResult | ProductResult, minShare: number): string[] {
  if (answer.kind === 'product') return [answer.name];
  return [
    answer.name,
    ...answer.contributors.filter((each) => each.share >= minShare).map((each) => each.name),
  ];
}

export function createStatedChecks(
  file: DishTemplatesFile,
  /** Which animals a text's words state, as the catalog's matcher reads them (Catalog.animalsIn). */
  animalsIn: (text: string) => string[],
): StatedChecks {
  const animalProducts = [
    ...file.animalProducts.cheese,
    ...file.animalProducts.dairy,
    ...file.animalProducts.egg,
    ...file.animalProducts.other,
  ].map((phrase) => words(phrase).join(' '));
  const plantNames = file.plantNames.map((phrase) => words(phrase).join(' '));
  // "plant-based mozzarella", "vegan mayo": a vegan word before a food says it is a plant food.
  const veganBefore = new RegExp(
    ` (?:${file.diets.vegan.map((phrase) => words(phrase).join(' ')).join('|')}) [a-z]+`,
    'g',
  );

  /** An animal food a text names, beside the plant foods named after one ("coconut milk"). */
  const animalProductIn = (text: string): string | undefined => {
    let folded = ` ${words(text).join(' ')} `.replace(veganBefore, ' ');
    for (const plant of plantNames) folded = folded.replaceAll(` ${plant} `, ' ');
    return animalProducts.find((phrase) => folded.includes(` ${phrase} `));
  };
  // "goat's cheese" is a cheese, not goat: a cheese named after its animal says no meat.
  const namedCheeses = file.animalProducts.cheese
    .filter((phrase) => phrase.includes(' '))
    .map((phrase) => words(phrase).join(' '));
  const withoutCheeses = (text: string): string => {
    let folded = ` ${words(text.replace(/['’]s\b/g, 's')).join(' ')} `;
    for (const cheese of namedCheeses) folded = folded.replaceAll(` ${cheese} `, ' cheese ');
    return folded.trim();
  };
  const meatIn = (texts: readonly string[]): string[] =>
    [...new Set(texts.flatMap((text) => animalsIn(withoutCheeses(text))))].filter(
      (animal) => animal !== MEAT_FREE,
    );

  /** What the option asks: its diet, the animals it states, whether it states only meat-free foods. */
  const askedBy = (input: string, reading: DishReading) => {
    const stated = new Set(animalsIn(withoutCheeses(input.replace(/\([^()]*\)/g, ' '))));
    return {
      diet: reading.diet,
      animals: [...stated].filter((animal) => animal !== MEAT_FREE),
      meatFree: stated.size === 1 && stated.has(MEAT_FREE),
    };
  };
  /** Why one ingredient (or a dish's name) contradicts what is asked, or null. */
  const offence = (asked: ReturnType<typeof askedBy>, text: string): string | null => {
    const meat = meatIn([text]);
    if (asked.diet !== null || asked.meatFree) {
      if (meat.length > 0) return meat.join(' and ');
      return asked.diet === 'vegan' ? (animalProductIn(text) ?? null) : null;
    }
    // An ingredient named for the stated animal is of it, whatever else its name says ("turkey ham").
    if (meat.some((animal) => asked.animals.includes(animal))) return null;
    const other = meat.filter((animal) => !asked.animals.includes(animal));
    return asked.animals.length > 0 && other.length > 0 ? other.join(' and ') : null;
  };

  return {
    contradiction(input, reading, answer) {
      const asked = askedBy(input, reading);
      // A stated meat-free food in a dish with meat is not a contradiction when the dish has it too
      // ("mapo tofu" is made with pork), only when the meat takes its place ("ramen with tofu").
      if (asked.diet === null && asked.meatFree && this.dropped(reading, answer) === null) return null;
      // Which animal a dish is: its name and its main ingredients; a diet: every ingredient.
      const texts = names(answer, asked.diet === null && !asked.meatFree ? MAIN_SHARE : 0);
      for (const text of texts) {
        const found = offence(asked, text);
        if (found !== null) {
          const what = asked.diet ?? (asked.meatFree ? 'meat-free' : asked.animals.join(' and '));
          return `${what}, but it has ${found}`;
        }
      }
      return null;
    },

    offends(input, reading, ingredient) {
      const asked = askedBy(input, reading);
      if (asked.diet === null && !asked.meatFree && ingredient.share < MAIN_SHARE) return false;
      return offence(asked, ingredient.name) !== null;
    },

    missing(reading, answer) {
      const answerWords = new Set(names(answer, 0).flatMap(words));
      return reading.mains.filter((food) => {
        if (food.generic) return false;
        const said = [food.words, food.label, food.foodName].filter((text) => text !== '').map(words);
        return !said.some((list) => list.every((word) => answerWords.has(word)));
      });
    },

    dropped(reading, answer) {
      return this.missing(reading, answer)[0]?.label ?? null;
    },

    addsMeat(input, answer) {
      const asked = askedBy(input, { diet: null } as DishReading);
      return asked.animals.length === 0 && !asked.meatFree && meatIn([answer.name]).length > 0;
    },
  };
}
