import type { ProductResult, RecipeResult, SourceInfo } from '../../core/result.js';
import type { NameSuggester } from '../../core/source.js';
import type { Basis } from '../../figures/basis.js';
import type { DishIngredients } from '../../figures/dish.js';
import type { FiguresTable } from '../../figures/table.js';

export interface FoodMatch {
  /** Short everyday name, as autocomplete shows it. */
  name: string;
  /** Agribalyse code. */
  code: string;
  kgCo2ePerKg: number;
  /** kg per litre for foods the catalog states per litre (drinks, oils), else null. */
  densityKgPerL: number | null;
  confidence: number;
  /** A generic item stands in for what was asked (a variety or brand was set aside). */
  closest: boolean;
}

/** A catalog food by its Agribalyse code, as a dish built from parts prices it (src/compare). */
export interface CatalogFood {
  code: string;
  /** Short everyday name. */
  name: string;
  kgCo2ePerKg: number;
  /** Its category's name ("Raw meat", "Cheese and similar"). */
  category: string;
  /** Its Agribalyse name ("Beef, stewing meat, cooked"), which portion norms read. */
  fullName: string;
}

/**
 * The built-in catalog, in memory. Lookups are synchronous (no I/O after load) and throw
 * NotFoundError (core/errors.ts) with up to three suggestions when nothing matches well enough.
 */
export interface Catalog extends NameSuggester {
  /** Credited on every answer from it. */
  readonly source: SourceInfo;
  /** Best match for a product name in any format (brands, pack sizes, plurals, typos). */
  findProduct(query: string): ProductResult;
  /**
   * The milk trial behind `GET /product`: milks and plant-based milk alternatives per litre,
   * compared with the world-average cow's milk. Anything else throws NotFoundError with
   * outOfScope 'trial_milk_only'.
   */
  findTrialMilk(query: string): ProductResult;
  findRecipe(query: string): RecipeResult;
  /**
   * The food an ingredient line names, by the same product matcher as findProduct, with its per-kg
   * figure for computing recipes; null when nothing matches well enough.
   */
  matchFood(query: string): FoodMatch | null;
  /**
   * How clearly a text names some food, 0..1: the confidence of the dish or product it is answered
   * with, or else the re-ranked score of the best dish or product one of its words names as typed
   * (not through a typo). A line of a posted message reads as food from this (src/compare).
   */
  foodScore(query: string): number;
  /** The food with this Agribalyse code, or null. */
  food(code: string): CatalogFood | null;
  /**
   * A named dish's ingredients per serving with their codes, as the studies price them (a dish
   * changed to keep what an option states is priced from them, src/compare/adapt.ts); null for a
   * name the catalog has no dish for.
   */
  recipeIngredients(name: string): DishIngredients | null;
  /**
   * Which animals a text's words state, as the matcher reads them (the lexicon's food-defining group:
   * "beef", "chashu pork" → pork; "tofu" → meatfree, unless another animal is stated too).
   */
  animalsIn(text: string): string[];
  /**
   * The restaurant or chain a text names when it names no food the catalog knows besides ("subway",
   * "KFC"): a choice of where to eat, not a dish (data/curated/brands.json, kind restaurant); else null.
   */
  restaurantNamed(text: string): string | null;
  readonly stats: { products: number; recipes: number; categories: number };
  /** The independent studies' figures beside the catalog's, when loaded. */
  readonly figures?: FiguresTable | null;
  /** Which figure answers lead with (CARBON_BASIS); `agribalyse` when not said. */
  readonly basis?: Basis;
}
