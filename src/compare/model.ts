import { z } from 'zod';
import { LevelSchema, SourceInfoSchema } from '../core/result.js';
import { ErrorViewSchema } from './error-view.js';

/**
 * The platform-neutral answer to a comparison, which the compare renderers lay out. Types are derived
 * from these schemas; `--json` prints a CompareResult as it is.
 */

/** What every ranked figure is per. Figures in different units are never ranked together. */
export const BasisSchema = z.enum(['serving', 'portion', 'kg', 'litre']);
export type Basis = z.infer<typeof BasisSchema>;

/** A named dish, a product, the user's ingredient list, or a dish built from its parts (compose.ts). */
export const TakenAsSchema = z.enum(['dish', 'product', 'ingredient list', 'composed dish']);
export type TakenAs = z.infer<typeof TakenAsSchema>;

/** An option's figure on another dataset, on the same footing as its ranked figure. */
export const DatasetFigureSchema = z.object({
  dataset: z.string(),
  label: z.string(),
  kgCo2e: z.number().nonnegative(),
});
export type DatasetFigure = z.infer<typeof DatasetFigureSchema>;

/** Two ranked options another dataset orders the other way round. */
export const ReorderSchema = z.object({
  dataset: z.string(),
  label: z.string(),
  /** The option ranked lower (better) on the headline figures, and the one above it. */
  lower: z.string(),
  higher: z.string(),
  /** "On Poore & Nemecek 2018, Dal (0.71 kg) is higher than Chicken curry (0.65 kg): the two change places". */
  text: z.string(),
});
export type Reorder = z.infer<typeof ReorderSchema>;

export const RankedItemSchema = z.object({
  /** 1 for the lowest. */
  rank: z.number().int().positive(),
  /** The option as the user wrote it. */
  input: z.string(),
  takenAs: TakenAsSchema,
  /** Why it was taken as a dish or a product (resolve.ts); null when the user said so. */
  takenAsReason: z.string().nullable(),
  /**
   * How it was taken, in one short line for people: "a named dish", "a curry recipe with beef", "a
   * product, a 194 g serving (pizza or pie, FNDDS)", "a product, per kg".
   */
  howTaken: z.string(),
  /** The name the source matched. */
  name: z.string(),
  /** kg CO2e per `basis`. */
  kgCo2e: z.number().nonnegative(),
  level: LevelSchema,
  /** One short verdict, e.g. "climate-friendly" or "lowest third of all foods". */
  verdict: z.string(),
  /** Grams in the product's serving (servings.ts), when a product is ranked among meals per serving. */
  portionGrams: z.number().positive().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  notes: z.array(z.string()),
  /** The option's figure on every other dataset that has one, on the same footing (compare/datasets.ts). */
  figures: z.array(DatasetFigureSchema).optional(),
});
export type RankedItem = z.infer<typeof RankedItemSchema>;

export const DifferenceSchema = z.object({
  /** Highest minus lowest, per `basis` (per person for servings and portions). */
  kgCo2e: z.number().nonnegative(),
  /** The difference for the whole group, when `for N people` was given and the basis is per person. */
  groupKgCo2e: z.number().nonnegative().nullable(),
  /** The larger of the two above in the familiar equivalent. */
  carKm: z.number().nonnegative(),
  carLabel: z.string(),
  carCitation: z.string(),
});
export type Difference = z.infer<typeof DifferenceSchema>;

export const CompareResultSchema = z.object({
  kind: z.literal('compare'),
  /** `ranked` when at least two options could be compared, `too_few` otherwise. */
  status: z.enum(['ranked', 'too_few']),
  basis: BasisSchema,
  /** One sentence on the footing, e.g. "Dishes compared per serving." */
  basisText: z.string(),
  people: z.number().int().positive().nullable(),
  /** Lowest first; the first is the lowest-carbon option. */
  ranked: z.array(RankedItemSchema),
  difference: DifferenceSchema.nullable(),
  notFound: z.array(z.object({ input: z.string(), suggestions: z.array(z.string()) })),
  notUnderstood: z.array(z.object({ input: z.string(), reason: z.string() })),
  /** Found, but on a footing the others cannot share (e.g. a product among dishes without a portion). */
  notRanked: z.array(
    z.object({ input: z.string(), name: z.string(), takenAs: TakenAsSchema, reason: z.string() }),
  ),
  /** The source failed for these (timeout, rate limit, ...): the error's own view. */
  failed: z.array(z.object({ input: z.string(), error: ErrorViewSchema })),
  /** Pairs of ranked options another dataset orders the other way round (compare/datasets.ts). */
  reorders: z.array(ReorderSchema).optional(),
  /** Set when a menu had more options than are compared at once. */
  capped: z.object({ compared: z.number().int(), total: z.number().int() }).nullable(),
  source: SourceInfoSchema.nullable(),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;
