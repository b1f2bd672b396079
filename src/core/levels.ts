import type { Level } from './result.js';

/**
 * Recipe budget per serving. WWF Sweden's "One Planet Plate" derives 0.5 kg CO2e per meal from the
 * Paris Agreement's 1.5 °C goal; the City of Helsinki and Klimato's COP26 menus use the same figure.
 * Sources are listed in data/README.md.
 */
export const CLIMATE_FRIENDLY_MAX_KG_PER_SERVING = 0.5;

/** Klimato's average UK meal (1.55 kg CO2e per serving) separates "medium" from "high" (data/README.md). */
export const AVERAGE_MEAL_KG_PER_SERVING = 1.55;

/**
 * Product scale: the terciles of the 2,451 per-kg climate-change values of ADEME Agribalyse 3.2, so
 * "low" means "in the lowest third of all foods". scripts/build-data recomputes them and fails if
 * these constants drift from the data. They are per kg of food: a per-litre figure (drinks, oils)
 * must be converted to per kg before it is ranked, or a litre of oil (0.92 kg) would rank lower than
 * the same oil per kg.
 */
export const PRODUCT_LOW_MAX_KG_PER_KG = 1.8;
export const PRODUCT_MEDIUM_MAX_KG_PER_KG = 5.22;

export function recipeLevel(kgPerServing: number): Level {
  if (kgPerServing <= CLIMATE_FRIENDLY_MAX_KG_PER_SERVING) return 'low';
  if (kgPerServing < AVERAGE_MEAL_KG_PER_SERVING) return 'medium';
  return 'high';
}

/** Level of a food from its kg CO2e per kg of food (never per litre: see the constants above). */
export function productLevel(kgCo2ePerKg: number): Level {
  if (kgCo2ePerKg < PRODUCT_LOW_MAX_KG_PER_KG) return 'low';
  if (kgCo2ePerKg < PRODUCT_MEDIUM_MAX_KG_PER_KG) return 'medium';
  return 'high';
}
