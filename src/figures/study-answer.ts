import { productLevel } from '../core/levels.js';
import type { FigureSource, ProductResult, SourceInfo } from '../core/result.js';
import type { FiguresTable } from './table.js';

/**
 * A study's own figure for a food the catalog lacks (data/README.md, "Independent figures"). When a
 * query names a study's entry (sources/catalog/study-names.ts) and the catalog has no such food, the
 * entry answers, saying that the catalog has no figure for it; when the catalog's food is that very
 * food under a more general entry of the study (dried pasta is Clark et al.'s "Spaghetti"; the query
 * says "lasagne sheets"), the entry named stands beside the catalog's figure instead.
 */

/** A study entry a query names, and how sure the name is (0..1). */
export interface NamedEntry {
  item: number;
  dataset: number;
  confidence: number;
}

/**
 * At or above this confidence, without a closest-match note, the catalog's own names (its name, a
 * curated alias, an Open Food Facts synonym, src/sources/catalog/rerank.ts) name the food it answers:
 * the catalog has the food, and a study's entry named by the query only stands beside it. Below it,
 * the catalog's answer is its guess at another food.
 */
export const CATALOG_NAMES_FOOD = 0.95;

/** The catalog's answer to a product query, as the decision reads it. */
export interface CatalogAnswer {
  code: string;
  confidence: number;
  /** A generic or neighbouring food stands in for what was asked. */
  closest: boolean;
}

export type StudyDecision =
  /** The catalog's answer stands as it is. */
  | { kind: 'catalog' }
  /** The catalog's food leads; these entries stand for their study instead of the food's own entry. */
  | { kind: 'beside'; entries: readonly NamedEntry[] }
  /** The catalog lacks the food: these entries answer. */
  | { kind: 'study'; entries: readonly NamedEntry[] };

/**
 * Whether a study's entry named by the query answers it, stands beside the catalog's food, or
 * neither. The catalog's answer stands when its food is the entry named (on that study); a food the
 * catalog's own names name, mapped on a study to another entry, keeps its figure with the named entry
 * beside it; a food the catalog only guessed or stood in with (a closest match), or no food, gives way
 * to the entry named.
 */
export function studyDecision(
  figures: FiguresTable,
  named: readonly NamedEntry[],
  answer: CatalogAnswer | null,
): StudyDecision {
  if (named.length === 0) return { kind: 'catalog' };
  if (answer === null) return { kind: 'study', entries: named };
  const own = named.map((entry) => figures.foodEntry(answer.code, entry.dataset));
  if (named.some((entry, i) => own[i]?.item === entry.item)) return { kind: 'catalog' };
  if (!answer.closest && answer.confidence >= CATALOG_NAMES_FOOD) {
    const beside = named.filter((_entry, i) => own[i] !== undefined);
    return beside.length === 0 ? { kind: 'catalog' } : { kind: 'beside', entries: beside };
  }
  return { kind: 'study', entries: named };
}

/**
 * The food's sources with each named entry instead of the food's own entry on its study, at the same
 * kg of it in a kg of the food.
 */
export function besideSources(
  figures: FiguresTable,
  sources: readonly FigureSource[],
  entries: readonly NamedEntry[],
): FigureSource[] {
  return sources.map((source) => {
    const entry = entries.find((each) => figures.datasets[each.dataset]!.id === source.dataset);
    return entry === undefined || source.per !== 'kg'
      ? source
      : figures.entrySource(entry.item, source.kgPerKg ?? 1);
  });
}

/**
 * The answer for a food the catalog lacks: the named entry's figure per kg as the headline, the other
 * study's entry for the same food beside it, and the catalog said to have none. Its level is the
 * catalog's tercile scale per kg, which a study's per-kg figure reads on; it has no category to be
 * compared with and no swap, both of which are the catalog's.
 */
export function studyProductResult(
  figures: FiguresTable,
  query: string,
  entries: readonly NamedEntry[],
): ProductResult {
  const sources = figures.studySources(entries.map((entry) => entry.item));
  const headline = sources[0]!;
  const catalog = figures.catalogDataset;
  return {
    kind: 'product',
    query,
    name: headline.name,
    kgCo2ePerUnit: headline.kgCo2e,
    unit: 'kg',
    comparisonText: `Not compared with a category: ${catalog.label}, whose categories the comparison uses, has no figure for this food.`,
    comparison: null,
    category: null,
    level: productLevel(headline.kgCo2e),
    swap: null,
    confidence: Math.min(...entries.map((entry) => entry.confidence)),
    status: null,
    notes: [
      `The figure is ${headline.label}'s own entry "${headline.name}"; its level is on the same scale as the catalog's foods, and no lower-carbon swap is given.`,
    ],
    source: studySourceInfo(figures, sources),
    sources,
    withoutFigure: [catalog.label, ...figures.withoutFigure(sources)],
    catalogHasFood: false,
  };
}

/** Credits the studies whose figures the answer gives, as their licences ask. */
function studySourceInfo(figures: FiguresTable, sources: readonly FigureSource[]): SourceInfo {
  const datasets = sources.map(
    (source) => figures.datasets.find((dataset) => dataset.id === source.dataset)!,
  );
  const credits = datasets.map((dataset) => dataset.attribution).filter((credit) => credit !== undefined);
  return {
    id: 'catalog',
    label: `Built-in catalog (${datasets[0]!.label})`,
    ...(credits.length === 0 ? {} : { attribution: `Source: ${credits.join('; ')}` }),
  };
}
