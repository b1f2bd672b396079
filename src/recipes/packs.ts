import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SourceUnavailableError } from '../core/errors.js';
import { defaultDataDir } from '../sources/catalog/load.js';
import { PhraseIndex } from './phrases.js';

/**
 * Typical sizes of the packs recipes name without a size: "1 can chickpeas", "1 jar pasta sauce",
 * "1 whole duck", "a bottle of red wine". data/curated/pack-sizes.json is hand-written, each size with
 * its source; what a pack holds that is eaten is counted: canned pulses, sweetcorn and fish drained (the
 * liquid is water or brine, poured away), tomatoes, coconut milk and sauces whole.
 */

export const PackBasisSchema = z.enum([
  /** The contents as sold, all eaten: tomatoes in their juice, coconut milk, a jar of sauce. */
  'whole',
  /** The solids after the liquid is poured away: chickpeas, sweetcorn, tuna. */
  'drained',
  /** The weight as bought, bones included, as a weight stated in the recipe would be: a whole bird. */
  'as bought',
]);

export const PackSizeSchema = z
  .object({
    /** Pack kinds (list-words.json `packs`): a tin is a can. */
    packs: z.array(z.string().min(1)).min(1),
    /** Words a line may use for the food; the longest match wins, as for portions. */
    foods: z.array(z.string().min(1)).min(1),
    /** What one pack counts for, in grams or millilitres (exactly one). */
    grams: z.number().positive().optional(),
    millilitres: z.number().positive().optional(),
    /** For drained contents: the pack's stated net weight, so a stated size can be drained too. */
    netGrams: z.number().positive().optional(),
    basis: PackBasisSchema,
    /** Shown with the figure: "a 400 g tin, 240 g drained". */
    shown: z.string().min(1),
    /** Where the size comes from. */
    source: z.string().min(10),
  })
  .refine((pack) => (pack.grams === undefined) !== (pack.millilitres === undefined), {
    message: 'give either grams or millilitres',
  })
  .refine(
    (pack) => (pack.basis === 'drained') === (pack.netGrams !== undefined && pack.grams !== undefined),
    {
      message: 'drained contents need grams and the net weight they are drained from',
    },
  );
export type PackSize = z.infer<typeof PackSizeSchema>;

export const PackSizesFileSchema = z.object({
  about: z.string(),
  sizes: z.array(PackSizeSchema).min(1),
});
export type PackSizesFile = z.infer<typeof PackSizesFileSchema>;

export function readPackSizesFile(dataDir = defaultDataDir()): PackSizesFile {
  const path = join(dataDir, 'curated', 'pack-sizes.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = PackSizesFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`pack-sizes.json is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Kinds of "pack" that are a whole thing, matched only by the food's whole name: a whole bird, a
 * cauliflower, a loaf ("1 loaf white bread" is a sandwich loaf, "1 loaf ciabatta" is not), and a cup
 * of a dry good ("1 cup rice" is dry rice, "1 cup cooked rice" is not).
 */
const WHOLE_KINDS: ReadonlySet<string> = new Set(['whole', 'loaf', 'cup']);

/** The typical size of a kind of pack of a food. */
export class PackTable {
  private readonly byKind = new Map<string, PhraseIndex<PackSize>>();

  constructor(readonly sizes: readonly PackSize[]) {
    const kinds = new Set(sizes.flatMap((size) => size.packs));
    for (const kind of kinds) {
      this.byKind.set(
        kind,
        new PhraseIndex(
          sizes
            .filter((size) => size.packs.includes(kind))
            .map((size) => ({ phrases: size.foods, value: size })),
        ),
      );
    }
  }

  static empty(): PackTable {
    return new PackTable([]);
  }

  /**
   * The size of a kind of pack of a food. A whole thing must be named alone ("1 whole chicken", "12
   * shallots"): a part of one is not it ("2 duck breasts" are not two ducks).
   */
  find(food: string, kind: string): PackSize | null {
    const index = this.byKind.get(kind);
    if (index === undefined) return null;
    return WHOLE_KINDS.has(kind) ? index.findWhole(food) : index.find(food);
  }
}

export function readPackTable(dataDir?: string): PackTable {
  return new PackTable(readPackSizesFile(dataDir).sizes);
}
