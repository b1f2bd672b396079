import { comparisonSentence, percentDifference } from '../../core/comparison.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, productLevel, recipeLevel } from '../../core/levels.js';
import type { ProductResult, RecipeResult, SourceInfo } from '../../core/result.js';
import { type Basis, productOnBasis } from '../../figures/basis.js';
import { onDishFigures } from '../../figures/dish.js';
import type { NamedEntry } from '../../figures/study-answer.js';
import type { CatalogFigures } from './catalog-figures.js';
import type { MatchAnswer, MatchResult } from './match-result.js';
import type { ProductData, ProductsFile, RecipeData } from './schema.js';

/** The answers the catalog gives once its matcher has found the food or dish a query names. */

export const CATALOG_SOURCE_INFO: SourceInfo = {
  id: 'catalog',
  label: 'Built-in catalog (ADEME Agribalyse 3.2)',
  attribution:
    'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0; names and synonyms from Open Food Facts (ODbL)',
};

const MAX_SUGGESTIONS = 3;
/**
 * Categories with fewer foods than this are compared with their parent group: issue #8 asks for "about
 * ten", below which one unusual food moves the mean more than the comparison can bear.
 */
export const MIN_CATEGORY_SIZE = 10;

export function displayQuery(query: string): string {
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

/** The names a refused query is offered instead, best first, each once. */
export function suggestions(result: MatchResult, name: (entry: number) => string): string[] {
  return [...new Set(result.ranked.map((candidate) => name(candidate.entry)))].slice(0, MAX_SUGGESTIONS);
}

/** What a product answer is compared with and priced from. */
export interface ProductAnswerContext {
  categories: ProductsFile['categories'];
  groups: ProductsFile['groups'];
  byCode: ReadonlyMap<string, ProductData>;
  figures: CatalogFigures;
  /** Which figure answers lead with (CARBON_BASIS); the others stay beside it. */
  basis: Basis;
}

/** A product's answer, compared with its category's mean per kg, with a lower swap where it has one. */
export function productAnswer(
  context: ProductAnswerContext,
  query: string,
  product: ProductData,
  answer: MatchAnswer,
  beside: readonly NamedEntry[] = [],
): ProductResult {
  const { categories, groups, byCode, figures, basis } = context;
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
    ...figures.withSources(figures.productSources(product), beside),
  };
  return productOnBasis(result, basis, product.kgCo2ePerKg);
}

/** The milk trial's answer: a product's, compared per litre with the world-average cow's milk instead. */
export function trialMilkAnswer(
  context: ProductAnswerContext,
  milkReference: ProductsFile['milkReference'],
  query: string,
  product: ProductData,
  answer: MatchAnswer,
): ProductResult {
  // Per litre against the world-average cow's milk (Poore & Nemecek 2018 via OWID, × 1.03 kg/L).
  const comparison = percentDifference(product.kgCo2ePerUnit, milkReference.kgCo2ePerL);
  const reference = `the ${milkReference.name} (${milkReference.kgCo2ePerL} kg CO2e per litre; ${milkReference.citation})`;
  return {
    ...productAnswer(context, query, product, answer),
    comparisonText: comparisonSentence(comparison, reference),
    comparison,
  };
}

/** A dish's answer per serving, with what it is made of; climate-friendly on every dataset's figure. */
export function recipeAnswer(
  query: string,
  recipe: RecipeData,
  answer: MatchAnswer,
  figures: CatalogFigures,
  basis: Basis,
): RecipeResult {
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
      confidence: answer.confidence,
      status: null,
      notes: closestMatchNote(answer, recipe.name),
      source: CATALOG_SOURCE_INFO,
    },
    figures.figures,
    basis,
    figures.recipeDish(recipe),
    figures.recipeSources(recipe),
  );
}
