import { describe, expect, it } from 'vitest';
import {
  AVERAGE_MEAL_KG_PER_SERVING,
  CLIMATE_FRIENDLY_MAX_KG_PER_SERVING,
  PRODUCT_LOW_MAX_KG_PER_KG,
  PRODUCT_MEDIUM_MAX_KG_PER_KG,
  productLevel,
  recipeLevel,
} from '../../src/core/levels.js';

describe('recipeLevel', () => {
  it('calls the 0.5 kg budget itself low, and the average meal high', () => {
    expect(CLIMATE_FRIENDLY_MAX_KG_PER_SERVING).toBe(0.5);
    expect(recipeLevel(0)).toBe('low');
    expect(recipeLevel(0.5)).toBe('low');
    expect(recipeLevel(0.51)).toBe('medium');
    expect(recipeLevel(AVERAGE_MEAL_KG_PER_SERVING - 0.01)).toBe('medium');
    expect(recipeLevel(AVERAGE_MEAL_KG_PER_SERVING)).toBe('high');
    expect(recipeLevel(12)).toBe('high');
  });
});

describe('productLevel', () => {
  it('uses the tercile bounds exclusively', () => {
    expect(productLevel(0.2)).toBe('low');
    expect(productLevel(PRODUCT_LOW_MAX_KG_PER_KG - 0.001)).toBe('low');
    expect(productLevel(PRODUCT_LOW_MAX_KG_PER_KG)).toBe('medium');
    expect(productLevel(PRODUCT_MEDIUM_MAX_KG_PER_KG - 0.001)).toBe('medium');
    expect(productLevel(PRODUCT_MEDIUM_MAX_KG_PER_KG)).toBe('high');
    expect(productLevel(60)).toBe('high');
  });
});
