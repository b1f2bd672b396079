import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  isNormFood,
  type PortionNormsFile,
  PortionNormsFileSchema,
  parsePortionNorms,
} from '../../../src/compare/portion-norms.js';
import { kindsAdded } from '../../../src/sources/catalog/portion-check.js';
import type { PortionCheckData } from '../../../src/sources/catalog/schema.js';
import { CURATED_DIR } from '../paths.js';
import type { DishDefinition } from './curated.js';

/**
 * The build's check that a dish named after a meat or a fish holds a portion of it per serving, against
 * the cited portion norms of data/curated/portion-norms.json. FNDDS servings are survey defaults (what
 * a respondent eats when no amount is given): a "Beef curry" of 240 g held 47 g of beef, a "Paella with
 * seafood" 40 g of seafood. A derived dish below the norm gets a larger serving, enough for one
 * portion of what it is named after, up to `maxScale` times FNDDS's; a hand-written or based-cooking
 * dish below it must be listed as accepted, with why, or the build fails.
 */

export { type PortionNormsFile, PortionNormsFileSchema };

/**
 * The norms as the build reads them: the app's schema (src/compare/portion-norms.ts), and the share of
 * a portion below which a dish does not hold a food at all, which only the build and the catalog read.
 */
export const BuildPortionNormsSchema = PortionNormsFileSchema.extend({
  badlyUnder: z.number().gt(0).max(1),
  badlyUnderWhy: z.string().min(1),
  statedKinds: z.object({
    why: z.string().min(1),
    kinds: z.record(z.string(), z.array(z.string().min(1)).min(1)),
  }),
});
export type BuildPortionNorms = z.infer<typeof BuildPortionNormsSchema>;

export function readPortionNorms(path = join(CURATED_DIR, 'portion-norms.json')): BuildPortionNorms {
  const text = readFileSync(path, 'utf8');
  parsePortionNorms(text);
  return BuildPortionNormsSchema.parse(JSON.parse(text));
}

export interface MealFinding {
  dish: string;
  /** The alias dropped, for an alias that names what the dish holds under a portion of. */
  alias?: string;
  kind: string;
  /** Grams of it per serving, before and after the fix, and the serving before and after. */
  grams: number;
  /** One portion of it (the norm). */
  portionGrams: number;
  servingGrams: number;
  fixedGrams: number;
  fixedServingGrams: number;
  fix: 'serving enlarged' | 'accepted' | 'alias dropped';
}

/** What a catalog food is, for the norms: its category and Agribalyse name. */
export type FoodKinds = ReadonlyMap<string, { category: string; name: string }>;

/** The norm a dish's name (or alias) names it after: its first word, or a word after "with". */
export function namedKind(name: string, norms: PortionNormsFile): PortionNormsFile['norms'][number] | null {
  const lower = name.toLowerCase();
  if (new RegExp(norms.notAMealOf, 'i').test(lower) || /\bor\b/.test(lower)) return null;
  const words = lower.match(/[a-z]+/g) ?? [];
  return (
    norms.norms.find(
      (norm) =>
        norm.words.includes(words[0] ?? '') ||
        new RegExp(`\\bwith (?:${norm.words.join('|')})\\b`).test(lower),
    ) ?? null
  );
}

function gramsOf(dish: DishDefinition, norm: PortionNormsFile['norms'][number], foods: FoodKinds): number {
  return normGrams(
    dish.ingredients.map((ingredient) => ({ code: ingredient.agb, grams: ingredient.grams })),
    norm,
    foods,
  );
}

/** Grams per serving of the foods a norm is about (its meat, its fish, its tofu…). */
export function normGrams(
  ingredients: readonly { code?: string | null; grams: number | null }[],
  norm: PortionNormsFile['norms'][number],
  foods: FoodKinds,
): number {
  return ingredients
    .filter((ingredient) => {
      const food = ingredient.code == null ? undefined : foods.get(ingredient.code);
      return food !== undefined && isNormFood(norm, { category: food.category, fullName: food.name });
    })
    .reduce((sum, ingredient) => sum + (ingredient.grams ?? 0), 0);
}

/** A dish as the build writes it (data/recipes.json): its names and its ingredients by code. */
export interface NamedDish {
  name: string;
  aliases: string[];
  contributors: { code?: string | null; grams: number | null }[];
}

/** Whether a name has one of a norm's words anywhere ("Beef shish kabob" names beef). */
function namesAnywhere(name: string, norm: PortionNormsFile['norms'][number]): boolean {
  const words = new Set(name.toLowerCase().match(/[a-z]+/g) ?? []);
  return norm.words.some((word) => words.has(word));
}

/**
 * Drops the aliases that list parts without a cheese, a meat or a fish the dish's own name states
 * (kindsAdded: "baked potato with beans" for the jacket potato with beans and cheese), and those
 * that name a dish after a food its own name does not name and that it holds less
 * than `badlyUnder` of a portion of: "tofu pad thai" for FNDDS's meatless pad thai, 24 g of tofu in
 * 222 g, answers a person who expects a plate of tofu with a noodle dish that barely has any. The
 * alias's food is what the person asks for; without the alias, the name is answered by a dish that
 * holds it, or built from its parts. An alias naming what the dish's own name names too ("seafood
 * paella" for "Paella with seafood") is the name's claim, checked (and its serving fixed) on the name.
 */
