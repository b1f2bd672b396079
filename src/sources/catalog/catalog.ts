import { comparisonSentence, percentDifference } from '../../core/comparison.js';
import { NotFoundError } from '../../core/errors.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, productLevel, recipeLevel } from '../../core/levels.js';
import type { ProductResult, RecipeResult, SourceInfo } from '../../core/result.js';
import { type Match, Matcher, type VariantBias } from './matcher.js';
import { normaliseLookup, normaliseQuery, normaliseTokens } from './normalise.js';
import type { ProductData, ProductsFile, RecipesFile } from './schema.js';
import { Suggester } from './suggest.js';
import type { Catalog } from './types.js';

export const CATALOG_SOURCE_INFO: SourceInfo = {
  id: 'catalog',
  label: 'Built-in catalog (ADEME Agribalyse 3.2)',
  attribution: 'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0',
};

/**
 * Below this, a match is more likely wrong than right: NotFoundError with suggestions instead.
 * Set by hand on test/fixtures/product-queries.json (found and not-found queries). Checked with
 * scripts/build-data/match-report.ts on all three fixtures: 0.65 lets more wrong matches through
 * (holdout 0.9% → 2.3% wrong, 2 not-found queries matched), 0.75 wrongly rejects more (holdout
 * correct 89.0% → 85.3%, blind 95.7% → 89.8%).
 */
export const MIN_CONFIDENCE = 0.7;
/** Suggestions must at least share a meaningful word with the query (design choice, set by hand). */
const MIN_SUGGESTION_SCORE = 0.3;
const MAX_SUGGESTIONS = 3;

/** Words naming a preparation or state; a generic query means the plain, raw variant. */
const NON_DEFAULT_STATES = new Set([
  'cooked',
  'canned',
  'dried',
  'frozen',
  'powder',
  'fried',
  'roasted',
  'baked',
  'smoked',
  'breaded',
  'grilled',
  'boiled',
  'pan',
  'sauteed',
  'braised',
  'steamed',
  'microwaved',
  'rehydrated',
  'dehydrated',
  'salted',
  'flavoured',
  'puree',
  'syrup',
  'light',
  'reduced',
  'fortified',
  'plane',
  'season',
  'prepacked',
  'stuffed',
  'baby',
  'concentrate',
  'uht',
  'filled',
  'marinated',
]);
/**
 * Offered for an empty autocomplete box (by display name): common staples chosen by hand, spanning
 * milks, meats, plant proteins, grains and drinks. Not measured from usage.
 */
const POPULAR_PRODUCTS = [
  'Semi-skimmed milk',
  'Oat milk',
  'Beef mince',
  'Chicken breast',
  'Cheddar',
  'Eggs',
  'Rice',
  'Pasta',
  'Banana',
  'Potatoes',
  'Salmon',
  'Tofu',
  'Butter',
  'Coffee',
  'Tomatoes',
  'Sliced bread',
  'Avocado',
  'Soy milk',
  'Lentils',
  'Dark chocolate',
  'Beer',
  'Red wine',
  'Prawns',
  'Lamb',
  'Almond milk',
];

/**
 * Tie-breakers between variants of one food ("Broccoli, raw" over "Broccoli, frozen, cooked"): each
 * state word the query did not ask for costs STATE_PENALTY, at most MAX_STATE_PENALTY (four words), and
 * "raw" earns RAW_BONUS. Each step is below the matcher's ALIAS_BONUS (0.03), so they reorder
 * near-equal variants rather than override coverage. Set by hand with the first matcher against
 * product-queries.json; not swept.
 */
const STATE_PENALTY = 0.02;
const MAX_STATE_PENALTY = 0.08;
const RAW_BONUS = 0.015;

/**
 * "Cashew milk", "hemp drink": a query whose head is a drink word wants a drink. A name with none of
 * these words (the nut, the grain) is a different food, however well the rest matches.
 */
const DRINK_HEADS = new Set(['milk', 'drink', 'beverage', 'mylk']);
const DRINK_WORDS = new Set([
  'milk',
  'drink',
  'beverage',
  'juice',
  'nectar',
  'smoothie',
  'milkshake',
  'shake',
  'latte',
  'coffee',
  'tea',
  'water',
  'cream',
  'cola',
  'lemonade',
  'soda',
  'syrup',
]);
/** Set by hand with match-report.ts on product-queries-blind.json, as are RANGE_BONUS and RANGE_PENALTY. */
const NOT_A_DRINK_PENALTY = 0.25;
/**
 * Percentages in names are often ranges ("less than 70% cocoa", "more than 70% cocoa"): a query's
 * "85%" or "70%" picks the range it falls in. Set by hand on product-queries-blind.json (see above).
 */
