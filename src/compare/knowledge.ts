import type { SourceInfo } from '../core/result.js';
import type { Basis } from '../figures/basis.js';
import type { DishIngredients } from '../figures/dish.js';
import type { FiguresTable } from '../figures/table.js';

/**
 * What comparisons ask of the built-in catalog beyond looking names up (which goes through the
 * LookupSource, whatever it is): whether a line of a message names a food, the foods a dish's name
 * states and their figures, and which animals words state. The app injects it (the catalog of
 * src/sources/catalog implements it); without it, a message is read by its structure alone and
 * options are only looked up.
 */
export interface FoodKnowledge {
  /** Credited on a dish built from its parts, whose figure is this catalog's. */
  readonly source: SourceInfo;
  /** How clearly a text names some food, 0..1. */
  foodScore(text: string): number;
  /** The food an ingredient's name means, with the matcher's confidence. */
  matchFood(text: string): { code: string; name: string; confidence: number; closest: boolean } | null;
  /** A food by its Agribalyse code. */
  food(
    code: string,
  ): { code: string; name: string; kgCo2ePerKg: number; category: string; fullName?: string } | null;
  /** Which animals a text's words state ("meatfree" for tofu). */
  animalsIn(text: string): string[];
  /** The restaurant a text names with no food beside it ("subway", "KFC"), or null: where to eat, not a dish. */
  restaurantNamed?(text: string): string | null;
  /**
   * The studies' figures, which give a dish built from its parts or changed its figure on every
   * dataset as a named dish has (src/figures/dish.ts); without them, the catalog's figure alone.
   */
  readonly figures?: FiguresTable | null;
  /** Which figure answers lead with (CARBON_BASIS). */
  readonly basis?: Basis;
  /** A named dish's ingredients per serving with their codes, which a changed dish is priced from. */
  recipeIngredients?(name: string): DishIngredients | null;
}
