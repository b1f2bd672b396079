import { describe, expect, it } from 'vitest';
import { ComparisonSchema, LevelSchema, UnitSchema } from '../../src/core/result.js';
import {
  ServedProductBodySchema,
  ServedRecipeBodySchema,
  SwapBodySchema,
} from '../../src/service/schemas.js';
import { ProductBodySchema, RecipeBodySchema } from '../../src/sources/api/schemas.js';

describe('service body schemas', () => {
  it('reuse the core result model for unit, level and comparison instead of restating them', () => {
    expect(ServedProductBodySchema.shape.unit).toBe(UnitSchema);
    expect(SwapBodySchema.shape.unit).toBe(UnitSchema);
    expect(ServedProductBodySchema.shape.level).toBe(LevelSchema);
    expect(ServedRecipeBodySchema.shape.level).toBe(LevelSchema);
    expect(ServedProductBodySchema.shape.comparison.unwrap()).toBe(ComparisonSchema);
  });

  it('extend the one definition of the spec fields that the API client reads with', () => {
    for (const field of ['product_name', 'kg_co2_per_kg', 'percentage_impact_difference'] as const) {
      expect(ServedProductBodySchema.shape[field]).toBe(ProductBodySchema.shape[field]);
    }
    for (const field of ['recipe_name', 'kg_co2_per_kg'] as const) {
      expect(ServedRecipeBodySchema.shape[field]).toBe(RecipeBodySchema.shape[field]);
    }
  });
});
