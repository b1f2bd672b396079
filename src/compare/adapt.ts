import { headlineNote } from '../core/figures-text.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, recipeLevel } from '../core/levels.js';
import type { Contributor, RecipeResult } from '../core/result.js';
import { onDishFigures } from '../figures/dish.js';
import type { PricedIngredient } from '../figures/table.js';
import type { ComposedDish } from './compose.js';
import type { DishReading, StatedFood } from './dish-reading.js';
import type { FoodKnowledge } from './knowledge.js';

/**
 * A named dish changed to keep what an option states: the ingredients that contradict it taken out
 * ("ramen with tofu": the Ramen without its chashu pork), the stated foods it lacks put in, in their
 * place ("with tofu") or beside them ("Jollof rice with grilled chicken": the Jollof rice, with
 * chicken). Only a dish whose ingredients have weights can be changed, and only a little: a dish that
 * loses most of itself is another dish.
 */

/** At most this share of a dish's weight is taken out; more, and it is not the same dish. */
export const MAX_TAKEN_OUT = 0.5;
/** Grams of a stated food put in beside a dish's own ingredients, when none is taken out for it. */
export const ADDED_GRAMS = 100;

/**
 * The catalog codes of a named dish's contributors, in their order, when the answer is the catalog's
 * own dish (the same ingredients and weights); null otherwise (another source's dish).
 */
function codesOf(
  answer: RecipeResult,
  catalog: Pick<FoodKnowledge, 'recipeIngredients'>,
): (string | null)[] | null {
  const own = catalog.recipeIngredients?.(answer.name) ?? null;
  if (own === null || own.ingredients.length !== answer.contributors.length) return null;
  const same = own.ingredients.every(
    (ingredient, index) => Math.abs(ingredient.grams - (answer.contributors[index]!.grams ?? -1)) < 1e-9,
  );
  return same ? own.ingredients.map((ingredient) => ingredient.code) : null;
}

/** The note an answer led by a study's figure carries (CARBON_BASIS=global), which a changed dish says anew. */
function basisNoteOf(answer: RecipeResult): string | null {
  const [headline] = answer.sources ?? [];
  const catalogOwn = answer.sources?.find((source) => source.statistic === null);
  return headline === undefined || catalogOwn === undefined || headline === catalogOwn
    ? null
    : headlineNote(headline, catalogOwn);
}

export function adaptDish(
  answer: RecipeResult,
  reading: DishReading,
  /** Whether an ingredient contradicts the option (stated.ts). */
  offends: (ingredient: Contributor) => boolean,
  /** The stated foods the dish lacks. */
  missing: readonly StatedFood[],
  catalog: Pick<FoodKnowledge, 'food' | 'figures' | 'basis' | 'recipeIngredients'>,
): ComposedDish | null {
  const { contributors } = answer;
  if (contributors.length === 0 || contributors.some((each) => each.grams === null)) return null;
  const codes = codesOf(answer, catalog);
  const total = contributors.reduce((sum, each) => sum + each.grams!, 0);
  const out = contributors.filter((each) => offends(each));
  const keptAt = contributors.flatMap((each, index) => (offends(each) ? [] : [index]));
  const kept = keptAt.map((index) => contributors[index]!);
  const outGrams = out.reduce((sum, each) => sum + each.grams!, 0);
  if (total <= 0 || outGrams / total > MAX_TAKEN_OUT) return null;
  if (out.length === 0 && missing.length === 0) return null;
  const added: Contributor[] = [];
  const ingredients: PricedIngredient[] = keptAt.map((index) => ({
    code: codes?.[index] ?? null,
    grams: contributors[index]!.grams!,
    kgCo2e: contributors[index]!.kgCo2e,
  }));
  for (const food of missing) {
    const found = catalog.food(food.code);
    if (found === null) return null;
    const grams = (outGrams > 0 ? outGrams : ADDED_GRAMS) / missing.length;
    const kgCo2e = (grams / 1000) * found.kgCo2ePerKg;
    added.push({ name: food.label, grams, kgCo2e, share: 0 });
    ingredients.push({ code: food.code, grams, kgCo2e });
  }
  const parts = [...kept.map((each) => ({ ...each })), ...added];
  const kg = parts.reduce((sum, each) => sum + each.kgCo2e, 0);
  for (const part of parts) part.share = kg > 0 ? part.kgCo2e / kg : 0;
  parts.sort((a, b) => b.kgCo2e - a.kgCo2e);
  const withText = added.length === 0 ? '' : `with ${added.map((each) => each.name).join(' and ')}`;
  // "Chicken, breast, without skin, cooked" is chicken.
  const outNames = [...new Set(out.map((each) => each.name.split(',')[0]!.trim().toLowerCase()))].join(
    ' and ',
  );
  const outText = out.length === 0 ? '' : `${withText === '' ? 'without' : 'instead of'} ${outNames}`;
  const change = [withText, outText].filter((text) => text !== '').join(' ');
  // The studies' figures for the dish as named are not its figures as changed: it is priced again
  // on every dataset from what it is now made of (figures/dish.ts), the catalog's figure first.
  const ledBy = basisNoteOf(answer);
  const result = onDishFigures<RecipeResult>(
    {
      ...answer,
      name: `${answer.name} ${change}`,
      kgCo2ePerServing: kg,
      climateFriendly: { value: 'unknown', raw: null },
      thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
      level: recipeLevel(kg),
      contributors: parts,
      notes: [
        ...answer.notes.filter((note) => note !== ledBy),
        `The catalog's ${answer.name} ${change}, to keep what the option states${reading.diet === null ? '' : ` (${reading.diet})`}.`,
      ],
    },
    codes === null ? null : catalog.figures,
    catalog.basis ?? 'agribalyse',
    { entry: null, ingredients },
  );
  return { how: `the named dish ${answer.name} ${change}`, result, reading };
}
