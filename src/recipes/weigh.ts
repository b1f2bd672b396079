import { convertUnit } from 'parse-ingredient';
import { WATER_LIKE_DENSITY_KG_PER_L } from '../core/densities.js';
import type { FoodMatch } from '../sources/catalog/types.js';
import type { Amount } from './measure.js';
import { type PortionFood, type PortionKey, PortionKeySchema } from './portions.js';
import { type ListVocabulary, listVocabulary } from './words.js';

/** Grams of a line's amount, or why they cannot be known; `assumption` says what a figure rests on. */
export type Weight = { grams: number; assumption: string | null } | { grams: null; why: string };

/** Household measures by how much FNDDS weighs for each, most precise first. */
const VOLUME_PORTIONS: readonly { key: PortionKey; unit: string }[] = [
  { key: 'teaspoon', unit: 'teaspoon' },
  { key: 'tablespoon', unit: 'tablespoon' },
  { key: 'cup', unit: 'cup' },
];

/** parse-ingredient's count units and our portion words → the FNDDS portion that weighs one. */
const COUNT_UNITS: Record<string, PortionKey> = {
  piece: 'each',
  each: 'each',
  whole: 'each',
  ear: 'ear',
  head: 'head',
  clove: 'clove',
  sprig: 'sprig',
  stick: 'stick',
  slice: 'slice',
  wedge: 'wedge',
  stalk: 'stalk',
  rib: 'rib',
  leaf: 'leaf',
  rasher: 'rasher',
  floret: 'floret',
  cube: 'cube',
  small: 'small',
  medium: 'medium',
  large: 'large',
};
function volumeGrams(millilitres: number, portion: PortionFood | null, match: FoodMatch | null): Weight {
  for (const { key, unit } of VOLUME_PORTIONS) {
    const grams = portion?.grams[key];
    const measure = convertUnit(1, unit, 'milliliter');
    if (grams !== undefined && measure !== null) {
      const density = grams / measure;
      return {
        grams: millilitres * density,
        assumption: `${density.toFixed(2)} g per mL: 1 ${unit} of ${portion!.name} weighs ${grams} g in USDA FNDDS`,
      };
    }
  }
  if (match?.densityKgPerL != null) return { grams: millilitres * match.densityKgPerL, assumption: null };
  return {
    grams: millilitres * WATER_LIKE_DENSITY_KG_PER_L,
    assumption: `assumed ${WATER_LIKE_DENSITY_KG_PER_L} g per mL`,
  };
}

function countGrams(
  count: number,
  unit: string | null,
  food: string,
  portion: PortionFood | null,
  vocabulary: ListVocabulary,
): Weight {
  let key: PortionKey = unit === null ? 'each' : (COUNT_UNITS[unit] ?? 'each');
  if (unit === null) {
    // "3 garlic cloves": the food's own name says which portion is counted.
    const word = vocabulary.portionWordInFood.exec(food)?.[1];
    const named = PortionKeySchema.safeParse(
      word === undefined ? undefined : vocabulary.portionWord.get(word.toLowerCase()),
    );
    if (named.success) key = named.data;
  }
  if (portion === null)
    return { grams: null, why: `no typical weight of "${food}" is known: give it in grams` };
  // A size the table does not list for this food: one of an ordinary size.
  const grams =
    portion.grams[key] ?? (['small', 'medium', 'large'].includes(key) ? portion.grams.each : undefined);
  if (grams === undefined) {
    return {
      grams: null,
      why: `no typical weight of one ${key === 'each' ? portion.name : `${key} of ${portion.name}`}: give it in grams`,
    };
  }
  const what = key === 'each' ? portion.name : `${key} of ${portion.name}`;
  return { grams: count * grams, assumption: `1 ${what} = ${grams} g, USDA FNDDS` };
}

/** The grams of one parsed amount, using FNDDS portion weights and catalog densities where needed. */
export function weigh(
  amount: Amount,
  food: string,
  portion: PortionFood | null,
  match: FoodMatch | null,
  vocabulary = listVocabulary(),
): Weight {
  switch (amount.kind) {
    case 'mass':
      return { grams: amount.grams, assumption: null };
    case 'volume':
      return volumeGrams(amount.millilitres, portion, match);
    case 'count':
      return countGrams(amount.count, amount.unit, food, portion, vocabulary);
    case 'pack': {
      // "1 whole chicken", "1 bunch spring onions": a pack word that also names a whole thing.
      const portionKey = vocabulary.words.packsAlsoPortions[amount.unit];
      if (portionKey !== undefined) return countGrams(amount.count, portionKey, food, portion, vocabulary);
      return {
        grams: null,
        why: `the size of the ${amount.unit} is not given: write e.g. "1 x 400g ${amount.unit}"`,
      };
    }
    case 'negligible':
      return { grams: 0, assumption: null };
    case 'none':
      return { grams: null, why: 'no quantity given' };
  }
}
