import { comparisonSentence, percentDifference } from '../../core/comparison.js';
import { NotFoundError } from '../../core/errors.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, productLevel, recipeLevel } from '../../core/levels.js';
import type { FigureSource, ProductResult, RecipeResult, SourceInfo } from '../../core/result.js';
import { type Basis, productOnBasis } from '../../figures/basis.js';
import { type DishIngredients, dishSourcesOf, onDishFigures } from '../../figures/dish.js';
import { besideSources, type NamedEntry } from '../../figures/study-answer.js';
import { catalogSource, type FiguresTable } from '../../figures/table.js';
import type { Brand, Lexicon } from './lexicon.js';
import { FoodMatcher, type MatchAnswer, type MatchResult } from './matcher.js';
import { ModifierReader } from './modifiers.js';
import type { ProductData, ProductsFile, RecipeData, RecipesFile } from './schema.js';
import type { IndexEntry } from './search-index.js';
import { createStudyLookup } from './study-lookup.js';
import { Suggester } from './suggest.js';
import { TextNormaliser } from './text.js';
import type { Catalog, CatalogFood, FoodMatch } from './types.js';

export const CATALOG_SOURCE_INFO: SourceInfo = {
  id: 'catalog',
  label: 'Built-in catalog (ADEME Agribalyse 3.2)',
  attribution:
    'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0; names and synonyms from Open Food Facts (ODbL)',
};

const MAX_SUGGESTIONS = 3;
/**
 * On the milk trial, another food must beat the best milk by more than rounding (confidences have two
 * decimals) to make the query out of scope: a tie goes to the milk.
 */
const OTHER_FOOD_MARGIN = 0.02;
/**
 * Categories with fewer foods than this are compared with their parent group: issue #8 asks for "about
 * ten", below which one unusual food moves the mean more than the comparison can bear.
 */
export const MIN_CATEGORY_SIZE = 10;

function productEntry(product: ProductData): IndexEntry {
  return {
    names: [
      { text: product.name, kind: 'name' },
      ...product.aliases.map((text) => ({ text, kind: 'alias' as const })),
      ...product.synonyms.map((text) => ({ text, kind: 'synonym' as const })),
      ...product.related.map((text) => ({ text, kind: 'related' as const })),
    ],
  };
}

function recipeEntry(recipe: RecipeData): IndexEntry {
  return {
    names: [
      { text: recipe.name, kind: 'name' },
      ...recipe.aliases.map((text) => ({ text, kind: 'alias' as const })),
    ],
    // A dish's defining ingredients say what it is even when its name does not ("Pad thai").
    describedBy: recipe.contributors.map((contributor) => contributor.name),
  };
}

function displayQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

/** How a note saying that a generic item stands in for what was asked begins. */
export const CLOSEST_NOTE = 'Closest match in the catalog';

/** Says plainly that a generic item stands in for what was asked. */
function closestMatchNote(answer: MatchAnswer, name: string): string[] {
  if (!answer.closest) return [];
  const setAside = answer.setAside.length === 0 ? '' : ` (no item for "${answer.setAside.join(' ')}")`;
  return [`${CLOSEST_NOTE}${setAside}: ${name}.`];
}

/** Per brand, the position among these products of the item its name alone means, where listed. */
function brandItems(brands: readonly Brand[], products: readonly ProductData[]): Map<string, number> {
  const position = new Map(products.map((product, i) => [product.code, i]));
  const items = new Map<string, number>();
  for (const brand of brands) {
    const entry = brand.item === undefined ? undefined : position.get(brand.item);
    if (entry !== undefined) items.set(brand.brand, entry);
  }
  return items;
}

