import type { Dataset } from '../../../src/core/datasets.js';
import { type IndependentFiguresFile, IndependentFiguresFileSchema } from '../../../src/figures/schema.js';
import type { ProductsFile, RecipesFile } from '../../../src/sources/catalog/schema.js';
import { cutNames } from './cuts.js';
import { entriesAlsoAre, entriesNotByName, type FoodEntry } from './entries.js';
import { type CatalogFood, type FigureMappingFile, type MappingRule, selectFoods } from './mapping.js';
import { namesBelow, type OffTree } from './off-names.js';
import type { StudyItem } from './read.js';

/**
 * data/independent-figures.json from the reviewed mapping (data/curated/figure-mapping.json), the
 * studies' figures and the catalog just built. Throws on anything the mapping names that does not
 * exist, on a rule that selects nothing and on a food given twice to one study.
 */

export interface RuleExpansion {
  rule: MappingRule;
  foods: CatalogFood[];
  dishes: string[];
}

export interface IndependentFiguresBuild {
  file: IndependentFiguresFile;
  expansions: RuleExpansion[];
}

/**
 * data/datasets.json's datasets by id, with the credit an answer gives them: the attribution their
 * licence asks for, and the licence ("Clark et al. (2022), PNAS …, via Our World in Data (CC BY 4.0)").
 */
export function datasetCredits(datasets: readonly Dataset[]): Map<string, string> {
  return new Map(
    datasets.map((dataset) => [
      dataset.id,
      `${dataset.attribution} (${dataset.licence.split(/ \(|;/)[0]!.trim()})`,
    ]),
  );
}

