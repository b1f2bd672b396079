import { parseComparison } from '../../core/comparison.js';
import { BadResponseError, NotFoundError } from '../../core/errors.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING, productLevel, recipeLevel } from '../../core/levels.js';
import type { ProductResult, RecipeResult, SourceInfo } from '../../core/result.js';
import { drinkDensity, isDrink } from './drinks.js';
import { interpretClimateFriendly, statusMeansNotFound } from './interpret.js';
import { describeIssues, UpstreamProductBodySchema, UpstreamRecipeBodySchema } from './schemas.js';

export const API_SOURCE_INFO: SourceInfo = { id: 'api', label: 'GreenSwapp API' };

/** Which product operation answered: they differ in unit and comparison baseline (spec). */
export type ProductEndpoint = 'impact' | 'trial';

export const TRIAL_MILK_CATEGORY = 'Milk (world average)';

/** A name that mentions milk is in the trial's scope, so its absence there is a plain "not found". */
const MILK_WORDS = /\b(?:milk|milks|drink|dairy|kefir)\b/i;

/**
 * A 200 whose status says nothing matched is a not-found, whatever else the body holds (such
 * bodies often lack the figures).
 */
function throwIfStatusSaysNotFound(body: unknown, error: () => NotFoundError): void {
  if (typeof body !== 'object' || body === null) return;
  const status = (body as { status?: unknown }).status;
  if (typeof status === 'string' && statusMeansNotFound(status)) throw error();
}

/** Not-found from the milk-only trial, marked out of scope when the name is not a milk at all. */
export function productNotFound(
  endpoint: ProductEndpoint,
  query: string,
  suggestions: readonly string[] = [],
): NotFoundError {
  const outOfScope = endpoint === 'trial' && !MILK_WORDS.test(query) ? 'trial_milk_only' : undefined;
  return new NotFoundError('product', query, suggestions, outOfScope);
}

export function toProductResult(body: unknown, query: string, endpoint: ProductEndpoint): ProductResult {
  throwIfStatusSaysNotFound(body, () => productNotFound(endpoint, query));
  const parsed = UpstreamProductBodySchema.safeParse(body);
  if (!parsed.success) {
    throw new BadResponseError(`product body: ${describeIssues(parsed.error)}`, { cause: parsed.error });
  }
  const data = parsed.data;
  const name = data.product_name.trim() || query;
  const kg = data.kg_co2_per_kg;
  // The trial serves milks per litre; the full API reports liquids per litre too (spec).
  const unit = endpoint === 'trial' || isDrink(name, query) ? 'L' : 'kg';
  return {
    kind: 'product',
    query,
    name,
    kgCo2ePerUnit: kg,
    unit,
    comparisonText: data.percentage_impact_difference,
    comparison: parseComparison(data.percentage_impact_difference),
    category: endpoint === 'trial' ? TRIAL_MILK_CATEGORY : null,
    level: productLevel(unit === 'L' ? kg / drinkDensity(endpoint === 'trial' ? 'milk' : name) : kg),
    swap: null,
    confidence: null,
    status: data.status,
    notes: [],
    source: API_SOURCE_INFO,
  };
}

export function toRecipeResult(body: unknown, query: string): RecipeResult {
  throwIfStatusSaysNotFound(body, () => new NotFoundError('recipe', query));
  const parsed = UpstreamRecipeBodySchema.safeParse(body);
  if (!parsed.success) {
    throw new BadResponseError(`recipe body: ${describeIssues(parsed.error)}`, { cause: parsed.error });
  }
  const data = parsed.data;
  const kg = data.kg_co2_per_kg;
  return {
    kind: 'recipe',
    query,
    name: data.recipe_name.trim() || query,
    kgCo2ePerServing: kg,
    // The API's own verdict, even when unreadable: the level below still reflects the number.
    climateFriendly: interpretClimateFriendly(data.climate_friendly),
    thresholdKgPerServing: CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
    level: recipeLevel(kg),
    contributors: [],
    confidence: null,
    status: data.status,
    notes: [],
    source: API_SOURCE_INFO,
  };
}
