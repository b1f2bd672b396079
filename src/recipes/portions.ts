import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SourceUnavailableError } from '../core/errors.js';
import { defaultDataDir } from '../sources/catalog/load.js';
import { PackTable, readPackTable } from './packs.js';
import { PhraseIndex } from './phrases.js';
import { readStandInTable, StandInTable } from './stand-ins.js';
import { listVocabulary } from './words.js';

/**
 * Weights of whole things and household measures ("1 onion", "2 cloves garlic", "1 cup rice"), from
 * the USDA FNDDS 2017-2018 "Portions and Weights" table (public domain). data/portions.json is built
 * by scripts/build-data/portions.ts from data/curated/portion-foods.json.
 */

/** Our portion words: a whole thing ("each"), a size, or a household measure. Keep PIECE_KEYS below. */
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

/** Household measures: what they hold is weighed as it is, cooked or raw. */
const MEASURE_KEYS: readonly PortionKey[] = ['cup', 'tablespoon', 'teaspoon'];

/** Portions that weigh pieces ("3 pork chops", "2 rashers"), which are raw when a recipe names them. */
export function isPieceKey(key: PortionKey): boolean {
  return !MEASURE_KEYS.includes(key);
}

/**
 * How FNDDS's cooked weights of pieces become the raw weights a recipe means: by the food's own row
 * for what one ounce of it raw yields cooked ("1 oz, with bone, raw (yield after cooking, bone
 * removed)": with bone, as bought), or by the moisture change of the FNDDS 2019-2020 recipe of a food
 * cooked from raw (chicken breast: -26%).
 */
export const RawFromCookedSchema = z.union([
  z.object({ ounceYield: z.string().min(1) }),
  z.object({ moistureChangeOf: z.number().int().positive() }),
]);

export const CuratedPortionFoodsSchema = z.object({
  about: z.string(),
  foods: z.array(
    FoodBase.extend({
      portions: z.partialRecord(PortionKeySchema, z.string().min(1)),
      raw: RawFromCookedSchema.optional(),
    }),
  ),
});
export type CuratedPortionFoods = z.infer<typeof CuratedPortionFoodsSchema>;

export const PortionFoodSchema = FoodBase.extend({
  /** FNDDS "Main food description". */
  fnddsDescription: z.string().min(1),
  /** Grams of one portion of each kind. */
  grams: z.partialRecord(PortionKeySchema, z.number().positive()),
  /** FNDDS "Quantity not specified": a typical amount eaten, in grams, when FNDDS gives one. */
  typicalGrams: z.number().positive().nullable(),
  /** When the pieces' grams are raw weights worked out from FNDDS's cooked ones: how. */
  raw: z.string().min(1).optional(),
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

/** Finds the portion food a free-text ingredient names: the longest listed word sequence it contains. */
export class PortionTable {
  private readonly index: PhraseIndex<PortionFood>;

  constructor(
    readonly file: PortionsFile,
    /** Typical pack sizes ("1 can chickpeas"), read with the portions from the same data directory. */
    readonly packs: PackTable = PackTable.empty(),
    /** The dishes' reviewed ingredients (curated/ingredients.json), for foods the catalog lacks. */
    readonly standIns: StandInTable = StandInTable.empty(),
  ) {
    this.index = new PhraseIndex(file.foods.map((food) => ({ phrases: food.words, value: food })));
  }

  find(description: string): PortionFood | null {
    return this.index.find(description);
  }

  /**
   * The portion food an ingredient line names as its head ("2 garlic cloves", "1 onion, sliced"), not
   * as a word describing another food ("egg noodles", "tomato purée", "orange juice", "apple cider
   * vinegar"): a line is weighed as what it is, or by its own rules when the table lacks it.
   */
  findHead(description: string, vocabulary = listVocabulary()): PortionFood | null {
    return this.index.findHead(description, (word) => vocabulary.headFollowers.has(word));
  }
}

let memoised: PortionTable | undefined;

export function loadPortionTable(dataDir?: string): PortionTable {
  if (dataDir !== undefined)
    return new PortionTable(readPortionsFile(dataDir), readPackTable(dataDir), readStandInTable(dataDir));
  memoised ??= new PortionTable(readPortionsFile(), readPackTable(), readStandInTable());
  return memoised;
}