export function buildIndependentFigures(
  mapping: FigureMappingFile,
  studies: Readonly<Record<string, readonly StudyItem[]>>,
  products: ProductsFile,
  recipes: RecipesFile,
  offAncestors: ReadonlyMap<string, ReadonlySet<string>>,
  /** data/datasets.json's datasets by id, each with the credit its figures carry. */
  knownDatasets: ReadonlyMap<string, string>,
  /** The Open Food Facts categories, for the entries' other names (none given: no other names). */
  offTree: OffTree | null = null,
): IndependentFiguresBuild {
  const problems: string[] = [];
  for (const dataset of mapping.datasets) {
    if (!knownDatasets.has(dataset.id)) problems.push(`dataset ${dataset.id} is not in data/datasets.json`);
  }
  const datasetIndex = new Map(mapping.datasets.map((dataset, index) => [dataset.id, index]));
  const items: IndependentFiguresFile['items'] = [];
  const itemIndex = new Map<string, number>();
  for (const [id, list] of Object.entries(studies)) {
    const dataset = datasetIndex.get(id);
    if (dataset === undefined || dataset === 0) {
      problems.push(`study ${id} is not an independent dataset of the mapping`);
      continue;
    }
    for (const item of list) {
      itemIndex.set(`${id}\n${item.name}`, items.length);
      items.push({
        dataset,
        name: item.name,
        kgCo2ePerKg: item.kgCo2ePerKg,
        medianKgCo2ePerKg: item.medianKgCo2ePerKg,
      });
    }
  }

  const foods: CatalogFood[] = products.products.map((product) => ({
    code: product.code,
    name: product.name,
    category: products.categories[product.category]!.name,
  }));
  const codes = new Set(foods.map((food) => food.code));
  const categoryNames = new Set(products.categories.map((category) => category.name));
  const byFood = new Map<string, Map<number, FoodEntry>>();
  const givenBy = new Map<string, string>();
  const byDish = new Map<string, number[]>();
  const expansions: RuleExpansion[] = [];

  for (const rule of mapping.rules) {
    const label = `${rule.dataset} "${rule.item}"`;
    const item = itemIndex.get(`${rule.dataset}\n${rule.item}`);
    if (item === undefined) {
      problems.push(`${label}: no such entry`);
      continue;
    }
    for (const code of rule.codes) if (!codes.has(code)) problems.push(`${label}: unknown code ${code}`);
    for (const category of rule.categories ?? [])
      if (!categoryNames.has(category)) problems.push(`${label}: unknown category "${category}"`);
    const selected = selectFoods(rule, foods, offAncestors);
    const dishPattern = rule.dishes === undefined ? null : new RegExp(rule.dishes, 'i');
    const dishes =
      dishPattern === null
        ? []
        : recipes.recipes.filter((recipe) => dishPattern.test(recipe.name)).map((recipe) => recipe.name);
    const selectsFoods =
      rule.codes.length > 0 ||
      rule.categories !== undefined ||
      rule.off !== undefined ||
      rule.name !== undefined;
    if (selectsFoods && selected.length === 0) problems.push(`${label}: the rule selects no food`);
    if (dishPattern !== null && dishes.length === 0) problems.push(`${label}: the rule selects no dish`);
    const dataset = items[item]!.dataset;
    for (const food of selected) {
      const mapped = byFood.get(food.code) ?? new Map();
      const before = givenBy.get(`${food.code}\n${dataset}`);
      const same = mapped.get(dataset);
      // Two rules may select a food for the same reason (a derived rule and a list); not for two entries.
      if (same !== undefined && same.item === item && same.kgPerKg === rule.kgPerKg && same.use === rule.use)
        continue;
      if (before !== undefined) {
        problems.push(`${food.code} ${food.name}: given to ${before} and to "${rule.item}"`);
        continue;
      }
      givenBy.set(`${food.code}\n${dataset}`, `"${rule.item}"`);
      mapped.set(dataset, { item, kgPerKg: rule.kgPerKg, use: rule.use });
      byFood.set(food.code, mapped);
    }
    for (const dish of dishes) {
      const list = byDish.get(dish) ?? [];
      if (list.some((other) => items[other]!.dataset === dataset))
        problems.push(`dish ${dish}: given twice to ${rule.dataset}`);
      else byDish.set(dish, [...list, item]);
    }
    expansions.push({ rule, foods: selected, dishes });
  }
  for (const code of mapping.zero.codes) if (!codes.has(code)) problems.push(`zero: unknown code ${code}`);
  for (const code of mapping.unpriced.flatMap((group) => group.codes)) {
    if (!codes.has(code)) problems.push(`unpriced: unknown code ${code}`);
    else if (byFood.has(code) || mapping.zero.codes.includes(code))
      problems.push(`unpriced: ${code} is priced by a rule or zero`);
  }
  const alsoIs = entriesAlsoAre(items, itemIndex, byFood, mapping.entries, problems);
  const notByName = entriesNotByName(itemIndex, mapping.entries, problems);
  const otherNames = entryNames(items, itemIndex, mapping.entries, offTree, problems);
  const foodsOf = new Map<number, CatalogFood[]>();
  for (const rule of mapping.entries.cuts) {
    const item = itemIndex.get(`${rule.dataset}\n${rule.item}`);
    if (item === undefined) {
      problems.push(`entries.cuts ${rule.dataset} "${rule.item}": no such entry`);
      continue;
    }
    foodsOf.set(
      item,
      foods.filter((food) => {
        const entry = byFood.get(food.code)?.get(items[item]!.dataset);
        return entry?.item === item && entry.use === 'food';
      }),
    );
  }
  for (const [item, names] of cutNames(foodsOf)) {
    if (names.length === 0) problems.push(`entries.cuts "${items[item]!.name}": no animal and cut`);
    const own = items[item]!.name.toLowerCase();
    const before = otherNames.get(item) ?? [];
    const known = new Set([own, ...before.map((name) => name.toLowerCase())]);
    otherNames.set(
      item,
      [...before, ...names.filter((name) => !known.has(name))].sort((a, b) => a.localeCompare(b, 'en')),
    );
  }
  items.forEach((item, index) => {
    if (notByName.has(index)) item.byName = false;
    const names = otherNames.get(index);
    if (names !== undefined) item.names = names;
    const others = alsoIs.get(index);
    if (others !== undefined) item.alsoIs = others;
  });
  if (problems.length > 0) throw new Error(`figure-mapping.json:\n  ${problems.join('\n  ')}`);

  const file: IndependentFiguresFile = {
    $comment:
      'Written by npm run build:data from data/curated/figure-mapping.json and the studies in ../shared/data (data/README.md, "Independent figures"); do not edit by hand. Schema IndependentFiguresFileSchema in src/figures/schema.ts.',
    // The studies' credits, for answers they lead because the catalog lacks the food.
    datasets: mapping.datasets.map((dataset, index) => {
      const attribution = index === 0 ? undefined : knownDatasets.get(dataset.id);
      return attribution === undefined ? dataset : { ...dataset, attribution };
    }),
    items,
    foods: foods
      .filter((food) => byFood.has(food.code))
      .map((food) => [
        food.code,
        [...byFood.get(food.code)!.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, { item, kgPerKg, use }]) => [item, kgPerKg, use] as const)
          .map(([item, kgPerKg, use]) => [item, kgPerKg, use]),
      ]),
    dishes: [...byDish.entries()].sort(([a], [b]) => a.localeCompare(b, 'en')),
    zero: [...mapping.zero.codes].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
  };
  return { file: IndependentFiguresFileSchema.parse(file), expansions };
}

/**
 * Per entry, the other names of its food from the Open Food Facts taxonomy (`entries.names`), less its
 * own name; fails on an unknown entry or category and on a rule that adds no name.
 */
function entryNames(
  items: IndependentFiguresFile['items'],
  itemIndex: ReadonlyMap<string, number>,
  rules: FigureMappingFile['entries'],
  offTree: OffTree | null,
  problems: string[],
): Map<number, string[]> {
  const result = new Map<number, string[]>();
  if (offTree === null) return result;
  for (const rule of rules.names) {
    const label = `entries.names ${rule.dataset} "${rule.item}"`;
    const item = itemIndex.get(`${rule.dataset}\n${rule.item}`);
    if (item === undefined) {
      problems.push(`${label}: no such entry`);
      continue;
    }
    if (!offTree.has(rule.off)) {
      problems.push(`${label}: unknown OFF category ${rule.off}`);
      continue;
    }
    const own = items[item]!.name.toLowerCase();
    const before = result.get(item) ?? [];
    const names = namesBelow(
      offTree,
      rule.off,
      rule.exclude === undefined ? null : new RegExp(rule.exclude, 'i'),
    ).filter(
      (name) =>
        name.toLowerCase() !== own && !before.some((other) => other.toLowerCase() === name.toLowerCase()),
    );
    if (names.length === 0) problems.push(`${label}: the rule adds no name`);
    result.set(
      item,
      [...before, ...names].sort((a, b) => a.localeCompare(b, 'en')),
    );
  }
  return result;
}
