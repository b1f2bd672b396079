import type { FigureSource } from '../core/result.js';
import type { FigureDataset, FigureItem, FoodMapping, IndependentFiguresFile } from './schema.js';

/**
 * The independent studies' figures for the catalog's foods and dishes (data/independent-figures.json),
 * as the sources of an answer: a food's own entries, and a dish's per-serving figure on every dataset.
 */

/** A dish's or a list's ingredient, with the catalog's figure for its weight (per serving or in all). */
export interface PricedIngredient {
  /** Agribalyse code; null when the catalog's food for it is not known. */
  code: string | null;
  grams: number;
  /** The catalog's (Agribalyse) kg CO2e for these grams. */
  kgCo2e: number;
}

/** A study entry as the name index reads it (sources/catalog/study-names.ts). */
export interface StudyEntry {
  /** Index of the entry in the figures file. */
  item: number;
  /** Index of its dataset. */
  dataset: number;
  /** The study's own name for it. */
  name: string;
  /** False where the name does not name the food its figure is for. */
  byName: boolean;
  /** The other studies' entries its food also is. */
  alsoIs: number[];
}

/**
 * Below this share of a dish's weight priced with a study's own figures, its figure for the dish
 * would be mostly the catalog's figures in another name, so none is given: at least half the weight
 * must be the study's.
 */
export const MIN_MAPPED_SHARE = 0.5;