export function dropUnheldAliases<D extends NamedDish>(
  dishes: D[],
  norms: BuildPortionNorms,
  foods: FoodKinds,
  /**
   * The vegan diet's words and the catalog categories of animal foods (data/curated/dish-templates.json):
   * an alias stating the diet ("vegan burrito") is dropped from a dish holding any such food.
   */
  vegan: { words: readonly string[]; animalCategories: ReadonlySet<string> } = {
    words: [],
    animalCategories: new Set(),
  },
): { dishes: D[]; findings: MealFinding[] } {
  const veganWord = vegan.words.length === 0 ? null : new RegExp(`\\b(?:${vegan.words.join('|')})\\b`, 'i');
  const findings: MealFinding[] = [];
  const notAMeal = new RegExp(norms.notAMealOf, 'i');
  const kept = dishes.map((dish) => {
    // A salad, a soup or a sandwich is not held to a portion, whatever an alias calls it.
    const meal = !notAMeal.test(dish.name);
    const serving = dish.contributors.reduce((sum, each) => sum + (each.grams ?? 0), 0);
    const portions = norms.norms.filter((norm) => normGrams(dish.contributors, norm, foods) >= norm.grams);
    const animal = dish.contributors.find((each) => {
      const food = each.code == null ? undefined : foods.get(each.code);
      return food !== undefined && vegan.animalCategories.has(food.category);
    });
    /** Records why an alias is dropped; the dish's serving itself is left as it is. */
    const drop = (
      alias: string,
      claim: Pick<MealFinding, 'kind' | 'grams' | 'portionGrams' | 'fixedGrams'>,
    ): false => {
      // Keys in the order the other findings write them, so a report's JSON reads the same.
      findings.push({
        dish: dish.name,
        alias,
        kind: claim.kind,
        grams: claim.grams,
        portionGrams: claim.portionGrams,
        servingGrams: Math.round(serving),
        fixedGrams: claim.fixedGrams,
        fixedServingGrams: Math.round(serving),
        fix: 'alias dropped',
      });
      return false;
    };
    const aliases = dish.aliases.filter((alias) => {
      if (veganWord?.test(alias) && animal !== undefined) {
        const grams = Math.round((animal.grams ?? 0) * 10) / 10;
        return drop(alias, { kind: 'vegan', grams, portionGrams: 0, fixedGrams: 0 });
      }
      // "baked potato with beans" lists its parts: the jacket potato with beans and cheese adds one.
      const added = kindsAdded(alias, dish.name, norms.statedKinds.kinds);
      if (added.length > 0) {
        return drop(alias, { kind: added.join(' and '), grams: 0, portionGrams: 0, fixedGrams: 0 });
      }
      const norm = meal ? namedKind(alias, norms) : null;
      if (norm === null || namesAnywhere(dish.name, norm)) return true;
      // "scrambled tofu" is named after the tofu it holds, not the eggs its first word suggests.
      if (portions.some((held) => namesAnywhere(alias, held))) return true;
      const grams = normGrams(dish.contributors, norm, foods);
      if (grams >= norm.grams * norms.badlyUnder) return true;
      const rounded = Math.round(grams * 10) / 10;
      return drop(alias, { kind: norm.kind, grams: rounded, portionGrams: norm.grams, fixedGrams: rounded });
    });
    return aliases.length === dish.aliases.length ? dish : { ...dish, aliases };
  });
  return { dishes: kept, findings };
}

/**
 * Enlarges the servings of derived dishes below the norm (every ingredient scaled alike), and returns
 * what it found. `gramsPerServing` is the dish's serving weight.
 */
export function fixDerivedServings<D extends DishDefinition & { gramsPerServing: number }>(
  dishes: D[],
  norms: PortionNormsFile,
  foods: FoodKinds,
): { dishes: D[]; findings: MealFinding[] } {
  const findings: MealFinding[] = [];
  const fixed = dishes.map((dish) => {
    const norm = namedKind(dish.name, norms);
    if (norm === null) return dish;
    const grams = gramsOf(dish, norm, foods);
    if (grams >= norm.grams) return dish;
    const scale = grams === 0 ? norms.maxScale : Math.min(norm.grams / grams, norms.maxScale);
    const round = (value: number) => Math.round(value * 10) / 10;
    findings.push({
      dish: dish.name,
      kind: norm.kind,
      grams: round(grams),
      portionGrams: norm.grams,
      servingGrams: dish.gramsPerServing,
      fixedGrams: round(grams * scale),
      fixedServingGrams: Math.round(dish.gramsPerServing * scale),
      fix: 'serving enlarged',
    });
    return {
      ...dish,
      gramsPerServing: Math.round(dish.gramsPerServing * scale),
      ingredients: dish.ingredients.map((ingredient) => ({
        ...ingredient,
        grams: round(ingredient.grams * scale),
      })),
    };
  });
  return { dishes: fixed, findings };
}

