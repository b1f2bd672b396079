import { NotFoundError } from '../../core/errors.js';
import type { ProductResult, RecipeResult } from '../../core/result.js';
import type { Basis } from '../../figures/basis.js';
import type { DishIngredients } from '../../figures/dish.js';
import type { FiguresTable } from '../../figures/table.js';
import {
  CATALOG_SOURCE_INFO,
  displayQuery,
  type ProductAnswerContext,
  productAnswer,
  recipeAnswer,
  suggestions,
  trialMilkAnswer,
} from './answers.js';
import { CatalogFigures } from './catalog-figures.js';
import { FoodReading } from './food-reading.js';
import type { Brand, Lexicon } from './lexicon.js';
import { FoodMatcher } from './matcher.js';
import { brandItems, productEntry, recipeEntry } from './matcher-entries.js';
import { createPortionCheck } from './portion-check.js';
import type { ProductsFile, RecipesFile } from './schema.js';
import { createStudyLookup } from './study-lookup.js';
import { Suggester } from './suggest.js';
import { TextNormaliser } from './text.js';
import type { Catalog, CatalogFood, FoodMatch } from './types.js';

// src/recipes/compute.ts credits its answers with the catalog's source info from here.
export { CATALOG_SOURCE_INFO } from './answers.js';

/**
 * On the milk trial, another food must beat the best milk by more than rounding (confidences have two
 * decimals) to make the query out of scope: a tie goes to the milk.
 */
const OTHER_FOOD_MARGIN = 0.02;

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
  // A name stating a food is not answered with a dish that barely holds it (portion-check.ts).
  const portionCheck = createPortionCheck(recipesFile.portionCheck);
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
  const reading = new FoodReading(text, lexicon, recipeMatcher, productMatcher);
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

  const catalogFigures = new CatalogFigures(figures);
  const answers: ProductAnswerContext = { categories, groups, byCode, figures: catalogFigures, basis };

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
      return productAnswer(
        answers,
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
      return trialMilkAnswer(answers, milkReference, query, milkProducts[milk.answer.entry]!, milk.answer);
    },

    findRecipe(query: string): RecipeResult {
      const result = recipeMatcher.match(query);
      const short = result.answer !== null && portionCheck(query, recipes[result.answer.entry]!) !== null;
      if (result.answer === null || short) {
        // A dish short of what the name states is not suggested for it either.
        const ranked = short
          ? result.ranked.filter((each) => each.entry !== result.answer!.entry)
          : result.ranked;
        throw new NotFoundError(
          'recipe',
          displayQuery(query),
          suggestions({ ...result, ranked }, (entry) => recipes[entry]!.name),
        );
      }
      return recipeAnswer(query, recipes[result.answer.entry]!, result.answer, catalogFigures, basis);
    },

    recipeIngredients(name: string): DishIngredients | null {
      const recipe = recipeByName.get(name);
      return recipe === undefined ? null : catalogFigures.recipeDish(recipe);
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
      return reading.foodScore(query);
    },

    restaurantNamed(query: string): string | null {
      return reading.restaurantNamed(query);
    },

    animalsIn(query: string): string[] {
      return reading.animalsIn(query);
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
