import { describe, expect, it } from 'vitest';
import { ComparisonSchema, LevelSchema, UnitSchema } from '../../src/core/result.js';
import { ProductBodySchema, RecipeBodySchema, SwapBodySchema } from '../../src/service/schemas.js';

describe('service body schemas', () => {
  it('reuse the core result model for unit, level and comparison instead of restating them', () => {
    expect(ProductBodySchema.shape.unit).toBe(UnitSchema);
    expect(SwapBodySchema.shape.unit).toBe(UnitSchema);
    expect(ProductBodySchema.shape.level).toBe(LevelSchema);
    expect(RecipeBodySchema.shape.level).toBe(LevelSchema);
    expect(ProductBodySchema.shape.comparison.unwrap()).toBe(ComparisonSchema);
  });
});