/**
 * Checks dishes written by hand or read from recipes: below the norm, a dish must be listed as accepted;
 * throws on one that is not, so it is reviewed before it ships.
 */
export function checkWrittenDishes(
  dishes: readonly DishDefinition[],
  norms: PortionNormsFile,
  foods: FoodKinds,
): MealFinding[] {
  const accepted = new Set(norms.accepted.map((entry) => entry.dish));
  const findings: MealFinding[] = [];
  const problems: string[] = [];
  for (const dish of dishes) {
    const norm = namedKind(dish.name, norms);
    if (norm === null) continue;
    const grams = gramsOf(dish, norm, foods);
    if (grams >= norm.grams) continue;
    const serving = dish.ingredients.reduce((sum, ingredient) => sum + ingredient.grams, 0);
    if (!accepted.has(dish.name)) {
      problems.push(
        `${dish.name}: ${Math.round(grams)} g of ${norm.kind} per serving, under a portion (${norm.grams} g)`,
      );
      continue;
    }
    findings.push({
      dish: dish.name,
      kind: norm.kind,
      grams,
      portionGrams: norm.grams,
      servingGrams: serving,
      fixedGrams: grams,
      fixedServingGrams: serving,
      fix: 'accepted',
    });
  }
  if (problems.length > 0)
    throw new Error(
      `portion-norms.json: dishes under a portion of what they are named after:\n  ${problems.join('\n  ')}`,
    );
  return findings;
}

/**
 * What the catalog needs to hold an answer to the norms (src/sources/catalog/portion-check.ts): the
 * norms' words and portions, and each dish's grams of the foods of every norm it holds any of.
 */
export function withPortionFacts<D extends NamedDish>(
  dishes: D[],
  norms: BuildPortionNorms,
  foods: FoodKinds,
): {
  dishes: (D & { held?: Record<string, number> })[];
  check: PortionCheckData;
} {
  return {
    dishes: dishes.map((dish) => {
      const held = Object.fromEntries(
        norms.norms
          .map(
            (norm) => [norm.kind, Math.round(normGrams(dish.contributors, norm, foods) * 10) / 10] as const,
          )
          .filter(([, grams]) => grams > 0),
      );
      return Object.keys(held).length === 0 ? dish : { ...dish, held };
    }),
    check: {
      notAMealOf: norms.notAMealOf,
      badlyUnder: norms.badlyUnder,
      statedKinds: norms.statedKinds.kinds,
      kinds: norms.norms.map((norm) => ({ kind: norm.kind, words: norm.words, grams: norm.grams })),
    },
  };
}

/** A contributor at least this share of a dish's figure is one of what it is (src/compare/stated.ts, MAIN_SHARE). */
export const MAIN_SHARE = 0.1;
/** Dish types whose name lists what is in them: "quinoa salad" is quinoa and salad things, nothing else of note. */
const LISTING_TYPES = /^(.*) (salad|bowl)s?$/;

/**
 * A written dish whose name (or alias) lists its parts before "salad" or "bowl", every word of them a
 * word of its own ingredients ("Quinoa salad"), names every cheese that is a main part of its figure:
 * the catalog's quinoa salad held 40 g of feta (29% of its figure) under a name that states none, and
 * was answered for "quinoa salad" against every independent estimate. Throws on such a name, so the
 * dish is split or renamed before it ships. `cheeseWords` are the statedKinds' cheese words.
 */
export function checkListedNames(
  recipes: readonly {
    name: string;
    aliases: string[];
    contributors: { name: string; code: string; share: number }[];
  }[],
  cheeseWords: readonly string[],
  foods: FoodKinds,
): void {
  const words = (text: string) =>
    (text.toLowerCase().match(/[a-z]+/g) ?? []).map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
  const cheese = new Set(cheeseWords.flatMap(words));
  const problems: string[] = [];
  for (const recipe of recipes) {
    const cheeses = recipe.contributors.filter(
      (each) => each.share >= MAIN_SHARE && foods.get(each.code)?.category === 'Cheese and similar',
    );
    if (cheeses.length === 0) continue;
    const own = new Set(recipe.contributors.flatMap((each) => words(each.name)));
    for (const name of [recipe.name, ...recipe.aliases]) {
      const listed = LISTING_TYPES.exec(words(name).join(' '))?.[1]?.split(' ') ?? [];
      const parts = listed.filter((word) => !['and', 'with', 'a', 'the'].includes(word));
      if (
        parts.length === 0 ||
        !parts.every((word) => own.has(word)) ||
        parts.some((word) => cheese.has(word))
      )
        continue;
      problems.push(
        `${recipe.name}: "${name}" lists its parts without ${cheeses.map((each) => each.name).join(', ')}`,
      );
    }
  }
  if (problems.length > 0)
    throw new Error(
      `dishes.json: names listing a dish's parts without its cheese:\n  ${problems.join('\n  ')}`,
    );
}
