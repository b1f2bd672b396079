import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CURATED_DIR } from '../paths.js';

/**
 * The hand-written dishes (data/curated/dishes.json) and the ingredient catalogue they draw on
 * (data/curated/ingredients.json). Both are written for this project; the build resolves each dish's
 * ingredient keys to Agribalyse codes and fails on anything it cannot resolve.
 */

/** A short key such as "beefMince" → the Agribalyse 3.2 item used for that ingredient. */
export const CuratedIngredientSchema = z.strictObject({
  /** Agribalyse 3.2 `Code AGB`, exactly as in the CSV (e.g. "6254", "20047_1"). */
  agb: z.string().regex(/^\d+(_\d+)?$/),
  /** Short English name shown to users, e.g. "beef mince". */
  label: z.string().trim().min(1).max(40),
  /** The Agribalyse item it stands for, for the reader (the build uses the code). */
  agribalyseName: z.string().min(1),
  /** Agribalyse has no item of its own for this ingredient: the closest one stands in. */
  standIn: z.literal(true).optional(),
});
export const CuratedIngredientsFileSchema = z.record(
  z.string().regex(/^[a-z][A-Za-z]*$/),
  CuratedIngredientSchema,
);
export type CuratedIngredients = z.infer<typeof CuratedIngredientsFileSchema>;

export const CuratedDishSchema = z.strictObject({
  /** English name as shown, e.g. "Lasagne". */
  name: z.string().trim().min(1).max(100),
  cuisine: z.string().trim().min(1),
  /** Other English names and spellings people ask for, e.g. "lasagna". */
  aliases: z.array(z.string().trim().min(1)).min(1),
  /** Per ONE serving, as bought (raw) unless the Agribalyse item itself is cooked. */
  ingredients: z
    .array(
      z.strictObject({
        /** A key of data/curated/ingredients.json. */
        use: z.string().min(1),
        grams: z.number().positive(),
        /** Overrides the ingredient's label, e.g. "lasagne sheets" for pasta. */
        label: z.string().trim().min(1).max(40).optional(),
      }),
    )
    .min(2),
});
export const CuratedDishesFileSchema = z.array(CuratedDishSchema);
export type CuratedDish = z.infer<typeof CuratedDishSchema>;

/** A dish as the build computes it: every ingredient resolved to its Agribalyse code and label. */
export interface DishDefinition {
  name: string;
  aliases: string[];
  cuisine: string;
  ingredients: { agb: string; grams: number; label: string }[];
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is malformed: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readCuratedIngredients(curatedDir = CURATED_DIR): CuratedIngredients {
  return readJson(join(curatedDir, 'ingredients.json'), CuratedIngredientsFileSchema);
}

/** The hand-written dishes with their ingredients resolved; throws on an unknown ingredient key. */
export function loadCuratedDishes(curatedDir = CURATED_DIR): DishDefinition[] {
  const ingredients = readCuratedIngredients(curatedDir);
  const dishes = readJson(join(curatedDir, 'dishes.json'), CuratedDishesFileSchema);
  return dishes.map((dish) => ({
    name: dish.name,
    aliases: dish.aliases,
    cuisine: dish.cuisine,
    ingredients: dish.ingredients.map((line) => {
      const ingredient = ingredients[line.use];
      if (ingredient === undefined) {
        throw new Error(`data/curated/dishes.json: "${dish.name}" uses unknown ingredient "${line.use}"`);
      }
      return { agb: ingredient.agb, grams: line.grams, label: line.label ?? ingredient.label };
    }),
  }));
}
