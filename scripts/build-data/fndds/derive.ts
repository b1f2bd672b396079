import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pluralize from 'pluralize';
import { z } from 'zod';
import { foldWords } from '../../../src/core/fold.js';
import { CURATED_DIR } from '../paths.js';
import type { DishDefinition } from '../recipes/curated.js';
import { dishCuisine, dishName, withoutVegetableGroups } from './names.js';
import type { FnddsFood, FnddsPortion } from './read.js';

/**
 * Named dishes derived from the USDA FNDDS 2019-2020 recipes: each food of a mixed-dish category,
 * its ingredients expanded (an ingredient that is itself a FNDDS recipe is replaced by that recipe's
 * ingredients), scaled to one serving and mapped to Agribalyse items by the rules of
 * data/curated/fndds-ingredients.json. A dish is kept only when at least 90% of its weight maps.
 */

export const FNDDS_SOURCE = 'USDA FNDDS 2019-2020';

/** Issue #10: a dish less than 90% of whose weight maps to catalog items is dropped. */
export const MIN_MAPPED_SHARE = 0.9;

/**
 * WWEIA categories 3002–3802 are the "Mixed dishes" and "Sandwiches" groups and soups (What We Eat in
 * America food categories, USDA ARS): meat, poultry, seafood, bean, vegetable, rice, pasta, Asian and
 * Mexican mixed dishes, pizza, burgers, sandwiches and soups. Single foods, beverages and baby foods
 * have categories outside this range.
 */
export function isDishCategory(category: number): boolean {
  return category >= 3002 && category <= 3899;
}

const MappingRulesSchema = z.object({
  about: z.string(),
  rules: z
    .array(
      z.strictObject({
        match: z.string().min(1),
        agb: z.string().regex(/^\d+(_\d+)?$/),
        standIn: z.literal(true).optional(),
      }),
    )
    .min(1),
});

export interface IngredientMapper {
  /** The Agribalyse code for a FNDDS ingredient description, or null when no rule matches. */
  agbFor(description: string): string | null;
}

