import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dataDir as defaultDataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';
import { foldWords } from '../core/fold.js';
import type { ProductResult } from '../core/result.js';
import type { PortionWeights } from './resolution.js';

/**
 * A serving of every kind of food, so that options are compared per serving: a ready meal, a mixed
 * dish or a sandwich the catalog holds per kg is served as a meal, an ingredient as a typical
 * portion. Grams are the median FNDDS 2017-2018 "Quantity not specified" weight over a group of
 * USDA WWEIA food categories (data/curated/servings.json, built into data/servings.json by
 * scripts/build-data/servings.ts).
 */

const GroupName = z.string().min(1);

const IngredientsSchema = z.object({
  group: GroupName,
  words: z.array(z.string().regex(/^[a-z]+$/)).min(1),
  why: z.string().min(1),
});

export const CuratedServingsSchema = z
  .object({
    $comment: z.string().optional(),
    groups: z.record(
      GroupName,
      z.object({
        /** WWEIA category numbers whose foods' default weight the group's serving is the median of. */
        wweia: z.array(z.number().int().positive()).min(1),
        /** A food of the group is a meal on its own. */
        meal: z.boolean(),
        /**
         * A food of the group is a drink: one sold by the litre is served as the group's drink, never
         * as a spoonful's portion; one sold by the kg (ground coffee, tea leaves, cocoa) is what a drink
         * is made from and has no serving of its own.
         */
        drink: z.boolean().optional(),
        /** What the answer calls a serving of it: "a 248 g serving (sandwich)". */
        label: z.string().min(1),
        /**
         * A regular expression for the FNDDS portion whose weight is the serving ("^1 meal \\(" for a
         * frozen meal's); absent, FNDDS's "Quantity not specified".
         */
        portion: z.string().min(1).optional(),
      }),
    ),
    /** Every Agribalyse category's group; null for what is not eaten as a serving (flour, salt). */
    categories: z.record(z.string().min(1), GroupName.nullable()),
    /** Products of a meal category eaten as an ingredient (tofu, a plant-based patty), by a word of their name. */
    ingredients: IngredientsSchema,
  })
  .superRefine((file, context) => {
    for (const [category, group] of Object.entries(file.categories)) {
      if (group !== null && !(group in file.groups))
        context.addIssue({ code: 'custom', message: `${category}: no group "${group}"` });
    }
    if (!(file.ingredients.group in file.groups))
      context.addIssue({ code: 'custom', message: `ingredients: no group "${file.ingredients.group}"` });
  });
export type CuratedServings = z.infer<typeof CuratedServingsSchema>;

export const ServingGroupSchema = z.object({
  grams: z.number().positive(),
  meal: z.boolean(),
  drink: z.boolean().optional(),
  label: z.string().min(1),
  wweia: z.array(z.number().int().positive()).min(1),
  /** The FNDDS portion description (or regular expression) the weights are of. */
  portion: z.string().min(1),
  /** FNDDS foods the median is over. */
  foods: z.number().int().positive(),
});
export type ServingGroup = z.infer<typeof ServingGroupSchema>;

export const ServingsFileSchema = z.object({
  source: z.string().min(1),
  groups: z.record(GroupName, ServingGroupSchema),
  categories: z.record(z.string().min(1), GroupName.nullable()),
  ingredients: IngredientsSchema,
});
export type ServingsFile = z.infer<typeof ServingsFileSchema>;

export const SERVINGS_FILE = 'servings.json';
/** Short credit shown with a serving taken from the file. */
export const SERVINGS_CREDIT = 'FNDDS';

let memoised: ServingsFile | undefined;

/** Reads and validates data/servings.json once per process; a missing or invalid file is SourceUnavailableError. */
export function loadServings(dataDir?: string): ServingsFile {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const path = join(dataDir ?? defaultDataDir(), SERVINGS_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = ServingsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`${SERVINGS_FILE} is invalid: ${parsed.error.message}`);
  if (dataDir === undefined) memoised = parsed.data;
  return parsed.data;
}

export interface ProductServing {
  grams: number;
  /** The product is a meal on its own (a ready meal, a mixed dish, a sandwich). */
  meal: boolean;
  /** "a 248 g serving (sandwich, FNDDS)", for the line saying how the option was taken. */
  text: string;
}

/** A product's serving, or null when none is known (a cooking ingredient, another source's category). */
export type ServingOf = (product: ProductResult) => ProductServing | null;

/**
 * A meal's serving for a product of a meal category, never a per-ingredient portion (a quiche is not
 * an egg's 50 g); a drink's its group's (a latte is not a spoonful), and none for what a drink is made
 * from (ground coffee); for an ingredient, its own FNDDS portion when data/portions.json knows it,
 * else its group's.
 */
export function productServings(servings: ServingsFile, portions: PortionWeights | undefined): ServingOf {
  const ingredientWords = new Set(servings.ingredients.words);
  return (product) => {
    let groupName = product.category === null ? undefined : servings.categories[product.category];
    const named = foldWords(product.name).split(' ');
    if (groupName !== undefined && groupName !== null && servings.groups[groupName]?.meal === true) {
      if (named.some((word) => ingredientWords.has(word))) groupName = servings.ingredients.group;
    }
    const group = groupName === undefined || groupName === null ? undefined : servings.groups[groupName];
    if (group?.meal === true) {
      return {
        grams: group.grams,
        meal: true,
        text: servingText(group.grams, `${group.label}, ${SERVINGS_CREDIT}`),
      };
    }
    if (group?.drink === true) {
      if (product.unit !== 'L') return null;
      return {
        grams: group.grams,
        meal: false,
        text: servingText(group.grams, `${group.label}, ${SERVINGS_CREDIT}`),
      };
    }
    const own = portions?.typicalPortionGrams(product) ?? null;
    if (own !== null && own > 0) return { grams: own, meal: false, text: servingText(own, SERVINGS_CREDIT) };
    if (group === undefined) return null;
    return {
      grams: group.grams,
      meal: false,
      text: servingText(group.grams, `${group.label}, ${SERVINGS_CREDIT}`),
    };
  };
}

function servingText(grams: number, credit: string): string {
  return `a ${Math.round(grams)} g serving (${credit})`;
}
