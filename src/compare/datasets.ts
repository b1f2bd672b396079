import { formatKg } from '../core/format.js';
import type { ProductResult, RecipeResult } from '../core/result.js';
import type { DatasetFigure, RankedItem, Reorder } from './model.js';

/**
 * Compare ranks on the headline figure; the other datasets may order the options differently (a dish
 * priced low in France can be high on the global means). This sets each option's figures from the
 * other datasets on the same footing as its ranked figure, and says which options change places.
 */

/**
 * The option's figure on every other dataset, on the ranked footing: a dish's per-serving figure as
 * it is; a product's per-kg figure scaled as its headline was (to a litre or a portion).
 */
export function figuresOnFooting(
  result: ProductResult | RecipeResult,
  rankedKg: number,
  headlinePerKg: number,
): DatasetFigure[] {
  const others = (result.sources ?? []).slice(1);
  if (result.kind === 'recipe') {
    const scale = result.kgCo2ePerServing > 0 ? rankedKg / result.kgCo2ePerServing : 1;
    return (
      others
        // A study's part of a dish (a lower bound) is no figure to rank on.
        .filter((source) => source.per === 'serving' && source.method !== 'part')
        .map((source) => ({ dataset: source.dataset, label: source.label, kgCo2e: source.kgCo2e * scale }))
    );
  }
  const scale = headlinePerKg > 0 ? rankedKg / headlinePerKg : 1;
  return others
    .filter((source) => source.per === 'kg')
    .map((source) => ({ dataset: source.dataset, label: source.label, kgCo2e: source.kgCo2e * scale }));
}

/** At most this many reorderings are worded; the rest are counted. */
export const MAX_REORDERS = 5;

/**
 * Every pair of ranked options that a dataset orders the other way round, the lower-ranked first,
 * each with its sentence: "On Poore & Nemecek 2018, Dal (0.71 kg) is higher than Chicken curry (0.65 kg): …".
 */
export function reordersOf(ranked: readonly RankedItem[]): Reorder[] {
  const reorders: Reorder[] = [];
  for (let i = 0; i < ranked.length; i++) {
    for (let j = i + 1; j < ranked.length; j++) {
      const lower = ranked[i]!;
      const higher = ranked[j]!;
      for (const figure of lower.figures ?? []) {
        const other = (higher.figures ?? []).find((each) => each.dataset === figure.dataset);
        if (other === undefined || figure.kgCo2e <= other.kgCo2e) continue;
        reorders.push({
          dataset: figure.dataset,
          label: figure.label,
          lower: lower.name,
          higher: higher.name,
          text: `On ${figure.label}, ${lower.name} (${formatKg(figure.kgCo2e)} kg) is higher than ${higher.name} (${formatKg(other.kgCo2e)} kg): the two change places`,
        });
      }
    }
  }
  return reorders;
}