export function createCatalog(
  productsFile: ProductsFile,
  recipesFile: RecipesFile,
  lexicon: Lexicon,
  brands: readonly Brand[],
  /** The normaliser for this lexicon and these brands (load.ts passes one that knows the names' tokens). */
  text = new TextNormaliser(lexicon, brands),
  /** The independent studies' figures set beside the catalog's; null answers with the catalog's alone. */
  figures: FiguresTable | null = null,
  /** Which figure answers lead with (CARBON_BASIS); the others stay beside it. */
  basis: Basis = 'agribalyse',
): Catalog {
  const { products, categories, groups, milkReference } = productsFile;
  const { recipes } = recipesFile;
  const byCode = new Map(products.map((product) => [product.code, product]));
  const recipeByName = new Map(recipes.map((recipe) => [recipe.name, recipe]));
  const productMatcher = new FoodMatcher(
    products.map(productEntry),
    text,
    lexicon,
    'products',
    brandItems(brands, products),
  );
  const milkProducts = products.filter((product) => product.trialMilk);
  const milkMatcher = new FoodMatcher(
    milkProducts.map(productEntry),
    text,
    lexicon,
    'products',
    brandItems(brands, milkProducts),
  );
  const recipeMatcher = new FoodMatcher(recipes.map(recipeEntry), text, lexicon, 'dishes');
  const animals = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.definesFood));
  const suggester = new Suggester(
    productMatcher.index,
    products.map((product) => product.display),
    products.map((product) => product.display !== product.name),
    recipeMatcher.index,
    recipes.map((recipe) => recipe.name),
    lexicon.popularProducts.filter((name) => products.some((product) => product.display === name)),
    text,
  );

  // The studies' entries by name, for the foods the catalog lacks.
  const studyLookup =
    figures === null ? null : createStudyLookup(figures, text, lexicon, productMatcher, recipeMatcher);

  // A food's or a dish's sources never change: worked out once, on its first lookup.
  const productSourceCache = new Map<string, FigureSource[]>();
  const recipeSourceCache = new Map<string, FigureSource[]>();

  /** The catalog's figure first, then the studies' own entries for this very food. */
  function productSources(product: ProductData): FigureSource[] | undefined {
    if (figures === null) return undefined;
    let sources = productSourceCache.get(product.code);
    if (sources === undefined) {
      sources = [
        catalogSource(figures.catalogDataset, product.name, product.kgCo2ePerUnit, product.unit),
        ...figures.foodSources(product.code),
      ];
      productSourceCache.set(product.code, sources);
    }
    return sources;
  }

  const recipeDishCache = new Map<string, DishIngredients>();

  /** A named dish's ingredients per serving, as the studies price them (worked out once). */
  function recipeDish(recipe: RecipeData): DishIngredients {
    let dish = recipeDishCache.get(recipe.name);
    if (dish === undefined) {
      dish = {
        entry: recipe.name,
        ingredients: recipe.contributors.map((contributor) => ({
          code: contributor.code,
          grams: contributor.grams,
          kgCo2e: contributor.kgCo2e,
        })),
        ...(recipe.gramsPerServing === undefined ? {} : { servingGrams: recipe.gramsPerServing }),
      };
      recipeDishCache.set(recipe.name, dish);
    }
    return dish;
  }

  /** The catalog's per-serving figure first, then each study's, for the dish's serving. */
  function recipeSources(recipe: RecipeData): FigureSource[] | undefined {
    if (figures === null) return undefined;
    const cached = recipeSourceCache.get(recipe.name);
    if (cached !== undefined) return cached;
    const sources = dishSourcesOf(figures, recipe.name, recipe.kgCo2ePerServing, recipeDish(recipe));
    recipeSourceCache.set(recipe.name, sources);
    return sources;
  }

  function suggestions(result: MatchResult, name: (entry: number) => string): string[] {
    return [...new Set(result.ranked.map((candidate) => name(candidate.entry)))].slice(0, MAX_SUGGESTIONS);
  }

  function productResult(
    query: string,
    product: ProductData,
    answer: MatchAnswer,
    beside: readonly NamedEntry[] = [],
  ): ProductResult {
    const category = categories[product.category]!;
    // A mean of a handful of foods says little: compare with the whole group instead.
    const reference = category.count < MIN_CATEGORY_SIZE ? groups[category.group]! : category;
    const comparison = percentDifference(product.kgCo2ePerKg, reference.meanKgCo2ePerKg);
    const perKg = product.unit === 'L' ? 'compared per kg, not per litre' : 'per kg';
    const referenceText = `the average of the ${reference.count} products in "${reference.name}", ${perKg}`;
    const swapProduct = product.swap === null ? undefined : byCode.get(product.swap);
    const result: ProductResult = {
      kind: 'product',
      query: displayQuery(query),
      name: product.name,
      kgCo2ePerUnit: product.kgCo2ePerUnit,
      unit: product.unit,
      comparisonText: comparisonSentence(comparison, referenceText),
      comparison,
      category: category.name,
      // The tercile scale is per kg; kgCo2ePerUnit is per litre for drinks and oils.
      level: productLevel(product.kgCo2ePerKg),
      swap:
        swapProduct === undefined
          ? null
          : {
              name: swapProduct.display,
              kgCo2ePerUnit: swapProduct.kgCo2ePerUnit,
              unit: swapProduct.unit,
              percentLower: Math.round((1 - swapProduct.kgCo2ePerKg / product.kgCo2ePerKg) * 100),
            },
      confidence: answer.confidence,
      status: null,
      notes: [...closestMatchNote(answer, product.display), ...product.notes],
      source: CATALOG_SOURCE_INFO,
      ...withSources(productSources(product), figures, beside),
    };
    return productOnBasis(result, basis, product.kgCo2ePerKg);
  }

  return {
    source: CATALOG_SOURCE_INFO,
    stats: { products: products.length, recipes: recipes.length, categories: categories.length },

    findProduct(query: string): ProductResult {
      const result = productMatcher.match(query);
      const answer = result.answer;
      const study =
        studyLookup?.(
          query,
          displayQuery(query),
          answer === null ? null : { ...answer, code: products[answer.entry]!.code },
          result.parsed,
        ) ?? null;
      if (study !== null && 'result' in study) return study.result;
      if (result.answer === null) {
        throw new NotFoundError(
          'product',
          displayQuery(query),
          suggestions(result, (entry) => products[entry]!.display),
        );
      }
      return productResult(
        query,
        products[result.answer.entry]!,
        result.answer,
        study === null ? [] : study.beside,
      );
    },

    findTrialMilk(query: string): ProductResult {
      const milk = milkMatcher.match(query);
      const overall = productMatcher.match(query).answer;
      // Anything that is clearly some other food is out of scope, not "not found".
      const otherFood = overall !== null && !products[overall.entry]!.trialMilk ? overall : null;
      if (
        milk.answer === null ||
        (otherFood !== null && otherFood.confidence > milk.answer.confidence + OTHER_FOOD_MARGIN)
      ) {
        if (otherFood !== null)
          throw new NotFoundError('product', displayQuery(query), [], 'trial_milk_only');
        throw new NotFoundError(
          'product',
          displayQuery(query),
          suggestions(milk, (entry) => milkProducts[entry]!.display),
        );
      }
      const product = milkProducts[milk.answer.entry]!;
      // Per litre against the world-average cow's milk (Poore & Nemecek 2018 via OWID, × 1.03 kg/L).
      const comparison = percentDifference(product.kgCo2ePerUnit, milkReference.kgCo2ePerL);
      const reference = `the ${milkReference.name} (${milkReference.kgCo2ePerL} kg CO2e per litre; ${milkReference.citation})`;
      return {
        ...productResult(query, product, milk.answer),
        comparisonText: comparisonSentence(comparison, reference),
        comparison,
      };
    },

    findRecipe(query: string): RecipeResult {
      const result = recipeMatcher.match(query);
      if (result.answer === null) {
        throw new NotFoundError(
          'recipe',
          displayQuery(query),
          suggestions(result, (entry) => recipes[entry]!.name),
        );
      }
      const recipe = recipes[result.answer.entry]!;
      return onDishFigures<RecipeResult>(
        {
          kind: 'recipe',
          query: displayQuery(query),
          name: recipe.name,
          kgCo2ePerServing: recipe.kgCo2ePerServing,
          // Decided on every dataset's figure by onDishFigures.
          climateFriendly: { value: 'unknown', raw: null },
          thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
          level: recipeLevel(recipe.kgCo2ePerServing),
          contributors: recipe.contributors.map((contributor) => ({
            name: contributor.name,
            grams: contributor.grams,
            kgCo2e: contributor.kgCo2e,
            share: contributor.share,
          })),
          confidence: result.answer.confidence,
          status: null,
          notes: closestMatchNote(result.answer, recipe.name),
          source: CATALOG_SOURCE_INFO,
        },
        figures,
        basis,
        recipeDish(recipe),
        recipeSources(recipe),
      );
    },

    recipeIngredients(name: string): DishIngredients | null {
      const recipe = recipeByName.get(name);
      return recipe === undefined ? null : recipeDish(recipe);
    },

    matchFood(query: string): FoodMatch | null {
      const answer = productMatcher.match(query).answer;
      if (answer === null) return null;
      const product = products[answer.entry]!;
      return {
        name: product.display,
        code: product.code,
        kgCo2ePerKg: product.kgCo2ePerKg,
        densityKgPerL:
          product.unit === 'L' && product.kgCo2ePerKg > 0
            ? product.kgCo2ePerUnit / product.kgCo2ePerKg
            : null,
        confidence: answer.confidence,
        closest: answer.closest,
      };
    },

    foodScore(query: string): number {
      let answered = 0;
      let named = 0;
      for (const matcher of [recipeMatcher, productMatcher]) {
        const { answer, ranked } = matcher.match(query);
        if (answer !== null) answered = Math.max(answered, answer.confidence);
        else named = Math.max(named, ranked.find((candidate) => candidate.exactWord)?.score ?? 0);
      }
      if (answered > 0) return answered;
      // Unanswered, a food one word names says little about a sentence of other words ("put your
      // order in the thread"): the score counts as far as the catalog knows the words.
      const { tokens } = text.query(query);
      // One word the matcher will not answer alone names no food by itself ("all", of "All-purpose
      // flour"): a food it names is another's.
      if (tokens.length <= 1) return 0;
      const known = tokens.filter(
        (token) => recipeMatcher.index.knows(token) || productMatcher.index.knows(token),
      ).length;
      return tokens.length === 0 ? 0 : named * (known / tokens.length);
    },

    restaurantNamed(query: string): string | null {
      const parsed = text.query(query);
      const restaurant = parsed.brands.find((brand) => brand.kind === 'restaurant');
      if (restaurant === undefined) return null;
      // Alone: nothing else the catalog knows is named beside it ("KFC", "subway?"; not "Greggs sausage roll").
      const known = parsed.tokens.some(
        (token) => recipeMatcher.index.knows(token) || productMatcher.index.knows(token),
      );
      return known ? null : restaurant.brand;
    },

    animalsIn(query: string): string[] {
      return [...(animals.read(text.nameTokens(query)).values().next().value ?? [])];
    },

    food(code: string): CatalogFood | null {
      const product = byCode.get(code);
      if (product === undefined) return null;
      return {
        code,
        name: product.display,
        kgCo2ePerKg: product.kgCo2ePerKg,
        category: categories[product.category]!.name,
        fullName: product.name,
      };
    },

    suggest(kind, prefix, limit) {
      return suggester.suggest(kind, prefix, limit);
    },

    figures,
    basis,
  };
}

/**
 * `sources` only when there are some: a catalog without figures answers as before. Entries the query
 * names stand instead of the food's own entries on their studies (figures/study-answer.ts).
 */
function withSources(
  sources: FigureSource[] | undefined,
  figures: FiguresTable | null,
  beside: readonly NamedEntry[] = [],
): { sources?: FigureSource[]; withoutFigure?: string[] } {
  if (sources === undefined || figures === null) return {};
  const shown = beside.length === 0 ? sources : besideSources(figures, sources, beside);
  return { sources: shown, withoutFigure: figures.withoutFigure(shown) };
}
