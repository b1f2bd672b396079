import { foldWords } from '../core/fold.js';
import type { ProductResult } from '../core/result.js';
import { adaptDish } from './adapt.js';
import type { ComposedDish, DishComposer } from './compose.js';
import { stem } from './dish-phrases.js';
import type { DishReading } from './dish-reading.js';
import type { DishTemplate, DishTemplatesFile } from './dish-templates.js';
import type { FoodKnowledge } from './knowledge.js';
import type { Resolution } from './resolution.js';
import type { StatedChecks } from './stated.js';

/**
 * How an option is understood once it has been looked up as typed: ordered rules, each with its
 * reason, the first that applies deciding. The lookup answers what the catalog names; these rules
 * make sure the answer keeps what the option states, and build a dish from its parts when the
 * catalog names none (compose.ts).
 */
export interface Understanding {
  composer: DishComposer;
  checks: StatedChecks;
  /** Whether a product is a meal on its own (servings.ts): a ready meal is not a bare food. */
  isMeal(product: ProductResult): boolean;
  /** Whether a product has a serving at all (ground coffee has none: it is what a drink is made from). */
  served(product: ProductResult): boolean;
  /** Whether dishes of a template's type are drinks (served as a drink, servings.ts). */
  isDrink(template: DishTemplate): boolean;
  /** The text without the diet its marks state ("Dal (vegan)" is looked up as "Dal"). */
  withoutDiet(text: string): string;
  /** The dish templates' words (data/curated/dish-templates.json), which certainty.ts reads too. */
  templates: DishTemplatesFile;
  /**
   * The built-in catalog's foods, which price what a named dish is given (adapt.ts), and the
   * restaurants it knows by name (certainty.ts).
   */
  catalog: Pick<FoodKnowledge, 'food' | 'restaurantNamed' | 'animalsIn'>;
}

interface Context {
  input: string;
  /** The lookup of the option as typed. */
  typed: Resolution;
  reading: DishReading;
  /** The dish built from the option's parts, or null when its name names no dish type. */
  composed(): ComposedDish | null;
  checks: StatedChecks;
  isMeal(product: ProductResult): boolean;
  served(product: ProductResult): boolean;
  isDrink(template: DishTemplate): boolean;
  /** Whether a word names a meal's dish type on its own, not a side's nor a drink's ("combo", "curry"; not "chips"). */
  namesMeal(word: string): boolean;
  catalog: Pick<FoodKnowledge, 'food'>;
}

export interface UnderstandingRule {
  name: string;
  /** Why the rule is there, with the case that asks for it. */
  why: string;
  decide(context: Context): Resolution | null;
}

function asComposed(input: string, dish: ComposedDish, reason: string): Resolution {
  return { status: 'found', input, takenAs: 'composed dish', reason, result: dish.result, how: dish.how };
}

/** The named dish answered, changed to keep what the option states (adapt.ts), or null. */
function adapted(context: Context, withoutOffending: boolean): Resolution | null {
  const { input, typed, reading, checks } = context;
  if (typed.status !== 'found' || typed.result.kind !== 'recipe' || typed.takenAs === 'ingredient list')
    return null;
  const dish = adaptDish(
    typed.result,
    reading,
    (ingredient) => withoutOffending && checks.offends(input, reading, ingredient),
    checks.missing(reading, typed.result),
    context.catalog,
  );
  if (dish === null) return null;
  // A diet is checked again on what the dish is now made of (under its own name, as the change's
  // name says what was taken out); an animal needs no check: every main ingredient of another is out.
  const renamed = { ...dish.result, name: typed.result.name };
  if (reading.diet !== null && checks.contradiction(input, reading, renamed) !== null) return null;
  return {
    status: 'found',
    input,
    takenAs: 'dish',
    reason: 'the named dish, changed to keep what it states',
    result: dish.result,
    how: dish.how,
  };
}

/** Whether every word of the answer's name is one of the option's: "Jollof rice" for "Jollof rice with grilled chicken". */
function namedWithin(input: string, name: string): boolean {
  const typed = new Set(foldWords(input).split(' '));
  return foldWords(name)
    .split(' ')
    .every((word) => typed.has(word) || word.length <= 2);
}

/**
 * Whether a word of the option that the answer's name does not hold names a meal on its own ("combo"
 * in "combo over rice" answered with "Rice, raw"): the option is a dish, not that food.
 */
function namesMealBeyond(input: string, name: string, namesMeal: (word: string) => boolean): boolean {
  const named = new Set(foldWords(name).split(' ').map(stem));
  return foldWords(input.replace(/\([^()]*\)/g, ' '))
    .split(' ')
    .some((word) => word.length > 2 && !named.has(stem(word)) && namesMeal(word));
}