const RANGE_BONUS = 0.06;
const RANGE_PENALTY = 0.2;

function percentages(tokens: Iterable<string>): number[] {
  const values: number[] = [];
  for (const token of tokens) {
    const match = /^(\d+(?:\.\d+)?)%$/.exec(token);
    if (match !== null) values.push(Number(match[1]));
  }
  return values;
}

interface PercentRange {
  side: 'less' | 'more';
  bound: number;
}

/** "Dark chocolate bar, less than 70% cocoa" → less than 70. */
function percentRange(name: string): PercentRange | null {
  const tokens = normaliseTokens(name);
  const at = tokens.indexOf('than');
  const side = tokens[at - 1];
  const bound = at > 0 ? percentages([tokens[at + 1] ?? ''])[0] : undefined;
  if (bound === undefined || (side !== 'less' && side !== 'more')) return null;
  return { side, bound };
}

/** `asked`: the query's percentages, worked out once per lookup. */
function rangeBias(range: PercentRange | null, asked: readonly number[]): number {
  if (range === null) return 0;
  if (asked.length === 0) return 0;
  const inside = asked.some((value) => (range.side === 'less' ? value < range.bound : value >= range.bound));
  return inside ? RANGE_BONUS : -RANGE_PENALTY;
}

/** Product scoring preferences for entries with these main names (in the matcher's order). */
function productBias(names: readonly string[]): VariantBias {
  const ranges = names.map(percentRange);
  return (query, queryHead) => {
    // Per lookup: what the query asks for. Per candidate name: the closure below.
    const asked = percentages(query);
    const askedCooked = query.has('cooked');
    const wantsDrink = queryHead !== undefined && DRINK_HEADS.has(queryHead);
    return (entry, tokens) => {
      let penalty = 0;
      for (const token of tokens)
        if (NON_DEFAULT_STATES.has(token) && !query.has(token)) penalty += STATE_PENALTY;
      const raw = tokens.includes('raw') && !askedCooked ? RAW_BONUS : 0;
      const notADrink =
        wantsDrink && !tokens.some((token) => DRINK_WORDS.has(token)) ? NOT_A_DRINK_PENALTY : 0;
      return raw - Math.min(penalty, MAX_STATE_PENALTY) - notADrink + rangeBias(ranges[entry] ?? null, asked);
    };
  };
}

function round(value: number, significant = 3): number {
  return value === 0 ? 0 : Number(value.toPrecision(significant));
}

