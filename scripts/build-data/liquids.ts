import { MILK_DENSITY_KG_PER_L, VEGETABLE_OIL_DENSITY_KG_PER_L } from '../../src/core/densities.js';
import type { AgribalyseItem } from './agribalyse.js';

export { MILK_DENSITY_KG_PER_L };

/** Not drinks even though Agribalyse files them under beverages: powders, grounds, concentrates. */
const DRY_OR_CONCENTRATE = /\b(powder|ground|non rehydrated|granules|leaves|beans)\b/i;

/** Fats that are solid at room temperature or sold as capsules, so per kg suits them better. */
const NOT_POURED_OILS = /\b(coconut|palm|cocoa butter|solid|fish|cod liver|herring|sardine|salmon)\b/i;

export interface UnitDecision {
  unit: 'kg' | 'L';
  /** kg per litre; null when per kg. */
  densityKgPerL: number | null;
  notes: string[];
}

const PER_KG: UnitDecision = { unit: 'kg', densityKgPerL: null, notes: [] };

/**
 * Drinks, fluid milks, ready-to-feed baby milks and pourable oils are reported per litre; everything
 * else (soups included: Agribalyse lists them by weight and they are often sold by weight) per kg.
 */
export function decideUnit(item: AgribalyseItem): UnitDecision {
  const name = item.lciName;
  if (item.subgroup === 'laits' && !/\b(powder|condensed)\b/i.test(name)) {
    return {
      unit: 'L',
      densityKgPerL: MILK_DENSITY_KG_PER_L,
      notes: [`Per litre, using a milk density of ${MILK_DENSITY_KG_PER_L} kg/L.`],
    };
  }
  if (
    item.subgroup === 'huiles et graisses végétales' &&
    /\boil\b/i.test(name) &&
    !NOT_POURED_OILS.test(name)
  ) {
    return {
      unit: 'L',
      densityKgPerL: VEGETABLE_OIL_DENSITY_KG_PER_L,
      notes: [`Per litre, using an oil density of ${VEGETABLE_OIL_DENSITY_KG_PER_L} kg/L.`],
    };
  }
  const isDrink =
    item.group === 'boissons' ||
    (item.subgroup === 'laits et boissons infantiles' &&
      /(ready to feed|beverage|rehydrated at|rehydrated with)/i.test(name));
  if (isDrink && !DRY_OR_CONCENTRATE.test(name)) {
    return {
      unit: 'L',
      densityKgPerL: 1,
      notes: ['Per litre, assuming 1 kg/L (Agribalyse reports per kg and gives no density).'],
    };
  }
  return PER_KG;
}