/** The ordered rules; the first that decides wins. */
export const UNDERSTANDING_RULES: readonly UnderstandingRule[] = [
  {
    name: 'contradicts what is stated',
    why: 'A dish is never answered with one that contradicts its stated diet or animal: "ramen with tofu" is not the pork chashu ramen, "vegan pesto pasta" not the pesto pasta with parmesan. Such an answer gives way to the named dish without what contradicts it (the Ramen with tofu for its chashu pork), else to a dish of its type built from parts, else the option is not ranked and the answer says why.',
    decide(context) {
      const { input, typed, reading, composed, checks } = context;
      if (typed.status !== 'found') return null;
      const why = checks.contradiction(input, reading, typed.result);
      if (why === null) return null;
      // First the named dish without what contradicts it, then a dish of its type built from parts.
      const changed = adapted(context, true);
      if (changed !== null) return changed;
      const dish = composed();
      if (dish !== null && checks.contradiction(input, reading, dish.result) === null)
        return asComposed(input, dish, `${typed.result.name} contradicts it (${why})`);
      // No answer honours what it states: say so, rather than answer with one that does not.
      return {
        status: 'not_understood',
        input,
        reason: `the closest the catalog has, ${typed.result.name}, is not what it states (${why})`,
      };
    },
  },
  {
    name: 'a guess by its ingredients',
    why: 'A named dish found by what it is made of, not by its name, that adds a meat or fish the option never states ("garlic naan" answered with the tandoori chicken served with naan) is a guess: a dish of the type the option names, built from its parts, takes its place. A variant that keeps every word of the option ("Chicken katsu curry" for "katsu curry") is the dish itself.',
    decide(context) {
      const { input, typed, reading, composed, checks } = context;
      if (typed.status !== 'found' || typed.takenAs !== 'dish' || !reading.byType) return null;
      if (namedWithin(typed.result.name, input) || !checks.addsMeat(input, typed.result)) return null;
      const dish = composed();
      return dish === null
        ? null
        : asComposed(input, dish, `${typed.result.name} adds a meat it does not state`);
    },
  },
  {
    name: 'drops a stated food',
    why: 'A stated food is never dropped: a named dish that leaves it out ("halloumi burger" answered with the veggie burger) gives way to the dish built with it, when the name names a dish type.',
    decide(context) {
      const { input, typed, reading, composed, checks } = context;
      if (typed.status !== 'found') return null;
      const dropped = checks.dropped(reading, typed.result);
      if (dropped === null) return null;
      // The named dish with the food put in, when the option is that dish and more ("Jollof rice with
      // grilled chicken"); otherwise a dish of its type built with it ("halloumi burger" is not the
      // veggie burger with halloumi).
      if (namedWithin(input, typed.result.name)) {
        const changed = adapted(context, false);
        if (changed !== null) return changed;
      }
      const dish = composed();
      return dish === null ? null : asComposed(input, dish, `${typed.result.name} has no ${dropped}`);
    },
  },
  {
    name: 'a diet a ready meal cannot show',
    why: 'An option stating a diet ("yasai gyoza (vegetarian)", "vegan pizza") found as a ready meal whose name states neither the diet nor the foods the option names ("Chinese specialty or dumplings", "Pizza, vegetables") cannot be shown to keep it: the dish of its type built for that diet takes its place.',
    decide({ input, typed, reading, composed, isMeal }) {
      if (typed.status !== 'found' || typed.takenAs !== 'product' || !isMeal(typed.result)) return null;
      if (reading.diet === null || !reading.byType) return null;
      const name = foldWords(typed.result.name);
      const said = [reading.diet, ...reading.mains.filter((food) => !food.generic).map((food) => food.words)];
      if (said.some((words) => words !== '' && name.includes(foldWords(words)))) return null;
      const dish = composed();
      return dish === null
        ? null
        : asComposed(input, dish, `${typed.result.name} does not say it is ${reading.diet}`);
    },
  },
  {
    name: 'a drink as its type is made',
    why: 'A drink named by its type ("latte", "flat white", "matcha latte", "sweet tea") is made as its type\'s recipe (espresso and milk; tea, milk and sugar), not answered with a ready-to-drink mixture whose share of milk is unknown ("Coffee with milk or white coffee or cappuccino, instant coffee or not, ready-to-drink" is mostly water and prices a latte at a third of its milk).',
    decide({ input, typed, reading, composed, isDrink }) {
      if (typed.status !== 'found' || typed.takenAs !== 'product' || !reading.byType) return null;
      if (reading.template === null || !isDrink(reading.template)) return null;
      const dish = composed();
      return dish === null
        ? null
        : asComposed(input, dish, `a ${reading.template.type}, made as its recipe is`);
    },
  },
  {
    name: 'a dish, not its main food',
    why: 'A dish named by its type and its main food is that dish, not the food alone: "massaman beef" is a curry, not a beef steak; "pad see ew chicken" a noodle dish; "Vietnamese iced coffee" a coffee, not the ground coffee it is made from (which has no serving). A bare word naming only the type ("chips", "side salad") stays the product.',
    decide({ input, typed, reading, composed, isMeal, served, namesMeal }) {
      if (typed.status !== 'found' || typed.takenAs !== 'product' || isMeal(typed.result)) return null;
      if (reading.template === null || !reading.byType) return null;
      // What a drink is made from has no serving ("Vietnamese iced coffee" is not ground coffee); a
      // word beyond the food's name naming a meal of its own makes a dish ("combo over rice").
      const beyond = namesMealBeyond(input, typed.result.name, namesMeal);
      if (reading.mains.length === 0 && served(typed.result) && !beyond) return null;
      const dish = composed();
      if (dish !== null) return asComposed(input, dish, `a dish, not ${typed.result.name} alone`);
      // A meal that cannot be built is not the food alone either: better not ranked than ranked as it.
      return beyond
        ? {
            status: 'not_understood',
            input,
            reason: `a dish, not ${typed.result.name} alone: name its main ingredients`,
          }
        : null;
    },
  },
  {
    name: 'a plate of its main food',
    why: 'An option naming a meat, fish or egg with words that make it a dish ("Cajun chicken breast", "jerk chicken", "roasted cod") is a plate of it, served as a meal, not the raw food on an ingredient\'s portion (85 g of chicken). The food named alone ("chicken", "salmon") stays the food: a comparison of foods is per kg.',
    decide({ input, typed, reading, composed, isMeal }) {
      if (typed.status !== 'found' || typed.takenAs !== 'product' || isMeal(typed.result)) return null;
      if (reading.template === null || reading.byType) return null;
      const animal = reading.mains.filter(
        (food) => !food.generic && food.kind !== 'plant' && food.kind !== 'protein',
      );
      if (animal.length === 0) return null;
      // Words beyond the foods' own: what makes it a dish.
      const foodWords = new Set(reading.mains.flatMap((food) => foldWords(food.words).split(' ')));
      const more = foldWords(input.replace(/\([^()]*\)/g, ' '))
        .split(' ')
        .filter((word) => word.length > 1 && !foodWords.has(word));
      if (more.length === 0) return null;
      const dish = composed();
      return dish === null
        ? null
        : asComposed(input, dish, `a dish of ${animal[0]!.label}, not ${typed.result.name} alone`);
    },
  },
  {
    name: 'as named',
    why: 'The catalog names it, and its answer keeps what the option states.',
    decide: ({ typed }) => (typed.status === 'found' ? typed : null),
  },
  {
    name: 'built from its parts',
    why: 'The catalog names no such dish ("katsu sando", "tofu banh mi"), but its name names a dish type: a dish of that type with the foods it states.',
    decide({ input, typed, composed }) {
      if (typed.status !== 'not_found') return null;
      const dish = composed();
      return dish === null ? null : asComposed(input, dish, 'the catalog names no such dish');
    },
  },
  {
    name: 'as looked up',
    why: 'Not found, not understood or failed, as the lookup said.',
    decide: ({ typed }) => typed,
  },
];

