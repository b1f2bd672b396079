import { describe, expect, it } from 'vitest';
import { MAX_CONTRIBUTORS, resultView, SHOW_CONFIDENCE_BELOW } from '../../src/core/view.js';
import { sampleProduct, sampleRecipe } from '../support/sample-results.js';

describe('resultView', () => {
  it('shows only confidences below the threshold, never a missing one', () => {
    expect(SHOW_CONFIDENCE_BELOW).toBe(0.9);
    const shown = (confidence: number | null) => resultView(sampleProduct({ confidence })).confidence;
    expect(shown(0.7)).toBe(0.7);
    expect(shown(0.89)).toBe(0.89);
    for (const sure of [0.9, 0.98, 1, null]) expect(shown(sure)).toBeNull();
  });

  it('orders contributors largest first, keeps five and counts the rest', () => {
    const contributors = [0.1, 0.9, 0.3, 0.5, 0.2, 0.8, 0.4].map((kgCo2e, index) => ({
      name: `i${index}`,
      grams: null,
      kgCo2e,
      share: kgCo2e / 3.2,
    }));
    const view = resultView(sampleRecipe({ contributors }));
    expect(view.contributors.map((each) => each.kgCo2e)).toEqual([0.9, 0.8, 0.5, 0.4, 0.3]);
    expect(view.contributors).toHaveLength(MAX_CONTRIBUTORS);
    expect(view.moreContributors).toBe(2);
  });

  it('credits the source without a doubled "Source:" and names the query only when it differs', () => {
    const base = sampleProduct({
      query: 'Oat  MILK',
      name: 'Oat milk',
      source: { id: 'catalog', label: 'Built-in catalog', attribution: ' Source: ADEME ' },
    });
    expect(resultView(base).source).toEqual({ label: 'Built-in catalog', attribution: 'ADEME' });
    expect(resultView(base).askedFor).toBeNull();
    expect(resultView({ ...base, query: 'oatmilk' }).askedFor).toBe('oatmilk');
  });

  it('gives a product its unit and swap, and a recipe its verdict per serving', () => {
    const product = resultView(sampleProduct({ unit: 'L' }));
    expect(product.unit).toBe('L');
    expect(product.verdict).toBeNull();
    const recipe = resultView(sampleRecipe({ climateFriendly: { value: 'yes', raw: null } }));
    expect(recipe.unit).toBe('serving');
    expect(recipe.verdict).toMatchObject({ value: 'yes' });
    expect(recipe.swap).toBeNull();
  });
});
