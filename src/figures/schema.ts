import { z } from 'zod';

/**
 * data/independent-figures.json: the figures of the studies set beside the catalog's own (ADEME
 * Agribalyse 3.2), written by scripts/build-data/figures from data/curated/figure-mapping.json and
 * the raw datasets, and read by the app. Types are derived from these schemas.
 */

/** A dataset behind the figures, as answers cite it. */
export const FigureDatasetSchema = z.object({
  /** The id in data/datasets.json. */
  id: z.string().min(1),
  /** Short citation, e.g. "Poore & Nemecek 2018". */
  label: z.string().min(1),
  /** Where its figures hold: "France", "global", "UK". */
  region: z.string().min(1),
  /**
   * The credit and licence its figures carry (data/datasets.json), given where an answer leads with
   * them because the catalog has no figure for the food.
   */
  attribution: z.string().min(1).optional(),
});
export type FigureDataset = z.infer<typeof FigureDatasetSchema>;

/** One entry of an independent dataset, as the dataset names and figures it. */
export const FigureItemSchema = z.object({
  /** Index into `datasets`. */
  dataset: z.number().int().nonnegative(),
  /** The dataset's own name for it ("Cheese", "Cheddar cheese", "Spaghetti bolognese"). */
  name: z.string().min(1),
  /** kg CO2e per kg of the item; the mean where the dataset has one, else null (median only). */
  kgCo2ePerKg: z.number().nullable(),
  /** The median per kg, where the dataset gives one (Poore & Nemecek's supply-chain file). */
  medianKgCo2ePerKg: z.number().nullable(),
  /**
   * False where the entry's own name does not name the food its figure is for (Poore & Nemecek's
   * "Barley" is barley as beer), so a query naming it is not answered with it.
   */
  byName: z.boolean().optional(),
  /**
   * The other datasets' entries this entry's food also is, with the kg of each in a kg of it (Clark
   * et al.'s "Cottage cheese" is Poore & Nemecek's "Cheese"): shown beside this entry where it answers
   * for a food the catalog lacks. Derived where every catalog food mapped to the entry maps to the
   * same other entry, else reviewed (figure-mapping.json `entries.same`).
   */
  alsoIs: z.array(z.tuple([z.number().int().nonnegative(), z.number().positive()])).optional(),
  /**
   * Other names of the entry's food, from the Open Food Facts taxonomy ("Tea bags", "Oolong teas"
   * for Clark et al.'s "Tea"; figure-mapping.json `entries.names`): a query naming one names the
   * entry, as its own name does.
   */
  names: z.array(z.string().min(1)).optional(),
});
export type FigureItem = z.infer<typeof FigureItemSchema>;

/**
 * How a catalog food maps to an item: `food` when the item is that very food (shown on the food's
 * own answer, and used to price it as an ingredient), `ingredient` when the item only prices it as an
 * ingredient of a dish (another cut of the same animal, a sausage by its meat). `kgPerKg` is the kg
 * of the item in a kg of the food (cooked rice holds about 0.4 kg of rice as sold).
 */
export const FoodMappingSchema = z.tuple([
  /** Index into `items`. */
  z.number().int().nonnegative(),
  /** kg of the item per kg of the food. */
  z.number().nonnegative(),
  z.enum(['food', 'ingredient']),
]);
export type FoodMapping = z.infer<typeof FoodMappingSchema>;

export const IndependentFiguresFileSchema = z
  .object({
    $comment: z.string().optional(),
    /** The catalog's own dataset first, then the independent ones. */
    datasets: z.array(FigureDatasetSchema).min(2),
    items: z.array(FigureItemSchema).min(1),
    /** Catalog food (Agribalyse code) → its mappings, at most one per dataset. */
    foods: z.array(z.tuple([z.string().min(1), z.array(FoodMappingSchema).min(1)])),
    /** Catalog dish name → the items that are that dish (Clark et al.'s ready meals). */
    dishes: z.array(z.tuple([z.string().min(1), z.array(z.number().int().nonnegative()).min(1)])),
    /** Catalog foods that weigh but emit nothing on any dataset (tap water, stock made with water). */
    zero: z.array(z.string().min(1)),
  })
  .superRefine((file, context) => {
    file.items.forEach((item, index) => {
      if (item.dataset === 0 || item.dataset >= file.datasets.length)
        context.addIssue({ code: 'custom', message: 'unknown dataset', path: ['items', index, 'dataset'] });
      if (item.kgCo2ePerKg === null && item.medianKgCo2ePerKg === null)
        context.addIssue({ code: 'custom', message: 'no figure', path: ['items', index] });
      const others = (item.alsoIs ?? []).map(([other]) => file.items[other]?.dataset);
      if (others.some((dataset) => dataset === undefined || dataset === item.dataset))
        context.addIssue({
          code: 'custom',
          message: 'alsoIs names an unknown entry or its own dataset',
          path: ['items', index, 'alsoIs'],
        });
      if (new Set(others).size !== others.length)
        context.addIssue({
          code: 'custom',
          message: 'alsoIs names two entries of one dataset',
          path: ['items', index, 'alsoIs'],
        });
    });
    const check = (index: number, path: (string | number)[]) => {
      if (index >= file.items.length) context.addIssue({ code: 'custom', message: 'unknown item', path });
    };
    file.foods.forEach(([, mappings], i) => {
      mappings.forEach(([item], j) => {
        check(item, ['foods', i, 1, j]);
      });
      const datasets = mappings.map(([item]) => file.items[item]?.dataset);
      if (new Set(datasets).size !== datasets.length)
        context.addIssue({ code: 'custom', message: 'two items of one dataset', path: ['foods', i] });
    });
    file.dishes.forEach(([, items], i) => {
      items.forEach((item, j) => {
        check(item, ['dishes', i, 1, j]);
      });
    });
  });
export type IndependentFiguresFile = z.infer<typeof IndependentFiguresFileSchema>;
