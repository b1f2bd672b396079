import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FigureDatasetSchema } from '../../../src/figures/schema.js';
import { CURATED_DIR } from '../paths.js';

/**
 * data/curated/figure-mapping.json: which catalog foods and dishes are which entries of the
 * independent studies, written for this project and reviewed entry by entry (data/README.md,
 * "Independent figures"). A rule names one entry of one study and the foods that are it: listed by
 * code, or derived from what Agribalyse and the Open Food Facts taxonomy say a food is (its
 * Agribalyse category, an OFF category it belongs to, a pattern of its Agribalyse name), less
 * exceptions. The build fails on an unknown code, entry, category or OFF category, on a rule that
 * selects nothing, and on a food two rules give to one study in different ways (two rules may agree).
 */

const Pattern = z.string().refine((text) => {
  try {
    new RegExp(text, 'i');
    return true;
  } catch {
    return false;
  }
}, 'a valid regular expression');

export const MappingRuleSchema = z
  .object({
    /** `poore-nemecek-2018` or `clark-2022` (an id of `datasets`). */
    dataset: z.string().min(1),
    /** The study's own entry, exactly as its file names it. */
    item: z.string().min(1),
    /** `food`: the entry is this very food; `ingredient`: it only prices the food inside a dish. */
    use: z.enum(['food', 'ingredient']).default('food'),
    /** Foods listed by Agribalyse code. */
    codes: z.array(z.string().min(1)).default([]),
    /** Derived: foods of these catalog categories (English names of Agribalyse subgroups)… */
    categories: z.array(z.string().min(1)).optional(),
    /** …and of this Open Food Facts category (or one below it)… */
    off: z
      .string()
      .regex(/^[a-z]{2}:[a-z0-9-]+$/)
      .optional(),
    /** …whose Agribalyse name matches this (case-insensitive)… */
    name: Pattern.optional(),
    /** …unless it matches this. */
    exclude: Pattern.optional(),
    /** kg of the entry in a kg of the food: 0.4 for cooked rice, which is mostly water. */
    kgPerKg: z.number().positive().default(1),
    /** Catalog dishes (recipe names, case-insensitive pattern) that are this entry. */
    dishes: Pattern.optional(),
    /** Why these foods are this entry (and, for kgPerKg, where the factor comes from). */
    why: z.string().min(1),
  })
  .refine(
    (rule) =>
      rule.codes.length > 0 ||
      rule.categories !== undefined ||
      rule.off !== undefined ||
      rule.name !== undefined ||
      rule.dishes !== undefined,
    'a rule selects foods by code, category, OFF category or name, or dishes by name',
  );
export type MappingRule = z.infer<typeof MappingRuleSchema>;

/** One study's entry, as its file names it. */
const EntrySchema = z.object({ dataset: z.string().min(1), item: z.string().min(1) });

/**
 * What the studies' entries themselves are, for answers the catalog has no food for (data/README.md,
 * "Independent figures"): an entry with no catalog food that is another study's entry as that very
 * food (`same`; where catalog foods map to an entry, the build derives it), and entries whose own name
 * does not name the food their figure is for (`notByName`).
 */
export const EntryRulesSchema = z.object({
  same: z
    .array(
      EntrySchema.extend({
        /** The other study's entry this entry's food is. */
        is: EntrySchema.extend({ kgPerKg: z.number().positive().default(1) }),
        why: z.string().min(1),
      }),
    )
    .default([]),
  notByName: z.array(EntrySchema.extend({ why: z.string().min(1) })).default([]),
  /**
   * Other names of an entry's food, from the Open Food Facts taxonomy (off-names.ts): the category
   * that is that food and every category below it, less the subtrees `exclude` matches (by id or
   * English name), each reviewed as the same food.
   */
  names: z
    .array(
      EntrySchema.extend({
        off: z.string().regex(/^[a-z]{2}:[a-z0-9-]+$/),
        exclude: Pattern.optional(),
        why: z.string().min(1),
      }),
    )
    .default([]),
  /**
   * Meat entries named by animal and cut (cuts.ts): every animal the entry's own foods begin with,
   * with every cut word of the catalog's meat names ("lamb shank", "minced lamb").
   */
  cuts: z.array(EntrySchema.extend({ why: z.string().min(1) })).default([]),
});
export type EntryRules = z.infer<typeof EntryRulesSchema>;

export const FigureMappingFileSchema = z.object({
  $comment: z.string().optional(),
  /** The catalog's own dataset first, then the two studies. */
  datasets: z.array(FigureDatasetSchema).length(3),
  /** Foods that weigh but emit nothing worth counting on any dataset, with why. */
  zero: z.object({ codes: z.array(z.string().min(1)), why: z.string().min(1) }),
  rules: z.array(MappingRuleSchema).min(1),
  /**
   * Ingredients of the dish builder's templates (curated/dish-templates.json) that no study prices,
   * each group reviewed as having no entry for the same food: a template ingredient must be mapped on
   * a study, zero, or listed here (test/scripts/figures-builder.test.ts), so a new one is reviewed.
   */
  unpriced: z
    .array(z.object({ codes: z.array(z.string().min(1)).min(1), why: z.string().min(1) }))
    .default([]),
  entries: EntryRulesSchema.default({ same: [], notByName: [], names: [], cuts: [] }),
});
export type FigureMappingFile = z.infer<typeof FigureMappingFileSchema>;

export function readFigureMapping(path = join(CURATED_DIR, 'figure-mapping.json')): FigureMappingFile {
  return FigureMappingFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

export interface CatalogFood {
  code: string;
  name: string;
  category: string;
}

/** The foods a rule selects, in catalog order. */
export function selectFoods(
  rule: MappingRule,
  foods: readonly CatalogFood[],
  offAncestors: ReadonlyMap<string, ReadonlySet<string>>,
): CatalogFood[] {
  const listed = new Set(rule.codes);
  const derives = rule.categories !== undefined || rule.off !== undefined || rule.name !== undefined;
  const name = rule.name === undefined ? null : new RegExp(rule.name, 'i');
  const exclude = rule.exclude === undefined ? null : new RegExp(rule.exclude, 'i');
  return foods.filter((food) => {
    if (listed.has(food.code)) return true;
    if (!derives) return false;
    if (rule.categories !== undefined && !rule.categories.includes(food.category)) return false;
    if (rule.off !== undefined && !(offAncestors.get(food.code)?.has(rule.off) ?? false)) return false;
    if (name !== null && !name.test(food.name)) return false;
    return exclude === null || !exclude.test(food.name);
  });
}
