import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isNormFood, type PortionNormsFile, parsePortionNorms } from '../../../src/compare/portion-norms.js';
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

export { type PortionNormsFile, PortionNormsFileSchema } from '../../../src/compare/portion-norms.js';

export function readPortionNorms(path = join(CURATED_DIR, 'portion-norms.json')): PortionNormsFile {
  return parsePortionNorms(readFileSync(path, 'utf8'));
}

export interface MealFinding {
  dish: string;
  kind: string;
  /** Grams of it per serving, before and after the fix, and the serving before and after. */
  grams: number;
  /** One portion of it (the norm). */
  portionGrams: number;
  servingGrams: number;
  fixedGrams: number;
  fixedServingGrams: number;
  fix: 'serving enlarged' | 'accepted';
}

/** What a catalog food is, for the norms: its category and Agribalyse name. */
export type FoodKinds = ReadonlyMap<string, { category: string; name: string }>;

function namedKind(name: string, norms: PortionNormsFile): PortionNormsFile['norms'][number] | null {
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
  return dish.ingredients
    .filter((ingredient) => {
      const food = foods.get(ingredient.agb);
      return food !== undefined && isNormFood(norm, { category: food.category, fullName: food.name });
    })
    .reduce((sum, ingredient) => sum + ingredient.grams, 0);
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