/** The first rule's decision for an option looked up as typed. */
export function understand(input: string, typed: Resolution, understanding: Understanding): Resolution {
  let composed: ComposedDish | null | undefined;
  const context: Context = {
    input,
    typed,
    reading: understanding.composer.read(input),
    composed: () => {
      if (composed === undefined) composed = understanding.composer.compose(input);
      return composed;
    },
    checks: understanding.checks,
    isMeal: (product) => understanding.isMeal(product),
    served: (product) => understanding.served(product),
    isDrink: (template) => understanding.isDrink(template),
    namesMeal: (word) => {
      const template = understanding.composer.namesType(word)
        ? understanding.composer.read(word).template
        : null;
      return template !== null && template.sideServing === undefined && !understanding.isDrink(template);
    },
    catalog: understanding.catalog,
  };
  for (const rule of UNDERSTANDING_RULES) {
    const decided = rule.decide(context);
    if (decided !== null) return decided;
  }
  return typed;
}

/**
 * When the answer for an option is a guess the certainty rules doubt ("garlic bread" answered with
 * Bolo do Caco, "Vegetable chow mein" with a tofu and cashew chow mein), the dish of the type its
 * name names, built from its own words, if it names one; null otherwise. Its certainty is checked
 * again by the caller.
 */
export function builtInstead(input: string, understanding: Understanding): Resolution | null {
  const reading = understanding.composer.read(input);
  if (reading.template === null || !reading.byType) return null;
  const dish = understanding.composer.compose(input);
  return dish === null ? null : asComposed(input, dish, 'the closest named dish is only a guess');
}
