import { join } from 'node:path';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadDatasets } from '../../src/core/datasets.js';
import type { IndependentFiguresFile } from '../../src/figures/schema.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { createCatalog } from '../../src/sources/catalog/catalog.js';
import { checksum, loadCurated } from '../../src/sources/catalog/load.js';
import {
  type ChecksumsFile,
  ChecksumsFileSchema,
  type ProductsFile,
  ProductsFileSchema,
  type RecipesFile,
  RecipesFileSchema,
} from '../../src/sources/catalog/schema.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';
import { readAgribalyse } from './agribalyse.js';
import { derivedAliases, readAliases } from './aliases.js';
import {
  BASED_COOKING_SOURCE,
  BASED_DROP_REASONS,
  type BasedDerivationReport,
  deriveBasedDishes,
  readMisread,
} from './based-cooking/derive.js';
import { readBasedRecipes } from './based-cooking/read.js';
import { buildCategories, buildGroups } from './categories.js';
import { readCiqualNames } from './ciqual.js';
import { cupNotes } from './cups.js';
import {
  addDishEverydayNames,
  readEverydayNames,
  takenNames,
  usableEverydayNames,
} from './everyday-names.js';
import { buildIndependentFigures, datasetCredits, type RuleExpansion } from './figures/build.js';
import { readFigureMapping } from './figures/mapping.js';
import { readOffTree } from './figures/off-names.js';
import { readClark, readPooreNemecek } from './figures/read.js';
import {
  type DerivationReport,
  DROP_REASONS,
  deriveFnddsDishes,
  foldName,
  readMappingRules,
} from './fndds/derive.js';
import { unfindableDerivedDishes } from './fndds/findable.js';
import { readFnddsFoods, readFnddsPortions } from './fndds/read.js';
import { decideUnit } from './liquids.js';
import { readMilkReference, round } from './milk-reference.js';
import { readOffNames, readProxyOverrides, unshadowedSynonyms } from './off-taxonomy.js';
import { CURATED_DIR, DATA_DIR, RAW_DATA_DIR, rawPath } from './paths.js';
import {
  checkListedNames,
  checkWrittenDishes,
  dropUnheldAliases,
  fixDerivedServings,
  type MealFinding,
  readPortionNorms,
  withPortionFacts,
} from './recipes/meal-check.js';
import { computeRecipes, type DishDefinition, loadDishes } from './recipes.js';
import { chooseSwaps } from './swaps.js';
import { checkProductTerciles } from './terciles.js';

export const AGRIBALYSE_ATTRIBUTION = 'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0';
const FNDDS_ATTRIBUTION =
  'USDA ARS, Food and Nutrient Database for Dietary Studies 2019-2020 (public domain)';
const BASED_COOKING_ATTRIBUTION = 'the based-cooking recipes (based.cooking, Unlicense, public domain)';

/** Milks and plant-based milk alternatives in scope for the milk trial (fluid, not powders or creams). */
const PLANT_MILK = /^(oat-based|rice-based|coconut-based) drink|^almond drink|^soy drink|flavoured milk/i;

const MAX_DISPLAY_LENGTH = 100;

