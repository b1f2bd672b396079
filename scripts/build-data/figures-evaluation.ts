import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { compareDependencies } from '../../src/app/services.js';
import { createChatCompareHandlers } from '../../src/compare/chat.js';
import { normaliseName } from '../../src/core/command.js';
import { isCarbonError } from '../../src/core/errors.js';
import type { FigureSource, RecipeResult } from '../../src/core/result.js';
import { silentLogger } from '../../src/logging/logger.js';
import { createCatalogSource } from '../../src/sources/catalog/index.js';
import type { Catalog } from '../../src/sources/catalog/types.js';
import { REPO_ROOT } from './paths.js';

/**
 * Measures the independent figures an answer shows against a blind set written from the studies'
 * files alone (test/fixtures/figures-2026/): for everyday foods, whether the answer shows each study's
 * own entry for that food; for dishes, whether it gives an independent per-serving figure, and
 * whether its verdict is one every independent estimate contradicts.
 */

const StudyFigure = z.object({ item: z.string(), kgCo2ePerKg: z.number() }).nullable();

export const BlindFiguresSetSchema = z.object({
  description: z.string().optional(),
  foods: z.array(z.object({ id: z.string(), query: z.string(), poore: StudyFigure, clark: StudyFigure })),
  dishes: z.array(
    z.object({
      id: z.string(),
      query: z.string(),
      portionGrams: z.number().positive(),
      independentKgPerServing: z.number().nonnegative(),
      range: z.tuple([z.number(), z.number()]),
      verdict: z.enum(['climate-friendly', 'not climate-friendly', 'uncertain']),
    }),
  ),
});
export type BlindFiguresSet = z.infer<typeof BlindFiguresSetSchema>;

/** Where the committed halves of the blind sets live. */
export const FIGURES_FIXTURES = join(REPO_ROOT, 'test/fixtures/figures-2026');

/**
 * A blind set: a path (absolute, or relative to the working directory when it names a folder, e.g.
 * `./x.json` or `/work/blind/split/x.json`), or a bare file name in test/fixtures/figures-2026.
 */
