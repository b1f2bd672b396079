/**
 * Densities used to move between per-kg and per-litre figures. Agribalyse reports per kg; the spec's
 * API reports per litre for liquids; the product scale (levels.ts) ranks per kg.
 */

/**
 * Cow's, goat's and sheep's milk: 1.03 kg/L, the usual density of fluid milk (FAO/INFOODS Density
 * Database v2.0, 2012, lists 1.03 g/mL for whole cow's milk; the milk trial uses the same figure).
 */
export const MILK_DENSITY_KG_PER_L = 1.03;

/** Liquid vegetable oils: about 0.92 kg/L at 20 °C (FAO/INFOODS Density Database v2.0, 2012). */
export const VEGETABLE_OIL_DENSITY_KG_PER_L = 0.92;

/** Other drinks are mostly water: 1 kg/L, which the catalog states in the result's notes. */
export const WATER_LIKE_DENSITY_KG_PER_L = 1;
