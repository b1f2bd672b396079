import { describe, expect, it } from 'vitest';
import type { IngredientListResult } from '../../src/core/result.js';
import { renderText } from '../../src/render/text.js';

const result: IngredientListResult = {
  kind: 'recipe',
  query: '200g lentils, 1 can coconut milk, a pinch of salt',
  name: 'Your recipe (3 ingredients)',
  kgCo2ePerServing: 0.116,
  climateFriendly: { value: 'unknown', raw: null },
  thresholdKgPerServing: 0.5,
  level: 'low',
  contributors: [{ name: 'Lentils', grams: 200, kgCo2e: 0.116, share: 1 }],
  confidence: null,
  status: null,
  notes: ['Incomplete: only 50% of the weight was understood, so the real figure is higher.'],
  source: { id: 'catalog', label: 'Built-in catalog' },
  ingredientList: {
    servings: 1,
    servingsStated: false,
    understoodShare: 0.5,
    incomplete: true,
    lines: [
      { text: '200g lentils', status: 'counted', grams: 200, food: 'Lentils', kgCo2e: 0.116, note: null },
      {
        text: '1 can coconut milk',
        status: 'skipped',
        grams: null,
        food: 'Coconut milk',
        kgCo2e: null,
        note: 'the size of the can is not given',
      },
      {
        text: 'a pinch of salt\u001b[31m',
        status: 'negligible',
        grams: 0,
        food: null,
        kgCo2e: 0,
        note: 'too little to count',
      },
    ],
  },
};

describe('renderText: an ingredient list', () => {
  const text = renderText({ type: 'result', result });

  it('shows the figure, the verdict and every line with its grams and food', () => {
    expect(text).toContain('0.116 kg CO2e per serving · low ▮▯▯');
    expect(text).toContain(
      'Climate verdict unknown: 0.116 kg so far is within the 0.5 kg CO2e budget per serving (WWF One Planet Plate), but part of the recipe was not understood, so the real figure may be over it.',
    );
    expect(text).toContain('  - 200g lentils: 200 g as Lentils, 0.116 kg CO2e');
    expect(text).toContain('  ~ a pinch of salt');
  });

  it('lists skipped lines apart, with the reason, and the incomplete note', () => {
    expect(text).toMatch(
      /Skipped \(not in the figure\):\n {2}x 1 can coconut milk \(read as Coconut milk\): the size of the can is not given/,
    );
    expect(text).toContain('Note: Incomplete: only 50%');
  });

  it('removes control characters a user typed', () => {
    expect(text).not.toContain('\u001b');
  });
});