export function loadFiguresSet(file: string): BlindFiguresSet {
  const path = isAbsolute(file) || file.includes('/') ? resolve(file) : join(FIGURES_FIXTURES, file);
  return BlindFiguresSetSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

const silent = silentLogger();

const STUDIES = { poore: 'poore-nemecek-2018', clark: 'clark-2022' } as const;
type Study = keyof typeof STUDIES;

/** The set rounds to 2 decimals (half up); a figure within that, or 1%, is the same figure. */
function sameFigure(shown: number, expected: number): boolean {
  return Math.abs(shown - expected) <= Math.max(0.006, expected * 0.01);
}

export interface FoodOutcome {
  id: string;
  query: string;
  answered: string | null;
  /**
   * Answered with a study's own entry, the catalog lacking the food (figures/study-answer.ts): its
   * studies' figures count as any answer's do.
   */
  byStudy: boolean;
  /** Per study: the figure expected, what was shown (item and figure), and whether they agree. */
  studies: Record<
    Study,
    {
      expected: string | null;
      shown: string | null;
      right: boolean;
      /** What was shown is the study's median, where it gives no mean (Poore & Nemecek's oils). */
      medianOnly: boolean;
    }
  >;
}

export interface DishOutcome {
  id: string;
  query: string;
  answered: string | null;
  /** Answered with a dish built from the parts its name states, not one the catalog names. */
  composed: boolean;
  independent: FigureSource[];
  verdict: string | null;
  expectedVerdict: string;
  expectedKg: number;
  contradicted: boolean;
}

function shownBy(sources: readonly FigureSource[], study: Study): FigureSource | undefined {
  return sources.find((source) => source.dataset === STUDIES[study]);
}

export function evaluateFoods(catalog: Catalog, set: BlindFiguresSet): FoodOutcome[] {
  return set.foods.map((food) => {
    let sources: FigureSource[] = [];
    let answered: string | null = null;
    let byStudy = false;
    try {
      const result = catalog.findProduct(food.query);
      answered = result.name;
      sources = result.sources ?? [];
      byStudy = result.catalogHasFood === false;
    } catch (error) {
      if (!isCarbonError(error)) throw error;
    }
    const studies = {} as FoodOutcome['studies'];
    for (const study of Object.keys(STUDIES) as Study[]) {
      const expected = food[study];
      const shown = shownBy(sources, study);
      studies[study] = {
        expected: expected === null ? null : `${expected.item} ${expected.kgCo2ePerKg}`,
        shown: shown === undefined ? null : `${shown.name} ${shown.kgCo2e}`,
        medianOnly: shown?.statistic === 'median',
        // Where the set gives the study no entry, nothing is required (a figure shown then is counted apart).
        right:
          expected === null
            ? true
            : shown !== undefined &&
              shown.name.toLowerCase() === expected.item.toLowerCase() &&
              sameFigure(shown.kgCo2e, expected.kgCo2ePerKg),
      };
    }
    return { id: food.id, query: food.query, answered, byStudy, studies };
  });
}

const CONTRADICTING: Record<string, string> = {
  // Our verdict, and the blind verdict that every independent estimate gives against it.
  yes: 'not climate-friendly',
  no: 'climate-friendly',
};

/** A dish as `/carbon recipe` answers it; null when it answers none. */
export type DishAnswerer = (query: string) => Promise<{ result: RecipeResult; composed: boolean } | null>;

/**
 * The answerer of `/carbon recipe <name>` over a catalog: the command's own path (core/commands/recipe.ts
 * → the compare handlers' `dish` → compare/either.ts `lookupDish`), with the dependencies the app gives
 * it (app/services.ts), so the measure is of what users see. It reads the name as a comparison reads an
 * option (understand.ts): a named dish that contradicts what the name states ("vegan pizza" answered
 * with a cheese pizza) gives way to the dish without it or to one built from its parts, which
 * `findRecipe` plus the builder alone did not do.
 */
export function recipeAnswerer(catalog: Catalog): DishAnswerer {
  const appDeps = compareDependencies(createCatalogSource(catalog), silent);
  const handlers = createChatCompareHandlers(() => ({ ...appDeps(), catalog: () => catalog }));
  const context = { signal: new AbortController().signal, logger: silent };
  return async (query) => {
    const reply = await handlers.dish(normaliseName(query), context);
    if (reply.type !== 'result' || reply.result.kind !== 'recipe') return null;
    // lookupDish returns the result alone; a dish built from its parts says so in its first note
    // (compose.ts), the one mark it carries.
    const composed = reply.result.notes.some((note) => note.startsWith('Built from '));
    return { result: reply.result, composed };
  };
}

export async function evaluateDishes(catalog: Catalog, set: BlindFiguresSet): Promise<DishOutcome[]> {
  const answer = recipeAnswerer(catalog);
  const outcomes: DishOutcome[] = [];
  for (const dish of set.dishes) {
    const answered = await answer(dish.query);
    const result = answered?.result ?? null;
    // A study's part of a dish (a lower bound) is not a per-serving figure for it.
    const independent = (result?.sources ?? [])
      .slice(1)
      .filter((source) => source.per === 'serving' && source.method !== 'part');
    const verdict = result?.climateFriendly.value ?? null;
    outcomes.push({
      id: dish.id,
      query: dish.query,
      answered: result?.name ?? null,
      composed: answered?.composed ?? false,
      independent,
      verdict,
      expectedVerdict: dish.verdict,
      expectedKg: dish.independentKgPerServing,
      contradicted: verdict !== null && CONTRADICTING[verdict] === dish.verdict,
    });
  }
  return outcomes;
}

export interface FiguresSummary {
  foods: number;
  /** Foods at least one study has (the set gives a figure): the denominator of the food target. */
  covered: number;
  /** Covered foods whose answer shows every expected study figure right. */
  coveredRight: number;
  /** Expected study figures, and those shown right. */
  figures: number;
  figuresRight: number;
  /** Study figures shown where the set says the study has no such food. */
  shownWhereNone: number;
  /** Of those, a study's median where it gives no mean (the sets read the means alone). */
  shownWhereNoneMedianOnly: number;
  notAnswered: number;
  /** Foods answered with a study's own entry because the catalog lacks them. */
  answeredByStudy: number;
  /** Of those, the ones whose answer shows every study figure the set expects. */
  answeredByStudyRight: number;
  dishes: number;
  dishesWithIndependent: number;
  dishesNotFound: number;
  /** Dishes answered with a dish built from their parts (found, and counted in the shares above). */
  dishesComposed: number;
  contradicted: number;
}

export function summarise(foods: readonly FoodOutcome[], dishes: readonly DishOutcome[]): FiguresSummary {
  const studiesOf = (food: FoodOutcome) => Object.values(food.studies);
  const covered = foods.filter((food) => studiesOf(food).some((study) => study.expected !== null));
  return {
    foods: foods.length,
    covered: covered.length,
    coveredRight: covered.filter((food) => studiesOf(food).every((study) => study.right)).length,
    figures: foods.flatMap(studiesOf).filter((study) => study.expected !== null).length,
    figuresRight: foods.flatMap(studiesOf).filter((study) => study.expected !== null && study.right).length,
    shownWhereNone: foods
      .flatMap(studiesOf)
      .filter((study) => study.expected === null && study.shown !== null).length,
    shownWhereNoneMedianOnly: foods
      .flatMap(studiesOf)
      .filter((study) => study.expected === null && study.shown !== null && study.medianOnly).length,
    notAnswered: foods.filter((food) => food.answered === null).length,
    answeredByStudy: foods.filter((food) => food.byStudy).length,
    answeredByStudyRight: foods.filter(
      (food) =>
        food.byStudy &&
        studiesOf(food).every((study) => study.right && (study.expected !== null || study.shown === null)),
    ).length,
    dishes: dishes.length,
    dishesWithIndependent: dishes.filter((dish) => dish.independent.length > 0).length,
    dishesNotFound: dishes.filter((dish) => dish.answered === null).length,
    dishesComposed: dishes.filter((dish) => dish.composed).length,
    contradicted: dishes.filter((dish) => dish.contradicted).length,
  };
}
