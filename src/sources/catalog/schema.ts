import { z } from 'zod';
import { UnitSchema } from '../../core/result.js';

/**
 * The committed data files under data/, written by scripts/build-data and validated here on load.
 * The build validates its own output with the same schemas, so the two cannot drift apart.
 */

export const CategorySchema = z.object({
  /** English name, e.g. "Milk" or "Breakfast cereals and biscuits". */
  name: z.string().min(1),
  /** Agribalyse foods in the category; the average below is over these. */
  count: z.number().int().positive(),
  /** Arithmetic mean of the members' kg CO2e per kg. */
  meanKgCo2ePerKg: z.number().positive(),
  /** Index into ProductsFile.groups: the Agribalyse group the category belongs to. */
  group: z.number().int().nonnegative(),
});
export type CategoryData = z.infer<typeof CategorySchema>;

/** An Agribalyse food group, the parent of categories ("Meat, egg and fish"). */
export const GroupSchema = CategorySchema.omit({ group: true });

export const ProductSchema = z.object({
  /** Agribalyse "Code AGB". */
  code: z.string().min(1),
  /** Agribalyse "LCI Name" (English). */
  name: z.string().min(1),
  /** Short everyday name for autocomplete; the first curated alias, else the LCI name. */
  display: z.string().min(1).max(100),
  /** Index into ProductsFile.categories. */
  category: z.number().int().nonnegative(),
  kgCo2ePerKg: z.number().nonnegative(),
  unit: UnitSchema,
  kgCo2ePerUnit: z.number().nonnegative(),
  /** Curated everyday names (data/curated/aliases.json). */
  aliases: z.array(z.string().min(1)).default([]),
  /** English names of Open Food Facts categories that are this food (ODbL, "Open Food Facts"). */
  synonyms: z.array(z.string().min(1)).default([]),
  /** English names of Open Food Facts categories this food only stands in for (proxy codes). */
  related: z.array(z.string().min(1)).default([]),
  /** Code of a recognisable product in the same category at least 30% lower per kg, if any. */
  swap: z.string().min(1).nullable().default(null),
  /** Milk or plant-based milk alternative: in scope for the milk trial. */
  trialMilk: z.boolean().default(false),
  notes: z.array(z.string()).default([]),
});
export type ProductData = z.infer<typeof ProductSchema>;

export const MilkReferenceSchema = z.object({
  name: z.string(),
  kgCo2ePerKg: z.number().positive(),
  densityKgPerL: z.number().positive(),
  kgCo2ePerL: z.number().positive(),
  citation: z.string(),
});
export type MilkReference = z.infer<typeof MilkReferenceSchema>;

export const ProductsFileSchema = z
  .object({
    source: z.string(),
    licence: z.string(),
    milkReference: MilkReferenceSchema,
    groups: z.array(GroupSchema).min(1),
    categories: z.array(CategorySchema).min(1),
    products: z.array(ProductSchema).min(1),
  })
  .superRefine((file, context) => {
    const codes = new Set(file.products.map((product) => product.code));
    file.categories.forEach((category, index) => {
      if (category.group >= file.groups.length) {
        context.addIssue({ code: 'custom', message: 'unknown group', path: ['categories', index, 'group'] });
      }
    });
    file.products.forEach((product, index) => {
      if (product.category >= file.categories.length) {
        context.addIssue({
          code: 'custom',
          message: 'unknown category',
          path: ['products', index, 'category'],
        });
      }
      if (product.swap !== null && !codes.has(product.swap)) {
        context.addIssue({ code: 'custom', message: 'unknown swap code', path: ['products', index, 'swap'] });
      }
    });
  });
export type ProductsFile = z.infer<typeof ProductsFileSchema>;

export const RecipeContributorSchema = z.object({
  name: z.string().min(1),
  /** Agribalyse code of the ingredient. */
  code: z.string().min(1),
  grams: z.number().positive(),
  kgCo2e: z.number().nonnegative(),
  share: z.number().min(0).max(1),
});
export type RecipeContributorData = z.infer<typeof RecipeContributorSchema>;

/**
 * The portion norms a dish answered for a name is held to (data/curated/portion-norms.json, written
 * into recipes.json by the data build): the words that name each food, one portion of it, the share
 * of a portion below which a dish does not hold it, and the dishes whose point is not a portion.
 */
