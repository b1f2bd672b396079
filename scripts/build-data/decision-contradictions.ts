/**
 * Whether an answer contradicts the main protein or the diet a decision case's option states ("tofu"
 * answered with a pork ramen, "vegan" with a cheese pasta), judged from the answer's name and, for a
 * catalog dish, its ingredients.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { foldWords } from '../../src/core/fold.js';
import { nameWords } from './decision-options.js';
import type { ExpectedOption } from './decision-set.js';
import {
  ANIMAL_WORDS,
  DAIRY_WORDS,
  DIET_WORDS,
  type Diet,
  EGG_WORDS,
  IMITATION_MARKERS,
  MEAT_FREE_PROTEINS,
  OTHER_ANIMAL_PRODUCTS,
  PESCATARIAN_ANIMALS,
  PLANT_NAMES,
  sameAnimal,
} from './decision-words.js';

const folded = (text: string) => ` ${nameWords(text).join(' ')} `;
const hasPhrase = (text: string, phrase: string) => text.includes(` ${nameWords(phrase).join(' ')} `);

/** A cheese named after its animal ("goat's cheese") is a cheese, not the animal. */
const NAMED_CHEESE = /\b(?:goat|sheep|ewe|buffalo)(?:['’]?s)?\s+(?:milk\s+)?cheese/gi;

/** The animals an answer's name states. */
export function animalsNamed(answer: string): string[] {
  const text = folded(answer.replace(NAMED_CHEESE, 'cheese'));
  return Object.entries(ANIMAL_WORDS)
    .filter(([, words]) => words.some((word) => hasPhrase(text, word)))
    .map(([animal]) => animal);
}

/** The animal a stated main protein is, "meat-free", or null when it says nothing usable. */
export function proteinGroup(mainProtein: string | null | undefined): string | null {
  if (mainProtein === null || mainProtein === undefined) return null;
  const named = animalsNamed(mainProtein);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return null;
  const text = folded(mainProtein);
  return MEAT_FREE_PROTEINS.some((word) => hasPhrase(text, word)) ? 'meat-free' : null;
}

/** What a contradiction is of: a diet, or the main protein. */
export type ContradictionKind = Diet | 'protein';

/**
 * Why an answer contradicts the option's main protein or diet as the set gives them ("tofu" answered
 * with a pork ramen, "vegan" with a cheese pasta), and of what, or null when nothing it names does.
 */
export function contradictionOf(
  option: ExpectedOption,
  answer: string,
): { reason: string; kind: ContradictionKind } | null {
  // What an answer says it leaves out is not in it: "Pasta al pesto without parmesan", "Ramen with
  // tofu instead of chashu pork".
  let text = folded(
    answer.replace(/\b(?:without|instead of)\b[^,;]*/gi, ' ').replace(NAMED_CHEESE, 'cheese'),
  );
  for (const name of PLANT_NAMES) text = text.replaceAll(` ${nameWords(name).join(' ')} `, ' ');
  const imitation = IMITATION_MARKERS.some((marker) => hasPhrase(text, marker));
  const animals = imitation ? [] : animalsNamed(text);
  const diet = foldWords(option.diet ?? '');
  if (diet.includes('vegan')) {
    if (animals.length > 0) return { reason: `vegan, answered with ${animals.join(' and ')}`, kind: 'vegan' };
    const animalProduct = imitation
      ? undefined
      : [...DAIRY_WORDS, ...EGG_WORDS, ...OTHER_ANIMAL_PRODUCTS].find((word) => hasPhrase(text, word));
    if (animalProduct !== undefined)
      return { reason: `vegan, answered with ${animalProduct}`, kind: 'vegan' };
  }
  if (diet.includes('vegetarian') && animals.length > 0)
    return { reason: `vegetarian, answered with ${animals.join(' and ')}`, kind: 'vegetarian' };
  if (diet.includes('pescatarian')) {
    const meat = animals.filter((animal) => !PESCATARIAN_ANIMALS.includes(animal));
    if (meat.length > 0)
      return { reason: `pescatarian, answered with ${meat.join(' and ')}`, kind: 'pescatarian' };
  }
  const protein = proteinGroup(option.mainProtein);
  if (protein === 'meat-free' && animals.length > 0)
    return { reason: `${option.mainProtein}, answered with ${animals.join(' and ')}`, kind: 'protein' };
  if (protein !== null && protein !== 'meat-free') {
    const others = animals.filter((animal) => !sameAnimal(animal, protein));
    // "chicken" answered with "Chicken and prawn paella" states the protein: only an answer that
    // names another animal and not the stated one contradicts it.
    if (others.length > 0 && !animals.some((animal) => sameAnimal(animal, protein)))
      return { reason: `${option.mainProtein}, answered with ${others.join(' and ')}`, kind: 'protein' };
  }
  return null;
}

/** Why an answer contradicts the option's main protein or diet, or null (contradictionOf's reason). */
export function contradiction(option: ExpectedOption, answer: string): string | null {
  return contradictionOf(option, answer)?.reason ?? null;
}

/**
 * Whether the option's own text states what the answer contradicts ("tofu ramen" states tofu, "(vegan)"
 * a diet), rather than the set reading it into a generic name ("sushi" as fish, "veggie curry" as vegan).
 */
export function statesIt(option: ExpectedOption, text: string, kind: ContradictionKind): boolean {
  const words = folded(text.replace(NAMED_CHEESE, 'cheese'));
  if (kind !== 'protein') return DIET_WORDS[kind].some((word) => hasPhrase(words, word));
  const protein = proteinGroup(option.mainProtein);
  if (protein === null) return false;
  if (protein === 'meat-free') return MEAT_FREE_PROTEINS.some((word) => hasPhrase(words, word));
  return animalsNamed(text).some((animal) => sameAnimal(animal, protein));
}

/**
 * What an answer is made of, for judging contradictions: the name and, for a catalog dish, its
 * ingredients ("Ramen" is made with chashu pork). Empty for a name it does not know.
 */
export type Ingredients = (answer: string) => readonly string[];

/** The ingredients of the built-in catalog's dishes (data/recipes.json), by dish name. */
export function catalogDishIngredients(recipesFile: string): Ingredients {
  const file = z
    .object({
      recipes: z.array(z.object({ name: z.string(), contributors: z.array(z.object({ name: z.string() })) })),
    })
    .parse(JSON.parse(readFileSync(recipesFile, 'utf8')));
  const byName = new Map(
    file.recipes.map((recipe) => [recipe.name, recipe.contributors.map((each) => each.name)]),
  );
  return (answer) => byName.get(answer) ?? [];
}
