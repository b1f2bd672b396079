import { AMERICAS_DISHES } from './americas.js';
import { ASIAN_DISHES } from './asian.js';
import { EUROPEAN_DISHES } from './european.js';
import { EVERYDAY_DISHES } from './everyday.js';
import { MIDEAST_AFRICA_DISHES } from './mideast-africa.js';
import type { DishDefinition } from './types.js';

export type { DishDefinition, DishIngredient } from './types.js';

/**
 * Dish definitions for `/carbon recipe <name>`: ingredients per ONE serving, each mapped to an
 * Agribalyse 3.2 item by its `Code AGB`. Check with `npx tsx scripts/build-data/recipes/check.ts`.
 */
export const DISHES: DishDefinition[] = [
  ...EUROPEAN_DISHES,
  ...ASIAN_DISHES,
  ...AMERICAS_DISHES,
  ...MIDEAST_AFRICA_DISHES,
  ...EVERYDAY_DISHES,
];