export function createCatalog(productsFile: ProductsFile, recipesFile: RecipesFile): Catalog {
  const { products, categories, milkReference } = productsFile;
  const { recipes } = recipesFile;
  const byCode = new Map(products.map((product) => [product.code, product]));
  const productMatcher = new Matcher(
    products.map((product) => ({ names: [product.name, ...product.aliases] })),
    productBias(products.map((product) => product.name)),
  );
  const milkIndexes = products.flatMap((product, index) => (product.trialMilk ? [index] : []));
  const milkMatcher = new Matcher(
    milkIndexes.map((index) => ({ names: [products[index]!.name, ...products[index]!.aliases] })),
    productBias(milkIndexes.map((index) => products[index]!.name)),
  );
  // A recipe's own name is as certain as an alias: confidence 1 for "Dal" as for "lasagne".
  const recipeMatcher = new Matcher(
    recipes.map((recipe) => ({ names: [recipe.name, ...recipe.aliases] })),
    undefined,
    { exactNameScore: 1 },
  );
  const suggester = new Suggester(
    products.map((product) => ({ display: product.display, aliases: product.aliases })),
    recipes.map((recipe) => ({ display: recipe.name, aliases: recipe.aliases })),
    POPULAR_PRODUCTS.filter((name) => products.some((product) => product.display === name)),
  );

  /**
   * Names of the plausible matches, best first, except that names showing one of the query's words come
   * before names matched only through an alias: for "beef wellington", "Roast beef" before "Burrito".
   */
  function suggestionsFrom(
    matches: Match[],
    name: (index: number) => string,
    queryTokens: readonly string[] = [],
  ): string[] {
    const words = new Set(queryTokens);
    const names = matches
      .filter((match) => match.score >= MIN_SUGGESTION_SCORE)
      .map((match) => name(match.index));
    const shows = (display: string) => normaliseTokens(display).some((token) => words.has(token));
    const ordered = [...names.filter(shows), ...names.filter((display) => !shows(display))];
    return [...new Set(ordered)].slice(0, MAX_SUGGESTIONS);
  }

  function displayQuery(query: string): string {
    return query.replace(/\s+/g, ' ').trim();
  }

  function bestProduct(query: string): { product: ProductData; confidence: number } {
    // Normalised once: the matcher and the suggestions share the tokens.
    const normalised = normaliseLookup(query);
    const matches = productMatcher.searchNormalised(normalised, 6);
    const best = matches[0];
    if (best === undefined || best.score < MIN_CONFIDENCE) {
      throw new NotFoundError(
        'product',
        displayQuery(query),
        suggestionsFrom(matches, (index) => products[index]!.display, normalised.tokens),
      );
    }
    return { product: products[best.index]!, confidence: round(best.score, 2) };
  }

  function productResult(query: string, product: ProductData, confidence: number): ProductResult {
    const category = categories[product.category]!;
    const comparison = percentDifference(product.kgCo2ePerKg, category.meanKgCo2ePerKg);
    const reference = `the average product in "${category.name}" (mean of ${category.count} products, per kg)`;
    const swapProduct = product.swap === null ? undefined : byCode.get(product.swap);
    return {
      kind: 'product',
      query: displayQuery(query),
      name: product.name,
      kgCo2ePerUnit: product.kgCo2ePerUnit,
      unit: product.unit,
      comparisonText: comparisonSentence(comparison, reference),
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
      confidence,
      status: null,
      notes: [...product.notes],
      source: CATALOG_SOURCE_INFO,
    };
  }

  return {
    stats: { products: products.length, recipes: recipes.length, categories: categories.length },

    findProduct(query: string): ProductResult {
      const { product, confidence } = bestProduct(query);
      return productResult(query, product, confidence);
    },

    findTrialMilk(query: string): ProductResult {
      const tokens = normaliseQuery(query);
      // Anything that is clearly some other food is out of scope, not "not found".
      const overall = productMatcher.searchTokens(tokens, 1)[0];
      const milk = milkMatcher.searchTokens(tokens, MAX_SUGGESTIONS + 1);
      const bestMilk = milk[0];
      const overallProduct = overall === undefined ? undefined : products[overall.index];
      const milkWins =
        bestMilk !== undefined &&
        bestMilk.score >= MIN_CONFIDENCE &&
        (overallProduct?.trialMilk === true ||
          overall === undefined ||
          bestMilk.score >= overall.score - 0.02);
      if (!milkWins) {
        if (overall !== undefined && overall.score >= MIN_CONFIDENCE) {
          throw new NotFoundError('product', displayQuery(query), [], 'trial_milk_only');
        }
        throw new NotFoundError(
          'product',
          displayQuery(query),
          suggestionsFrom(milk, (index) => products[milkIndexes[index]!]!.display),
        );
      }
      const product = products[milkIndexes[bestMilk.index]!]!;
      // Per litre against the world-average cow's milk (Poore & Nemecek 2018 via OWID, × 1.03 kg/L).
      const comparison = percentDifference(product.kgCo2ePerUnit, milkReference.kgCo2ePerL);
      const reference = `the ${milkReference.name} (${milkReference.kgCo2ePerL} kg CO2e per litre; ${milkReference.citation})`;
      return {
        ...productResult(query, product, round(bestMilk.score, 2)),
        comparisonText: comparisonSentence(comparison, reference),
        comparison,
      };
    },

    findRecipe(query: string): RecipeResult {
      const normalised = normaliseLookup(query);
      const matches = recipeMatcher.searchNormalised(normalised, 6);
      const best = matches[0];
      if (best === undefined || best.score < MIN_CONFIDENCE) {
        throw new NotFoundError(
          'recipe',
          displayQuery(query),
          suggestionsFrom(matches, (index) => recipes[index]!.name, normalised.tokens),
        );
      }
      const recipe = recipes[best.index]!;
      return {
        kind: 'recipe',
        query: displayQuery(query),
        name: recipe.name,
        kgCo2ePerServing: recipe.kgCo2ePerServing,
        climateFriendly: {
          value: recipe.kgCo2ePerServing <= CLIMATE_FRIENDLY_MAX_KG_PER_SERVING ? 'yes' : 'no',
          raw: null,
        },
        thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
        level: recipeLevel(recipe.kgCo2ePerServing),
        contributors: recipe.contributors.map((contributor) => ({
          name: contributor.name,
          grams: contributor.grams,
          kgCo2e: contributor.kgCo2e,
          share: contributor.share,
        })),
        confidence: round(best.score, 2),
        status: null,
        notes: [],
        source: CATALOG_SOURCE_INFO,
      };
    },

    suggest(kind, prefix, limit) {
      return suggester.suggest(kind, prefix, limit);
    },
  };
}