function displayName(lciName: string, aliases: readonly string[]): string {
  const name = aliases[0] ?? lciName;
  if (name.length <= MAX_DISPLAY_LENGTH) return name;
  const cut = name.slice(0, MAX_DISPLAY_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

export interface BuildOutput {
  products: ProductsFile;
  recipes: RecipesFile;
  /** How many FNDDS dishes were kept and why the others were dropped (not a data file). */
  fndds: DerivationReport;
  /** How many based-cooking dishes were kept and why the others were dropped (not a data file). */
  basedCooking: BasedDerivationReport;
  /** The studies' figures beside the catalog's, per food and dish (data/independent-figures.json). */
  figures: IndependentFiguresFile;
  /** What each rule of the figure mapping selected (not a data file). */
  figureRules: RuleExpansion[];
  /** Dishes under a portion of what they are named after, and how each was fixed (not a data file). */
  meals: MealFinding[];
}

/** Derives every data/ file from the raw inputs. Pure apart from reading them; throws on bad data. */
export async function buildData(
  rawDir = RAW_DATA_DIR,
  dishes?: readonly DishDefinition[],
): Promise<BuildOutput> {
  const items = readAgribalyse(rawPath('agribalyse', rawDir));
  checkProductTerciles(items.map((item) => item.kgCo2ePerKg));
  const ciqualNames = readCiqualNames(rawPath('ciqual', rawDir));
  const categories = buildCategories(items, ciqualNames);
  const groups = buildGroups(items, ciqualNames);
  const groupIndex = new Map(groups.map((group, index) => [group.group, index]));
  const categoryIndex = new Map(categories.map((category, index) => [category.subgroup, index]));
  const byCode = new Map(items.map((item) => [item.code, item]));
  const aliasesByCode = readAliases();
  for (const code of Object.keys(aliasesByCode)) {
    if (!byCode.has(code)) throw new Error(`data/curated/aliases.json: unknown Agribalyse code ${code}`);
  }

  const off = readOffNames(
    rawPath('offCategories', rawDir),
    new Set(byCode.keys()),
    readProxyOverrides(join(CURATED_DIR, 'proxy-overrides.json')),
  );
  // The hand-written files the app reads as they are: fail here on one the app would refuse.
  const curated = loadCurated(DATA_DIR);
  const { brands, lexicon } = curated;
  const everyday = usableEverydayNames(
    readEverydayNames(),
    takenNames(items, aliasesByCode),
    new Set(lexicon.nonFoodWords),
  );
  for (const code of everyday.byCode.keys()) {
    if (!byCode.has(code))
      throw new Error(`data/curated/everyday-names.json: unknown Agribalyse code ${code}`);
  }
  if (everyday.dropped.length > 0)
    console.warn(
      `everyday-names.json: ${everyday.dropped.length} names left out (taken, given twice or with a non-food word): ${everyday.dropped.slice(0, 20).join(', ')}`,
    );
  for (const brand of brands) {
    if (brand.item !== undefined && !byCode.has(brand.item))
      throw new Error(`data/curated/brands.json: ${brand.brand} names unknown Agribalyse code ${brand.item}`);
  }

  const nameText = new TextNormaliser(lexicon, brands);
  const synonyms = unshadowedSynonyms(
    off.synonyms,
    new Map(items.map((item) => [item.code, item.lciName])),
    (name) => nameText.nameTokens(name),
    new Set(lexicon.nonDefaultStates),
  );
  if (synonyms.dropped.length > 0)
    console.warn(
      `Open Food Facts synonyms left out as another item's own name: ${synonyms.dropped.length}: ${synonyms.dropped.join(', ')}`,
    );
  const sorted = [...items].sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
  const trialMilk = (item: (typeof items)[number]) =>
    (item.subgroup === 'laits' && decideUnit(item).unit === 'L') || PLANT_MILK.test(item.lciName);
  const swaps = chooseSwaps(
    sorted.map((item) => ({
      code: item.code,
      lciName: item.lciName,
      kgCo2ePerKg: item.kgCo2ePerKg,
      unit: decideUnit(item).unit,
      common: aliasesByCode[item.code] !== undefined,
      // Plant drinks sit under beverages in Agribalyse, but they are the obvious swap for dairy milk.
      pool: trialMilk(item) ? 'trial-milk' : item.subgroup,
      poolIsOneKind: trialMilk(item),
      kinds: off.kinds.get(item.code) ?? [],
    })),
  );

  const cups = cupNotes(
    new Map(
      items.map((item) => {
        const unit = decideUnit(item);
        const perUnit =
          unit.densityKgPerL === null ? item.kgCo2ePerKg : round(item.kgCo2ePerKg * unit.densityKgPerL);
        return [
          item.code,
          {
            code: item.code,
            name: item.lciName,
            kgCo2ePerKg: item.kgCo2ePerKg,
            kgCo2ePerUnit: perUnit,
            unit: unit.unit,
          },
        ];
      }),
    ),
  );
  const products: ProductsFile = {
    source: AGRIBALYSE_ATTRIBUTION,
    licence:
      'Open Database License (ODbL) 1.0: contains names and synonyms from Open Food Facts (ODbL). Values from ADEME Agribalyse 3.2 and categories from ANSES CIQUAL 2020, Licence Ouverte 2.0',
    milkReference: readMilkReference(rawPath('pooreNemecek', rawDir)),
    groups: groups.map((group) => ({
      name: group.name,
      count: group.count,
      meanKgCo2ePerKg: round(group.meanKgCo2ePerKg),
    })),
    categories: categories.map((category) => ({
      name: category.name,
      count: category.count,
      meanKgCo2ePerKg: round(category.meanKgCo2ePerKg),
      group: groupIndex.get(category.group)!,
    })),
    products: sorted.map((item) => {
      const unit = decideUnit(item);
      const aliases = aliasesByCode[item.code] ?? [];
      return {
        code: item.code,
        name: item.lciName,
        display: displayName(item.lciName, aliases),
        category: categoryIndex.get(item.subgroup)!,
        kgCo2ePerKg: item.kgCo2ePerKg,
        unit: unit.unit,
        kgCo2ePerUnit:
          unit.densityKgPerL === null ? item.kgCo2ePerKg : round(item.kgCo2ePerKg * unit.densityKgPerL),
        aliases: [...aliases, ...derivedAliases(item.lciName), ...(everyday.byCode.get(item.code) ?? [])],
        synonyms: synonyms.synonyms.get(item.code) ?? [],
        related: off.related.get(item.code) ?? [],
        swap: swaps.get(item.code) ?? null,
        trialMilk: trialMilk(item),
        notes: [...unit.notes, ...(cups.get(item.code) ?? [])],
      };
    }),
  };

  const kgPerKgByCode = new Map(items.map((item) => [item.code, item.kgCo2ePerKg]));
  const handWritten = dishes ?? loadDishes();
  const displayByCode = new Map(products.products.map((product) => [product.code, product.display]));
  const fndds = deriveFnddsDishes(
    readFnddsFoods(rawPath('fnddsIngredients', rawDir)),
    readFnddsPortions(rawPath('fnddsPortions', rawDir)),
    readMappingRules(),
    (code) => displayByCode.get(code)!,
    new Set(handWritten.flatMap((dish) => [dish.name, ...dish.aliases]).map(foldName)),
  );
  // Dishes named after a meat or a fish hold a portion of it (data/curated/portion-norms.json).
  const norms = readPortionNorms();
  const foodKinds = new Map(
    products.products.map((product) => [
      product.code,
      { category: products.categories[product.category]!.name, name: product.name },
    ]),
  );
  const mealFindings = checkWrittenDishes(handWritten, norms, foodKinds);
  const portioned = fixDerivedServings(fndds.dishes, norms, foodKinds);
  fndds.dishes = portioned.dishes;
  mealFindings.push(...portioned.findings);
  const derived = new Map(fndds.dishes.map((dish) => [dish.name, dish]));
  // A written salad or bowl named by its parts names its cheese (meal-check.ts).
  checkListedNames(
    computeRecipes(handWritten, kgPerKgByCode),
    norms.statedKinds.kinds.cheese ?? [],
    foodKinds,
  );
  const recipes: RecipesFile = {
    source: `${AGRIBALYSE_ATTRIBUTION}; dish compositions written for this project and derived from ${FNDDS_ATTRIBUTION} and ${BASED_COOKING_ATTRIBUTION}`,
    recipes: [
      ...computeRecipes(handWritten, kgPerKgByCode),
      ...computeRecipes(fndds.dishes, kgPerKgByCode).map((recipe) => {
        const { provenance, gramsPerServing, mappedShare } = derived.get(recipe.name)!;
        return { ...recipe, provenance, gramsPerServing, mappedShare };
      }),
    ],
  };
  // The based-cooking lines are read as a chat ingredient list is: with the app's own matcher over the
  // products just built, and the portion weights of data/portions.json (built first by build:data).
  const based = deriveBasedDishes(
    readBasedRecipes(rawPath('basedCooking', rawDir)),
    createCatalog(products, recipes, lexicon, brands),
    loadPortionTable(DATA_DIR),
    (code) => displayByCode.get(code)!,
    new Set(handWritten.flatMap((dish) => [dish.name, ...dish.aliases]).map(foldName)),
    new Set(fndds.dishes.flatMap((dish) => [dish.name, ...dish.aliases]).map(foldName)),
    seasoningCodes(products),
    readMisread(),
  );
  mealFindings.push(...checkWrittenDishes(based.dishes, norms, foodKinds));
  const basedByName = new Map(based.dishes.map((dish) => [dish.name, dish]));
  recipes.recipes.push(
    ...computeRecipes(based.dishes, kgPerKgByCode).map((recipe) => {
      const { provenance, gramsPerServing, mappedShare, servings, lines } = basedByName.get(recipe.name)!;
      return { ...recipe, provenance, gramsPerServing, mappedShare, servings, lines };
    }),
  );
  recipes.recipes.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const dishNames = addDishEverydayNames(recipes, new Set(lexicon.nonFoodWords), (name) =>
    nameText.nameTokens(name).join(' '),
  );
  if (dishNames.dropped.length > 0)
    console.warn(
      `dish-everyday-names.json: ${dishNames.dropped.length} names left out (taken, given twice or with a non-food word): ${dishNames.dropped.slice(0, 20).join(', ')}`,
    );
  // An alias names the dish after a food it holds a portion of, or is dropped (meal-check.ts).
  const templates = loadDishTemplates();
  const held = dropUnheldAliases(recipes.recipes, norms, foodKinds, {
    words: templates.diets.vegan,
    animalCategories: new Set(
      Object.entries(templates.categoryKinds)
        .filter(([, kind]) => kind !== 'protein')
        .map(([category]) => category),
    ),
  });
  mealFindings.push(...held.findings);
  // What the catalog holds an answer to: a name stating a food is not answered with a dish short of it.
  const facts = withPortionFacts(held.dishes, norms, foodKinds);
  recipes.recipes = facts.dishes;
  recipes.portionCheck = facts.check;
  const unfindable = unfindableDerivedDishes(products, recipes, curated);
  const unfindableFrom = (source: string) =>
    recipes.recipes.filter((recipe) => unfindable.has(recipe.name) && recipe.provenance?.source === source)
      .length;
  const unfindableBased = unfindableFrom(BASED_COOKING_SOURCE);
  recipes.recipes = recipes.recipes.filter((recipe) => !unfindable.has(recipe.name));
  const unfindableFndds = unfindable.size - unfindableBased;
  fndds.report.kept -= unfindableFndds;
  if (unfindableFndds > 0) fndds.report.dropped[DROP_REASONS.unfindable] = unfindableFndds;
  based.report.kept -= unfindableBased;
  if (unfindableBased > 0) based.report.dropped[BASED_DROP_REASONS.unfindable] = unfindableBased;
  const figures = buildIndependentFigures(
    readFigureMapping(),
    {
      'poore-nemecek-2018': readPooreNemecek(
        rawPath('pooreNemecek', rawDir),
        rawPath('pooreNemecekSupplyChain', rawDir),
      ),
      'clark-2022': readClark(rawPath('clark', rawDir)),
    },
    products,
    recipes,
    off.ancestors,
    datasetCredits(loadDatasets()),
    readOffTree(rawPath('offCategories', rawDir)),
  );
  // The app validates with the same schemas on load: fail here rather than at run time.
  return {
    products: ProductsFileSchema.parse(products),
    recipes: RecipesFileSchema.parse(recipes),
    fndds: fndds.report,
    basedCooking: based.report,
    figures: figures.file,
    figureRules: figures.expansions,
    meals: mealFindings,
  };
}

/** Catalog items used by the pinch: herbs, spices, salts and condiments (CIQUAL sub-groups). */
export function seasoningCodes(products: ProductsFile): Set<string> {
  const categories = new Set(
    products.categories
      .map((category, index) => (/^(Herbs|Spices|Salts|Condiments)$/.test(category.name) ? index : -1))
      .filter((index) => index >= 0),
  );
  return new Set(products.products.filter((product) => categories.has(product.category)).map((p) => p.code));
}

/**
 * Stable, diff-friendly JSON: one array element per line. Key order follows the objects built above,
 * and every list is sorted, so a rebuild from the same inputs is byte-identical.
 */
export function serialise(file: object): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(file);
  entries.forEach(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if (Array.isArray(value)) {
      lines.push(`  ${JSON.stringify(key)}: [`);
      for (const [i, element] of value.entries()) {
        lines.push(`    ${JSON.stringify(element)}${i < value.length - 1 ? ',' : ''}`);
      }
      lines.push(`  ]${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
    }
  });
  lines.push('}', '');
  return lines.join('\n');
}

export const OUTPUT_FILES = { products: 'products.json', recipes: 'recipes.json' } as const;

/**
 * data/checksums.json for these files' text: the build validated their content with the full schemas, so
 * the app, finding the same bytes, checks only their top level (src/sources/catalog/load.ts).
 */
export function checksumsFile(serialised: Readonly<Record<string, string>>): ChecksumsFile {
  return ChecksumsFileSchema.parse({
    $comment:
      'SHA-256 of each file npm run build:data wrote (and of curated/brands.json, which it reads), after validating its content with the zod schemas of src/sources/catalog. The app validates a file whose bytes differ in full. Written with the files by the build; do not edit by hand (data/README.md).',
    files: Object.fromEntries(Object.entries(serialised).map(([file, text]) => [file, checksum(text)])),
  });
}