export const PortionCheckSchema = z.object({
  notAMealOf: z.string().min(1),
  badlyUnder: z.number().gt(0).max(1),
  /** Words of the high-impact kinds (cheese, meat, fish) a name listing its parts must state. */
  statedKinds: z.record(z.string(), z.array(z.string().min(1)).min(1)),
  kinds: z
    .array(
      z.object({
        kind: z.string().min(1),
        words: z.array(z.string().min(1)).min(1),
        grams: z.number().positive(),
      }),
    )
    .min(1),
});
export type PortionCheckData = z.infer<typeof PortionCheckSchema>;

export const RecipeSchema = z.object({
  name: z.string().min(1).max(100),
  aliases: z.array(z.string().min(1)).default([]),
  cuisine: z.string(),
  kgCo2ePerServing: z.number().nonnegative(),
  /** Largest first. */
  contributors: z.array(RecipeContributorSchema).min(1),
  /** Where a dish derived from open recipe data comes from (source and its id); absent when hand-written. */
  provenance: z.object({ source: z.string().min(1), id: z.string().min(1) }).optional(),
  /** Weight of one serving of the finished dish (derived dishes). */
  gramsPerServing: z.number().positive().optional(),
  /** Grams per serving of the foods of each portion norm it holds any of (by the norm's kind). */
  held: z.record(z.string(), z.number().positive()).optional(),
  /** Share of the source recipe's weight that maps to catalog items (derived dishes: at least 0.9). */
  mappedShare: z.number().min(0).max(1).optional(),
  /** Servings the source recipe makes, and its own words for it (null: assumed, see data/README.md). */
  servings: z.object({ count: z.number().positive(), statement: z.string().nullable() }).optional(),
  /** The source recipe's ingredient lines and the food each was taken as, grams per serving. */
  lines: z
    .array(
      z.object({
        text: z.string(),
        status: z.enum(['counted', 'skipped', 'negligible']),
        food: z.string().nullable(),
        grams: z.number().nonnegative().nullable(),
      }),
    )
    .optional(),
});
export type RecipeData = z.infer<typeof RecipeSchema>;

export const RecipesFileSchema = z.object({
  source: z.string(),
  recipes: z.array(RecipeSchema),
  portionCheck: PortionCheckSchema.optional(),
});
export type RecipesFile = z.infer<typeof RecipesFileSchema>;

/**
 * The top level of each file the data build writes, its lists unchecked: for a file whose checksum
 * shows it is byte for byte what the build validated with the full schemas above (see load.ts).
 */
export const ProductsFileShape = z.object({
  source: z.string(),
  licence: z.string(),
  milkReference: MilkReferenceSchema,
  groups: z.array(z.unknown()).min(1),
  categories: z.array(z.unknown()).min(1),
  products: z.array(z.unknown()).min(1),
});
export const RecipesFileShape = z.object({ source: z.string(), recipes: z.array(z.unknown()) });

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex');

/**
 * data/name-tokens.json: the tokens TextNormaliser gives each catalog name that building the indexes
 * reads, worked out by the data build with the lexicon whose SHA-256 it records (see load.ts).
 */
export const NameTokensFileSchema = z
  .object({
    $comment: z.string().optional(),
    /** SHA-256 of data/curated/lexicon.json as it was when the tokens were worked out. */
    lexicon: Sha256,
    names: z.array(z.string()),
    /** Per name, its tokens. */
    tokens: z.array(z.array(z.string().min(1))),
  })
  .refine((file) => file.names.length === file.tokens.length, 'one token list per name');
export type NameTokensFile = z.infer<typeof NameTokensFileSchema>;
export const NameTokensFileShape = z
  .object({ lexicon: Sha256, names: z.array(z.unknown()), tokens: z.array(z.unknown()) })
  .refine((file) => file.names.length === file.tokens.length, 'one token list per name');

/**
 * data/checksums.json: the SHA-256 of each file `npm run build:data` wrote, taken after validating the
 * file's content with its full schema.
 */
export const ChecksumsFileSchema = z.object({
  $comment: z.string().optional(),
  files: z.record(z.string(), Sha256),
});
export type ChecksumsFile = z.infer<typeof ChecksumsFileSchema>;
