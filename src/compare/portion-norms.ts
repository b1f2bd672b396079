import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dataDir as defaultDataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';

/**
 * The cited portion norms a dish is held to (data/curated/portion-norms.json): a dish named after a
 * meat, a fish or eggs holds one adult portion of it per serving. The data build holds the catalog's
 * dishes to them (scripts/build-data/recipes/meal-check.ts); a dish built from its parts is held to
 * them alike (compose.ts).
 */

export const PortionNormSchema = z.object({
  /** "red meat", "fish and seafood", "eggs". */
  kind: z.string().min(1),
  /** Words of a dish's name that say it is made of this (its first word, or after "with"). */
  words: z.array(z.string().min(1)).min(1),
  /** The catalog foods that are it: their category, and a pattern of their Agribalyse name. */
  categories: z.array(z.string().min(1)).min(1),
  foods: z.string().min(1),
  /** One adult portion, cooked weight (eggs without their shell), and where the figure comes from. */
  grams: z.number().positive(),
  source: z.string().min(1),
});
export type PortionNorm = z.infer<typeof PortionNormSchema>;

export const PortionNormsFileSchema = z.object({
  $comment: z.string().optional(),
  norms: z.array(PortionNormSchema).min(1),
  /** Dishes whose name names the food but whose point is not a portion of it (soups, sandwiches…). */
  notAMealOf: z.string().min(1),
  /** The most a derived dish's serving is enlarged by, and why. */
  maxScale: z.number().min(1),
  maxScaleWhy: z.string().min(1),
  /** Hand-written or based-cooking dishes below the norm, reviewed and kept as they are. */
  accepted: z.array(z.object({ dish: z.string().min(1), why: z.string().min(1) })),
});
export type PortionNormsFile = z.infer<typeof PortionNormsFileSchema>;

export const PORTION_NORMS_FILE = 'curated/portion-norms.json';

/** Parses the norms file's text; throws on an invalid file. */
export function parsePortionNorms(text: string): PortionNormsFile {
  return PortionNormsFileSchema.parse(JSON.parse(text));
}

let memoised: PortionNormsFile | undefined;

/** Reads and validates the norms once per process; a missing or invalid file is SourceUnavailableError. */
export function loadPortionNorms(dataDir?: string): PortionNormsFile {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const path = join(dataDir ?? defaultDataDir(), PORTION_NORMS_FILE);
  let parsed: PortionNormsFile;
  try {
    parsed = parsePortionNorms(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`${PORTION_NORMS_FILE} could not be read: ${(error as Error).message}`);
  }
  if (dataDir === undefined) memoised = parsed;
  return parsed;
}

/** What a norm needs to know of a catalog food: its category and its Agribalyse name. */
export interface NormFood {
  category: string;
  fullName: string;
}

/** Whether a catalog food is what a norm is about (a red meat, a fish, eggs). */
export function isNormFood(norm: PortionNorm, food: NormFood): boolean {
  return norm.categories.includes(food.category) && new RegExp(norm.foods, 'i').test(food.fullName);
}

/** The norm a catalog food is held to, or null. */
export function normOfFood(norms: PortionNormsFile, food: NormFood): PortionNorm | null {
  return norms.norms.find((norm) => isNormFood(norm, food)) ?? null;
}
