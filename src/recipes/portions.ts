import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pluralize from 'pluralize';
import { z } from 'zod';
import { SourceUnavailableError } from '../core/errors.js';
import { foldText } from '../core/fold.js';
import { defaultDataDir } from '../sources/catalog/load.js';

/**
 * Weights of whole things and household measures ("1 onion", "2 cloves garlic", "1 cup rice"), from
 * the USDA FNDDS 2017-2018 "Portions and Weights" table (public domain). data/portions.json is built
 * by scripts/build-data/portions.ts from data/curated/portion-foods.json.
 */

/** Our portion words: a whole thing ("each"), a size, or a household measure. */
export const PortionKeySchema = z.enum([
  'each',
  'small',
  'medium',
  'large',
  'cup',
  'tablespoon',
  'teaspoon',
  'clove',
  'slice',
  'wedge',
  'stalk',
  'stick',
  'rib',
  'head',
  'leaf',
  'sprig',
  'ear',
  'floret',
  'rasher',
  'cube',
]);
export type PortionKey = z.infer<typeof PortionKeySchema>;

const FoodBase = z.object({
  /** Our everyday name, singular. */
  name: z.string().min(1),
  /** Lower-case singular words a line may use for this food; the longest match wins. */
  words: z.array(z.string().min(1)).min(1),
  /** FNDDS food code the weights come from. */
  fnddsCode: z.number().int().positive(),
});

export const CuratedPortionFoodsSchema = z.object({
  about: z.string(),
  foods: z.array(FoodBase.extend({ portions: z.partialRecord(PortionKeySchema, z.string().min(1)) })),
});
export type CuratedPortionFoods = z.infer<typeof CuratedPortionFoodsSchema>;

export const PortionFoodSchema = FoodBase.extend({
  /** FNDDS "Main food description". */
  fnddsDescription: z.string().min(1),
  /** Grams of one portion of each kind. */
  grams: z.partialRecord(PortionKeySchema, z.number().positive()),
  /** FNDDS "Quantity not specified": a typical amount eaten, in grams, when FNDDS gives one. */
  typicalGrams: z.number().positive().nullable(),
});
export type PortionFood = z.infer<typeof PortionFoodSchema>;

export const PortionsFileSchema = z.object({
  source: z.string(),
  foods: z.array(PortionFoodSchema).min(1),
});
export type PortionsFile = z.infer<typeof PortionsFileSchema>;

export function readPortionsFile(dataDir = defaultDataDir()): PortionsFile {
  const path = join(dataDir, 'portions.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = PortionsFileSchema.safeParse(raw);
  if (!parsed.success) throw new SourceUnavailableError(`portions.json is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/** pluralize makes "chillies" "chilly": foods ending in -lli take -llies in the plural. */
function singularWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((word) => (word.endsWith('llies') ? word.slice(0, -3) : pluralize.singular(word)));
}

/** Finds the portion food a free-text ingredient names: the longest listed word sequence it contains. */
export class PortionTable {
  private readonly phrases: { words: string[]; food: PortionFood }[];

  constructor(readonly file: PortionsFile) {
    this.phrases = file.foods
      .flatMap((food) => food.words.map((phrase) => ({ words: singularWords(phrase), food })))
      .sort((a, b) => b.words.length - a.words.length);
  }

  find(description: string): PortionFood | null {
    const words = singularWords(description);
    for (const phrase of this.phrases) {
      for (let i = 0; i + phrase.words.length <= words.length; i++) {
        if (phrase.words.every((word, j) => words[i + j] === word)) return phrase.food;
      }
    }
    return null;
  }
}

let memoised: PortionTable | undefined;

export function loadPortionTable(dataDir?: string): PortionTable {
  if (dataDir !== undefined) return new PortionTable(readPortionsFile(dataDir));
  memoised ??= new PortionTable(readPortionsFile());
  return memoised;
}