/** A per-kg figure for pricing: the mean where the study gives one, else its median. */
function figureOf(item: FigureItem): { kg: number; statistic: 'mean' | 'median' } {
  return item.kgCo2ePerKg !== null
    ? { kg: item.kgCo2ePerKg, statistic: 'mean' }
    : { kg: item.medianKgCo2ePerKg!, statistic: 'median' };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export class FiguresTable {
  readonly datasets: readonly FigureDataset[];
  private readonly items: readonly FigureItem[];
  private readonly foods: ReadonlyMap<string, readonly FoodMapping[]>;
  private readonly dishes: ReadonlyMap<string, readonly number[]>;
  private readonly zero: ReadonlySet<string>;

  constructor(file: IndependentFiguresFile) {
    this.datasets = file.datasets;
    this.items = file.items;
    this.foods = new Map(file.foods);
    this.dishes = new Map(file.dishes);
    this.zero = new Set(file.zero);
  }

  /** The catalog's own dataset (Agribalyse), which the catalog's figures come from. */
  get catalogDataset(): FigureDataset {
    return this.datasets[0]!;
  }

  /** The independent datasets, in the order answers list them. */
  get independentDatasets(): readonly FigureDataset[] {
    return this.datasets.slice(1);
  }

  /** The labels of the independent datasets that none of these sources comes from. */
  withoutFigure(sources: readonly FigureSource[]): string[] {
    const present = new Set(sources.map((source) => source.dataset));
    return this.independentDatasets
      .filter((dataset) => !present.has(dataset.id))
      .map((dataset) => dataset.label);
  }

  /** The studies' own entries that are this very food, per kg, in dataset order. */
  foodSources(code: string): FigureSource[] {
    return (this.foods.get(code) ?? [])
      .filter(([, , use]) => use === 'food')
      .map(([index, kgPerKg]) => this.entrySource(index, kgPerKg));
  }

  /**
   * Every study entry by each of its names: its own, then the other names of its food (from the Open
   * Food Facts taxonomy), with its dataset and whether its own name names its food.
   */
  entries(): StudyEntry[] {
    return this.items.flatMap((item, index) => {
      const entry = {
        item: index,
        dataset: item.dataset,
        name: item.name,
        byName: item.byName !== false,
        alsoIs: (item.alsoIs ?? []).map(([other]) => other),
      };
      return [entry, ...(item.names ?? []).map((name) => ({ ...entry, name }))];
    });
  }

  /** The entry a catalog food is on one study as that very food, with the kg of it in a kg of the food. */
  foodEntry(code: string, dataset: number): { item: number; kgPerKg: number } | undefined {
    const mapping = (this.foods.get(code) ?? []).find(
      ([index, , use]) => use === 'food' && this.items[index]!.dataset === dataset,
    );
    return mapping === undefined ? undefined : { item: mapping[0], kgPerKg: mapping[1] };
  }

  /** An entry's own figure per kg of a food holding `kgPerKg` kg of it in a kg. */
  entrySource(index: number, kgPerKg = 1): FigureSource {
    const item = this.items[index]!;
    const dataset = this.datasets[item.dataset]!;
    const { kg, statistic } = figureOf(item);
    return {
      dataset: dataset.id,
      label: dataset.label,
      region: dataset.region,
      name: item.name,
      kgCo2e: kg,
      per: 'kg',
      statistic,
      medianKgCo2e: statistic === 'mean' ? item.medianKgCo2ePerKg : null,
      method: 'entry',
      mappedShare: null,
      lowerBound: false,
      kgPerKg: kgPerKg === 1 ? null : kgPerKg,
    };
  }

  /**
   * For a food the catalog lacks, answered by these entries (at most one per study): their figures in
   * dataset order, then, for each study none of them is of, the entry their food also is there
   * (Clark et al.'s "Cottage cheese" brings Poore & Nemecek's "Cheese").
   */
  studySources(items: readonly number[]): FigureSource[] {
    const sorted = [...items].sort((a, b) => this.items[a]!.dataset - this.items[b]!.dataset);
    const present = new Set(sorted.map((index) => this.items[index]!.dataset));
    const sources = sorted.map((index) => this.entrySource(index));
    for (const index of sorted) {
      for (const [other, kgPerKg] of this.items[index]!.alsoIs ?? []) {
        const dataset = this.items[other]!.dataset;
        if (present.has(dataset)) continue;
        present.add(dataset);
        sources.push(this.entrySource(other, kgPerKg));
      }
    }
    return sources;
  }

  /** The kg CO2e of an ingredient on one dataset, or null where the dataset has no figure for it. */
  private ingredientKg(ingredient: PricedIngredient, datasetIndex: number): number | null {
    if (ingredient.code === null) return null;
    if (this.zero.has(ingredient.code)) return 0;
    const mapping = (this.foods.get(ingredient.code) ?? []).find(
      ([index]) => this.items[index]!.dataset === datasetIndex,
    );
    if (mapping === undefined) return null;
    return (ingredient.grams / 1000) * mapping[1] * figureOf(this.items[mapping[0]]!).kg;
  }

  /**
   * Per serving on every independent dataset: the dataset's own entry for the dish where it has one
   * (its per-kg figure times the serving's weight), else the dish's ingredients priced with the
   * dataset's figures where they map and the catalog's elsewhere, given when the dataset prices at
   * least MIN_MAPPED_SHARE of the weight. `ingredients` are per serving; `entry` is the catalog dish
   * whose own study entries count (null for a dish built, changed or listed), `name` what the figure
   * is of. A dataset pricing less than that gives no figure, unless the part it prices is alone over
   * `partOverKg` (the budget): then it is given as that part, a lower bound (`method: part`), since
   * the dataset puts the dish over the budget whatever the rest weighs.
   */
  dishSources(
    name: string,
    entry: string | null,
    ingredients: readonly PricedIngredient[],
    servingGrams: number,
    lowerBound = false,
    partOverKg: number | null = null,
  ): FigureSource[] {
    const own = entry === null ? [] : (this.dishes.get(entry) ?? []);
    const totalGrams = ingredients.reduce((sum, ingredient) => sum + ingredient.grams, 0);
    const sources: FigureSource[] = [];
    for (let index = 1; index < this.datasets.length; index++) {
      const dataset = this.datasets[index]!;
      const base = {
        dataset: dataset.id,
        label: dataset.label,
        region: dataset.region,
        per: 'serving' as const,
      };
      const entry = own.map((item) => this.items[item]!).find((item) => item.dataset === index);
      if (entry !== undefined && servingGrams > 0) {
        const { kg, statistic } = figureOf(entry);
        sources.push({
          ...base,
          name: entry.name,
          kgCo2e: round((kg * servingGrams) / 1000, 3),
          statistic,
          medianKgCo2e: null,
          method: 'entry',
          mappedShare: null,
          lowerBound,
          kgPerKg: null,
        });
        continue;
      }
      if (totalGrams <= 0 || ingredients.length === 0) continue;
      let mappedGrams = 0;
      let kg = 0;
      let ownKg = 0;
      for (const ingredient of ingredients) {
        const own = this.ingredientKg(ingredient, index);
        if (own === null) kg += ingredient.kgCo2e;
        else {
          kg += own;
          ownKg += own;
          mappedGrams += ingredient.grams;
        }
      }
      const share = mappedGrams / totalGrams;
      if (share < MIN_MAPPED_SHARE) {
        if (partOverKg !== null && ownKg > partOverKg) {
          sources.push({
            ...base,
            name,
            kgCo2e: round(ownKg, 3),
            statistic: 'mean',
            medianKgCo2e: null,
            method: 'part',
            mappedShare: round(share, 3),
            lowerBound: true,
            kgPerKg: null,
          });
        }
        continue;
      }
      sources.push({
        ...base,
        name,
        kgCo2e: round(kg, 3),
        statistic: 'mean',
        medianKgCo2e: null,
        method: 'ingredients',
        mappedShare: round(share, 3),
        lowerBound,
        kgPerKg: null,
      });
    }
    return sources;
  }
}

/** The catalog's own figure as a source entry: the headline, unless CARBON_BASIS says otherwise. */
export function catalogSource(
  dataset: FigureDataset,
  name: string,
  kgCo2e: number,
  per: FigureSource['per'],
  lowerBound = false,
): FigureSource {
  return {
    dataset: dataset.id,
    label: dataset.label,
    region: dataset.region,
    name,
    kgCo2e,
    per,
    statistic: null,
    medianKgCo2e: null,
    method: per === 'serving' ? 'ingredients' : 'entry',
    mappedShare: null,
    lowerBound,
    kgPerKg: null,
  };
}
