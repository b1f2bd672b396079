import { convertUnit } from 'parse-ingredient';
import { WATER_LIKE_DENSITY_KG_PER_L } from '../core/densities.js';
import type { FoodMatch } from '../sources/catalog/types.js';
import type { Amount } from './measure.js';
import type { PackTable } from './packs.js';
import { isPieceKey, type PortionFood, type PortionKey, PortionKeySchema } from './portions.js';
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
/**
 * The pack-sizes kind that weighs a US cup (236.6 mL) of a dry good FNDDS weighs only cooked: flour,
 * rice, quinoa, lentils (USDA SR Legacy household measures). Matched by the food's whole name, so
 * "1 cup cooked rice" is not a cup of dry rice.
 */
export const DRY_CUP_KIND = 'cup';
/** One US customary cup, 8 US fluid ounces (NIST Handbook 44, Appendix C: 1 cup = 236.588 2 mL). */
const US_CUP_ML = 236.588;

function volumeGrams(
  millilitres: number,
  portion: PortionFood | null,
  match: FoodMatch | null,
  food: string,
  packs: PackTable,
): Weight {
  // A dry good named in full ("ground coriander", "dried basil") before the FNDDS food its last word
  // names (fresh coriander, fresh basil): the whole name is the more precise.
  const dry = packs.find(food, DRY_CUP_KIND);
  if (dry?.grams !== undefined) {
    const density = dry.grams / US_CUP_ML;
    return { grams: millilitres * density, assumption: `${density.toFixed(2)} g per mL: ${dry.shown}` };
  }
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

/**
 * The pack-sizes kind that weighs a length of a food, per centimetre: "5cm galangal", "1 inch ginger"
 * (roots cut from a larger piece).
 */
export const LENGTH_KIND = 'centimetre';

function countGrams(
  count: number,
  unit: string | null,
  food: string,
  portion: PortionFood | null,
  packs: PackTable,
  vocabulary: ListVocabulary,
): Weight {
  // "5cm galangal": a length of a food weighed by the centimetre. Other lengths describe a piece
  // ("4 ¼ inch thick steaks" are four steaks as parse-ingredient reads them), weighed as before.
  const centimetres = unit === null ? undefined : vocabulary.words.lengths[unit];
  const perCentimetre = centimetres === undefined ? null : packs.find(food, LENGTH_KIND);
  if (centimetres !== undefined && perCentimetre?.grams !== undefined)
    return {
      grams: count * centimetres * perCentimetre.grams,
      assumption: `taken as ${perCentimetre.shown}`,
    };
  let key: PortionKey = unit === null ? 'each' : (COUNT_UNITS[unit] ?? 'each');
  if (unit === null) {
    // "3 garlic cloves": the food's own name says which portion is counted.
    const word = vocabulary.portionWordInFood.exec(food)?.[1];
    const named = PortionKeySchema.safeParse(
      word === undefined ? undefined : vocabulary.portionWord.get(word.toLowerCase()),
    );
    if (named.success) key = named.data;
  }
  // A size the table does not list for this food: one of an ordinary size.
  const grams =
    portion?.grams[key] ?? (['small', 'medium', 'large'].includes(key) ? portion?.grams.each : undefined);
  if (grams === undefined) {
    // Whole things FNDDS does not weigh: "1 cauliflower", "12 shallots", "a head of garlic".
    const whole = packs.find(
      food,
      key === 'each' || ['small', 'medium', 'large'].includes(key) ? 'whole' : key,
    );
    if (whole?.grams !== undefined)
      return { grams: count * whole.grams, assumption: `taken as ${whole.shown}, a typical size` };
  }
  if (portion === null)
    return { grams: null, why: `no typical weight of "${food}" is known: give it in grams` };
  if (grams === undefined) {
    return {
      grams: null,
      why: `no typical weight of one ${key === 'each' ? portion.name : `${key} of ${portion.name}`}: give it in grams`,
    };
  }
  const what = key === 'each' ? portion.name : `${key} of ${portion.name}`;
  const source =
    portion.raw !== undefined && isPieceKey(key) ? 'raw, from USDA FNDDS cooked weights' : 'USDA FNDDS';
  return { grams: count * grams, assumption: `1 ${what} = ${grams} g, ${source}` };
}

/** Packs without their size: the typical size of that pack of that food, else a whole thing's weight. */
function packGrams(
  count: number,
  kind: string,
  food: string,
  portion: PortionFood | null,
  match: FoodMatch | null,
  packs: PackTable,
  vocabulary: ListVocabulary,
): Weight {
  const size = packs.find(food, kind);
  if (size !== null) {
    const what = `taken as ${size.shown}, a typical ${kind === 'whole' ? 'size' : kind}`;
    if (size.grams !== undefined) return { grams: count * size.grams, assumption: what };
    const volume = volumeGrams(count * size.millilitres!, portion, match, food, packs);
    if (volume.grams === null) return volume;
    return { grams: volume.grams, assumption: [what, volume.assumption].filter(Boolean).join('; ') };
  }
  // "1 whole lemon", "1 bunch spring onions": a pack word that also names a whole thing.
  const portionKey = vocabulary.words.packsAlsoPortions[kind];
  if (portionKey !== undefined) return countGrams(count, portionKey, food, portion, packs, vocabulary);
  return {
    grams: null,
    why: `no typical size of a ${kind} of "${food}" is known: give its size, e.g. "1 x 400g ${kind}"`,
  };
}

/** A stated pack size of pulses, sweetcorn or fish from a can counts drained, as an unstated one does. */
function statedPackGrams(grams: number, kind: string | undefined, food: string, packs: PackTable): Weight {
  const size = kind === undefined ? null : packs.find(food, kind);
  if (size === null || size.basis !== 'drained') return { grams, assumption: null };
  const share = size.grams! / size.netGrams!;
  return {
    grams: grams * share,
    assumption: `drained: ${Math.round(share * 100)}% of the ${kind}'s stated weight, as ${size.shown}`,
  };
}

/** The grams of one parsed amount, using pack sizes, FNDDS portion weights and catalog densities. */
export function weigh(
  amount: Amount,
  food: string,
  portion: PortionFood | null,
  match: FoodMatch | null,
  packs: PackTable,
  vocabulary = listVocabulary(),
): Weight {
  switch (amount.kind) {
    case 'mass':
      return statedPackGrams(amount.grams, amount.pack, food, packs);
    case 'volume':
      return volumeGrams(amount.millilitres, portion, match, food, packs);
    case 'count':
      return countGrams(amount.count, amount.unit, food, portion, packs, vocabulary);
    case 'pack':
      return packGrams(amount.count, amount.unit, food, portion, match, packs, vocabulary);
    case 'negligible':
      return { grams: 0, assumption: null };
    case 'none':
      return { grams: null, why: 'no quantity given' };
  }
}
