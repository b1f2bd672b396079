/** One ingredient line of a dish, per ONE serving. */
export interface DishIngredient {
  /** Agribalyse 3.2 `Code AGB`, exactly as in the CSV (e.g. "6254", "20047_1"). */
  agb: string;
  /** Grams per serving, as bought/raw unless the Agribalyse item itself is cooked. */
  grams: number;
  /** Short English ingredient name shown to users, e.g. "beef mince". */
  label: string;
}

export interface DishDefinition {
  /** English name as shown, e.g. "Lasagne". */
  name: string;
  /** Other English names/spellings, e.g. "lasagna". */
  aliases: string[];
  /** Cuisine, e.g. "Italian". */
  cuisine: string;
  /** Ingredients per ONE serving. */
  ingredients: DishIngredient[];
}
