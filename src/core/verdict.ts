import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from './levels.js';
import type { FigureSource, VerdictValue } from './result.js';

/**
 * The one climate verdict of a dish or an ingredient list, for every surface (chat, CLI, shell, the
 * service): judged on every dataset's per-serving figure, so an answer never calls a dish
 * climate-friendly that another study puts over the budget.
 *
 * - `no`: every figure is over the budget (a lower bound over it is over it too: an ingredient list
 *   partly understood, or the part of a dish a study has its own figures for, given only when that
 *   part alone is over, so that one dataset's figure never calls climate-friendly a dish another
 *   puts over the budget on the part it prices; figures/dish.ts);
 * - `yes`: every figure is within it, and none is only a lower bound;
 * - `depends`: some figures are over and some within (or only bounded below): the data decide;
 * - `unknown`: nothing is over, but a figure is only a lower bound (part of a list not understood).
 */
export interface PerServingFigure {
  kgCo2e: number;
  /** Part of the recipe was not understood: the real figure may be higher. */
  lowerBound: boolean;
}

export function climateVerdict(
  figures: readonly PerServingFigure[],
  budget = CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
): VerdictValue {
  if (figures.length === 0) return 'unknown';
  const over = figures.filter((figure) => figure.kgCo2e > budget).length;
  if (over === figures.length) return 'no';
  if (over > 0) return 'depends';
  return figures.some((figure) => figure.lowerBound) ? 'unknown' : 'yes';
}

/** The verdict of a result's per-serving sources (the headline among them). */
export function verdictOfSources(sources: readonly FigureSource[], budget?: number): VerdictValue {
  return climateVerdict(
    sources
      .filter((source) => source.per === 'serving')
      .map((source) => ({ kgCo2e: source.kgCo2e, lowerBound: source.lowerBound })),
    budget,
  );
}
