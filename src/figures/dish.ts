import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from '../core/levels.js';
import type { FigureSource, RecipeResult } from '../core/result.js';
import { climateVerdict, verdictOfSources } from '../core/verdict.js';
import { type Basis, recipeOnBasis } from './basis.js';
import { catalogSource, type FiguresTable, type PricedIngredient } from './table.js';

/**
 * The one way a dish gets its figure on every dataset and its verdict, whatever made it: a dish the
 * catalog names, one built from its parts (src/compare/compose.ts), a named dish changed to keep what
 * an option states (src/compare/adapt.ts), an ingredient list (src/recipes). Each gives its
 * ingredients per serving with their catalog codes; the studies price them (FiguresTable.dishSources)
 * and the verdict is judged on every figure (core/verdict.ts).
 */
export interface DishIngredients {
  /**
   * The catalog dish whose own study entries count (Clark et al.'s ready meals); null for a dish
   * built from its parts, changed, or listed, which no study has as such.
   */
  entry: string | null;
  /** Per serving, with the catalog's code of each where it is known. */
  ingredients: readonly PricedIngredient[];
  /** The serving's weight; by default the ingredients' weight. */
  servingGrams?: number;
  /** Part of the recipe was not understood: every figure is only a lower bound. */
  lowerBound?: boolean;
}

/**
 * The catalog's per-serving figure first, then each study's that gives one, and, where a study prices
 * too little of the dish for a figure, the part it prices when that part alone is over the budget
 * (FiguresTable.dishSources): the verdict must not call a dish climate-friendly that a study puts
 * over the budget on the part it has.
 */
export function dishSourcesOf(
  figures: FiguresTable,
  name: string,
  kgCo2ePerServing: number,
  dish: DishIngredients,
  budget = CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
): FigureSource[] {
  const lowerBound = dish.lowerBound ?? false;
  const grams = dish.servingGrams ?? dish.ingredients.reduce((sum, each) => sum + each.grams, 0);
  return [
    catalogSource(figures.catalogDataset, name, kgCo2ePerServing, 'serving', lowerBound),
    ...figures.dishSources(name, dish.entry, dish.ingredients, grams, lowerBound, budget),
  ];
}

/**
 * A dish's result with its sources, the datasets without a figure, and the verdict on all of them,
 * led by the basis's figure (CARBON_BASIS). Without a figures table, the catalog's figure alone
 * decides. `sources` may be given when already worked out (the catalog caches a named dish's).
 */
export function onDishFigures<R extends RecipeResult>(
  result: R,
  figures: FiguresTable | null | undefined,
  basis: Basis,
  dish: DishIngredients,
  sources?: readonly FigureSource[],
): R {
  const { sources: _before, withoutFigure: _none, ...rest } = result;
  if (figures === null || figures === undefined) {
    return {
      ...rest,
      climateFriendly: {
        value: climateVerdict([{ kgCo2e: result.kgCo2ePerServing, lowerBound: dish.lowerBound ?? false }]),
        raw: null,
      },
    } as R;
  }
  const all =
    sources ??
    dishSourcesOf(figures, result.name, result.kgCo2ePerServing, dish, result.thresholdKgPerServing);
  return recipeOnBasis<R>(
    {
      ...rest,
      climateFriendly: { value: verdictOfSources(all), raw: null },
      sources: [...all],
      withoutFigure: figures.withoutFigure(all),
    } as R,
    basis,
  );
}
