import { headlineNote, onCatalogFigures } from '../core/figures-text.js';
import { productLevel, recipeLevel } from '../core/levels.js';
import type { FigureSource, ProductResult, RecipeResult } from '../core/result.js';

/**
 * Which figure an answer leads with (CARBON_BASIS): `agribalyse`, the catalog's own; `global`, the
 * independent studies' figure where one of them has the food (in the figures file's order: Poore &
 * Nemecek 2018, then Clark et al. 2022), the catalog's elsewhere. Only the order changes: every
 * figure stays in the answer, and the verdict is judged on all of them.
 */
export const BASES = ['agribalyse', 'global'] as const;
export type Basis = (typeof BASES)[number];

/**
 * The source to lead with among a result's sources (the catalog's first): for `global`, the first
 * independent one `usable` accepts, else the catalog's.
 */
export function headlineOf(
  sources: readonly FigureSource[],
  basis: Basis,
  usable: (source: FigureSource) => boolean = () => true,
): FigureSource | undefined {
  if (basis === 'agribalyse') return sources[0];
  return sources.slice(1).find(usable) ?? sources[0];
}

/** The sources with the headline first, the others in their order. */
export function headlineFirst(sources: readonly FigureSource[], headline: FigureSource): FigureSource[] {
  return [headline, ...sources.filter((source) => source !== headline)];
}

/**
 * A product result led by the basis's figure: with `global`, the first study whose entry is this
 * very food as sold (per kg, no conversion), its figure per kg, per litre through the catalog's
 * density for drinks; the level follows it. The comparison with the category and the swap stay on
 * the catalog's figures, and a note says so.
 */
export function productOnBasis(result: ProductResult, basis: Basis, catalogPerKg: number): ProductResult {
  const sources = result.sources;
  if (sources === undefined || basis === 'agribalyse') return result;
  const headline = headlineOf(sources, basis, (source) => source.per === 'kg' && source.kgPerKg === null);
  if (headline === undefined || headline === sources[0]) return result;
  const density = result.unit === 'L' && catalogPerKg > 0 ? result.kgCo2ePerUnit / catalogPerKg : 1;
  return {
    ...result,
    kgCo2ePerUnit: round(headline.kgCo2e * density),
    level: productLevel(headline.kgCo2e),
    comparisonText: onCatalogFigures(result.comparisonText, sources[0]!),
    notes: [...result.notes, headlineNote(headline, sources[0]!)],
    sources: headlineFirst(sources, headline),
  };
}

/**
 * A dish or list led by the basis's figure: with `global`, the first study with a per-serving figure;
 * the level follows it. The contributors stay the catalog's, and a note says so.
 */
export function recipeOnBasis<R extends RecipeResult>(result: R, basis: Basis): R {
  const sources = result.sources;
  if (sources === undefined || basis === 'agribalyse') return result;
  // A part of the dish a study prices (a lower bound) never leads.
  const headline = headlineOf(
    sources,
    basis,
    (source) => source.per === 'serving' && source.method !== 'part',
  );
  if (headline === undefined || headline === sources[0]) return result;
  return {
    ...result,
    kgCo2ePerServing: headline.kgCo2e,
    level: recipeLevel(headline.kgCo2e),
    notes: [...result.notes, headlineNote(headline, sources[0]!)],
    sources: headlineFirst(sources, headline),
  };
}

function round(value: number): number {
  return Number(value.toPrecision(4));
}
