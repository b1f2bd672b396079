import { z } from 'zod';
import { readSheet } from '../spreadsheet.js';

/**
 * The USDA FNDDS "At A Glance" workbooks (public domain, PROVENANCE.md §8): foods with the ingredient
 * weights of their recipes, and portion weights. Both sheets have a title row above the header.
 */

const IngredientRowSchema = z.object({
  'Food code': z.number().int(),
  'Main food description': z.string(),
  'WWEIA Category number': z.number().int(),
  'WWEIA Category description': z.string(),
  'Ingredient code': z.number().int(),
  'Ingredient description': z.string(),
  'Ingredient weight (g)': z.number().nonnegative(),
  'Moisture change (%)': z.number().nullable(),
});

const PortionRowSchema = z.object({
  'Food code': z.number().int(),
  'Portion description': z.string(),
  // A few rows carry negative weights (not a real portion); servingGrams only uses positive ones.
  'Portion weight (g)': z.number(),
});

export interface FnddsIngredient {
  /** An SR Legacy NDB number, or an 8-digit FNDDS food code when the ingredient is itself a recipe. */
  code: number;
  description: string;
  grams: number;
}

export interface FnddsFood {
  code: number;
  description: string;
  category: number;
  categoryDescription: string;
  /** Weight gained (+) or lost (−) in preparation, in percent of the ingredients' total weight. */
  moistureChangePercent: number;
  ingredients: FnddsIngredient[];
}

export interface FnddsPortion {
  description: string;
  grams: number;
}

export function readFnddsFoods(path: string): Map<number, FnddsFood> {
  const foods = new Map<number, FnddsFood>();
  for (const raw of readSheet(path, { sheet: 'FNDDS Ingredients', headerRow: 1 })) {
    const row = IngredientRowSchema.parse(raw);
    const code = row['Food code'];
    let food = foods.get(code);
    if (food === undefined) {
      food = {
        code,
        description: row['Main food description'].trim(),
        category: row['WWEIA Category number'],
        categoryDescription: row['WWEIA Category description'],
        moistureChangePercent: row['Moisture change (%)'] ?? 0,
        ingredients: [],
      };
      foods.set(code, food);
    }
    food.ingredients.push({
      code: row['Ingredient code'],
      description: row['Ingredient description'].trim(),
      grams: row['Ingredient weight (g)'],
    });
  }
  if (foods.size < 5000) throw new Error(`FNDDS ingredients: only ${foods.size} foods read from ${path}`);
  return foods;
}

export function readFnddsPortions(path: string): Map<number, FnddsPortion[]> {
  const portions = new Map<number, FnddsPortion[]>();
  for (const raw of readSheet(path, { headerRow: 1 })) {
    const row = PortionRowSchema.parse(raw);
    const list = portions.get(row['Food code']) ?? [];
    list.push({ description: row['Portion description'].trim(), grams: row['Portion weight (g)'] });
    portions.set(row['Food code'], list);
  }
  if (portions.size < 5000) throw new Error(`FNDDS portions: only ${portions.size} foods read from ${path}`);
  return portions;
}
