import type { ProductResult, RecipeResult } from '../core/result.js';
import { FOUND, type ServedProductBody, type ServedRecipeBody } from './schemas.js';

/** Maps the core result model onto the wire shape of the lookup API (snake_case, spec field names). */
export function productBody(result: ProductResult): ServedProductBody {
  return {
    product_name: result.name,
    kg_co2_per_kg: result.kgCo2ePerUnit,
    percentage_impact_difference: result.comparisonText,
    status: FOUND,
    query: result.query,
    unit: result.unit,
    category: result.category,
    level: result.level,
    comparison: result.comparison,
    swap:
      result.swap === null
        ? null
        : {
            name: result.swap.name,
            kg_co2_per_kg: result.swap.kgCo2ePerUnit,
            unit: result.swap.unit,
            percent_lower: result.swap.percentLower,
          },
    confidence: result.confidence,
    notes: result.notes,
    source: { label: result.source.label, attribution: result.source.attribution ?? null },
    sources: result.sources ?? [],
  };
}

/** How a recipe body's dish was taken (its `taken_as` and `how_taken`). */
export interface Taken {
  takenAs: ServedRecipeBody['taken_as'];
  how: string | null;
}

export function recipeBody(result: RecipeResult, taken: Taken): ServedRecipeBody {
  return {
    recipe_name: result.name,
    kg_co2_per_kg: result.kgCo2ePerServing,
    // The result's own verdict (core/verdict.ts), the same every surface shows.
    climate_friendly: result.climateFriendly.value,
    status: FOUND,
    query: result.query,
    unit: 'serving',
    threshold_kg_co2_per_serving: result.thresholdKgPerServing,
    level: result.level,
    contributors: result.contributors.map((contributor) => ({
      name: contributor.name,
      grams: contributor.grams,
      kg_co2: contributor.kgCo2e,
      share: contributor.share,
    })),
    confidence: result.confidence,
    notes: result.notes,
    source: { label: result.source.label, attribution: result.source.attribution ?? null },
    sources: result.sources ?? [],
    taken_as: taken.takenAs,
    how_taken: taken.how,
  };
}
