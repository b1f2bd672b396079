/**
 * The words by which the decision report judges whether an answer contradicts what an option states:
 * animals, animal products, meat-free proteins, plant foods named after animal ones, and diets. They
 * live in decision-words.json beside this file (only the report reads them, so they are not shipped
 * with the app's data); this module validates them and gives them the names the report uses.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const Words = z.array(z.string().min(1)).min(1);

/** A diet an option may state. */
export const DietSchema = z.enum(['vegan', 'vegetarian', 'pescatarian']);
export type Diet = z.infer<typeof DietSchema>;

export const DecisionWordsSchema = z
  .object({
    about: z.string(),
    /** Words that say which animal a food is, by animal group: "brisket" is beef. */
    animals: z.record(z.string().min(1), Words),
    /** Groups that are one of several others, so contradict none of them: seafood is fish or shellfish. */
    broaderAnimals: z.record(z.string().min(1), Words),
    /** The animal groups a pescatarian eats. */
    pescatarianAnimals: Words,
    /** Dairy foods: stating one says the option is not vegan. */
    dairy: Words,
    /** Egg foods: stating one says the option is not vegan. */
    egg: Words,
    /** Animal products neither dairy nor egg: stating one says the option is not vegan. */
    otherAnimalProducts: Words,
    /** Plant proteins and meat-free mains: stating one says the option has no meat (egg or cheese does not: eggs Benedict has ham). */
    meatFreeProteins: Words,
    /** Plant foods named after animal ones: "coconut milk" is no dairy. */
    plantNames: Words,
    /** In an answer's name these say its animal words are imitations: "Cheese, vegan alternative". */
    imitationMarkers: Words,
    /** Words of an option's text that state a diet: "veggie curry" states vegetarian, not vegan. */
    diets: z.record(DietSchema, Words),
  })
  .superRefine((words, ctx) => {
    const check = (group: string, path: (string | number)[]) => {
      if (!(group in words.animals))
        ctx.addIssue({ code: 'custom', path, message: `no animal group ${group}` });
    };
    for (const [broader, narrower] of Object.entries(words.broaderAnimals)) {
      for (const group of [broader, ...narrower]) check(group, ['broaderAnimals', broader]);
    }
    for (const [index, group] of words.pescatarianAnimals.entries())
      check(group, ['pescatarianAnimals', index]);
  });
export type DecisionWords = z.infer<typeof DecisionWordsSchema>;

export function readDecisionWords(
  file: string | URL = new URL('./decision-words.json', import.meta.url),
): DecisionWords {
  return DecisionWordsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const WORDS = readDecisionWords();

export const ANIMAL_WORDS: Readonly<Record<string, readonly string[]>> = WORDS.animals;
export const DAIRY_WORDS: readonly string[] = WORDS.dairy;
export const EGG_WORDS: readonly string[] = WORDS.egg;
export const OTHER_ANIMAL_PRODUCTS: readonly string[] = WORDS.otherAnimalProducts;
export const PESCATARIAN_ANIMALS: readonly string[] = WORDS.pescatarianAnimals;
export const MEAT_FREE_PROTEINS: readonly string[] = WORDS.meatFreeProteins;
export const PLANT_NAMES: readonly string[] = WORDS.plantNames;
export const IMITATION_MARKERS: readonly string[] = WORDS.imitationMarkers;
export const DIET_WORDS: Readonly<Record<Diet, readonly string[]>> = WORDS.diets;

/** Whether two animal groups can be the same food: seafood is fish or shellfish. */
export function sameAnimal(a: string, b: string): boolean {
  if (a === b) return true;
  const covers = (broader: string, narrower: string) =>
    WORDS.broaderAnimals[broader]?.includes(narrower) ?? false;
  return covers(a, b) || covers(b, a);
}