export function readMappingRules(file = join(CURATED_DIR, 'fndds-ingredients.json')): IngredientMapper {
  const parsed = MappingRulesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is malformed: ${z.prettifyError(parsed.error)}`);
  const rules = parsed.data.rules.map((rule) => ({ pattern: new RegExp(rule.match, 'i'), agb: rule.agb }));
  return {
    agbFor(description) {
      return rules.find((rule) => rule.pattern.test(description))?.agb ?? null;
    },
  };
}

/** One serving's raw ingredients: grams of each leaf ingredient in `grams` of the finished food. */
export function expandIngredients(
  foods: ReadonlyMap<number, FnddsFood>,
  food: FnddsFood,
  grams: number,
  seen: ReadonlySet<number> = new Set(),
): { code: number; description: string; grams: number }[] {
  const total = food.ingredients.reduce((sum, ingredient) => sum + ingredient.grams, 0);
  // The finished weight after water lost or gained in cooking (FNDDS "Moisture change").
  const finished = total * (1 + food.moistureChangePercent / 100);
  if (finished <= 0) return [];
  const inner = new Set([...seen, food.code]);
  return food.ingredients.flatMap((ingredient) => {
    const share = (grams * ingredient.grams) / finished;
    const recipe = foods.get(ingredient.code);
    if (recipe !== undefined && !inner.has(recipe.code))
      return expandIngredients(foods, recipe, share, inner);
    return [{ code: ingredient.code, description: ingredient.description, grams: share }];
  });
}

/**
 * Case, accents, punctuation, spacing, plurals and "and/or" ignored: how dish names are compared for
 * clashes, as the dish search reads "Chicken enchiladas" and "Chicken enchilada" as one name.
 */
export function foldName(name: string): string {
  return foldWords(name.replace(/\band\/or\b/gi, 'and'))
    .replace(/%/g, '')
    .split(' ')
    .map((word) => pluralize.singular(word))
    .join(' ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Grams of one serving: FNDDS's own default portion ("Quantity not specified", the weight FNDDS
 * assigns when someone reports eating the food without an amount), else the median of that default
 * over the food's WWEIA category.
 */
export function servingGrams(
  portions: readonly FnddsPortion[] | undefined,
  categoryMedian: number | undefined,
): number | null {
  const unspecified = portions?.find((portion) => portion.description === 'Quantity not specified');
  if (unspecified !== undefined && unspecified.grams > 0) return unspecified.grams;
  return categoryMedian ?? null;
}

export interface DerivedDish extends DishDefinition {
  provenance: { source: string; id: string };
  gramsPerServing: number;
  mappedShare: number;
}

export interface DerivationReport {
  candidates: number;
  kept: number;
  dropped: Record<string, number>;
  /** Ingredients that no rule maps, by their weight summed over the candidate dishes, largest first. */
  unmapped: { description: string; grams: number; dishes: number }[];
  /** Share of all candidate dishes' weight that maps to catalog items. */
  mappedWeightShare: number;
}

export const DROP_REASONS = {
  serving: 'no FNDDS portion weight',
  single: 'a single ingredient (a food, not a dish)',
  unmapped: 'under 90% of the weight maps to catalog items',
  handWritten: 'a hand-written dish has the same name',
  duplicate: 'another FNDDS dish has the same name',
  unfindable: 'the dish search answers another dish for its name',
} as const;

export function deriveFnddsDishes(
  foods: ReadonlyMap<number, FnddsFood>,
  portions: ReadonlyMap<number, readonly FnddsPortion[]>,
  mapper: IngredientMapper,
  labelFor: (agb: string) => string,
  takenNames: ReadonlySet<string>,
): { dishes: DerivedDish[]; report: DerivationReport } {
  // The most generic description of a name first ("Chicken curry" before its variants), then by code.
  const candidates = [...foods.values()]
    .filter((food) => isDishCategory(food.category))
    .sort((a, b) => a.description.length - b.description.length || a.code - b.code);
  const byCategory = new Map<number, number[]>();
  for (const food of candidates) {
    const grams = servingGrams(portions.get(food.code), undefined);
    if (grams !== null) byCategory.set(food.category, [...(byCategory.get(food.category) ?? []), grams]);
  }
  const taken = new Set(takenNames);
  const dropped: Record<string, number> = {};
  const drop = (reason: keyof typeof DROP_REASONS) => {
    dropped[DROP_REASONS[reason]] = (dropped[DROP_REASONS[reason]] ?? 0) + 1;
  };
  const unmapped = new Map<string, { grams: number; dishes: number }>();
  let allGrams = 0;
  let mappedGrams = 0;
  const dishes: DerivedDish[] = [];
  for (const food of candidates) {
    const medianGrams = byCategory.has(food.category) ? median(byCategory.get(food.category)!) : undefined;
    const serving = servingGrams(portions.get(food.code), medianGrams);
    if (serving === null) {
      drop('serving');
      continue;
    }
    const leaves = expandIngredients(foods, food, serving);
    const byCode = new Map<string, number>();
    let total = 0;
    let mapped = 0;
    for (const leaf of leaves) {
      total += leaf.grams;
      const agb = mapper.agbFor(leaf.description);
      if (agb === null) {
        const entry = unmapped.get(leaf.description) ?? { grams: 0, dishes: 0 };
        entry.grams += leaf.grams;
        entry.dishes += 1;
        unmapped.set(leaf.description, entry);
        continue;
      }
      mapped += leaf.grams;
      byCode.set(agb, (byCode.get(agb) ?? 0) + leaf.grams);
    }
    allGrams += total;
    mappedGrams += mapped;
    if (leaves.length < 2) {
      drop('single');
      continue;
    }
    const mappedShare = total === 0 ? 0 : mapped / total;
    if (mappedShare < MIN_MAPPED_SHARE) {
      drop('unmapped');
      continue;
    }
    const name = dishName(food.description);
    const folded = foldName(name);
    if (taken.has(folded)) {
      drop(takenNames.has(folded) ? 'handWritten' : 'duplicate');
      continue;
    }
    taken.add(folded);
    const description = withoutVegetableGroups(food.description);
    const synonym = foldName(description);
    const aliases = synonym === folded || taken.has(synonym) ? [] : [description];
    for (const alias of aliases) taken.add(foldName(alias));
    const ingredients = [...byCode.entries()]
      .map(([agb, grams]) => ({ agb, grams: Math.round(grams * 10) / 10, label: labelFor(agb) }))
      .filter((ingredient) => ingredient.grams > 0)
      .sort((a, b) => b.grams - a.grams || a.agb.localeCompare(b.agb));
    dishes.push({
      name,
      aliases,
      cuisine: dishCuisine(food.description, food.categoryDescription),
      ingredients,
      provenance: { source: FNDDS_SOURCE, id: String(food.code) },
      gramsPerServing: Math.round(serving),
      mappedShare: Math.round(mappedShare * 1000) / 1000,
    });
  }
  return {
    dishes,
    report: {
      candidates: candidates.length,
      kept: dishes.length,
      dropped,
      unmapped: [...unmapped.entries()]
        .map(([description, entry]) => ({ description, ...entry }))
        .sort((a, b) => b.grams - a.grams || a.description.localeCompare(b.description)),
      mappedWeightShare: allGrams === 0 ? 0 : mappedGrams / allGrams,
    },
  };
}
