import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import type { Block } from '../../src/render/slack.js';
import { textObjects } from '../adapters/slack/block-kit.js';
import { sampleProduct, sampleRecipe } from '../support/sample-results.js';

/** The results the Slack renderer tests lay out: a cheese and a beef lasagne, with a source credit. */
export const SOURCE = {
  id: 'catalog',
  label: 'ADEME Agribalyse 3.2',
  attribution: 'Agribalyse 3.2, ADEME, Etalab licence',
} as const;

export const product = (overrides: Partial<ProductResult> = {}): ProductResult =>
  sampleProduct({
    query: 'cheddar',
    name: 'Cheddar cheese',
    kgCo2ePerUnit: 8.456,
    unit: 'kg',
    comparisonText:
      'The impact is 32% higher than the average product in “Cheeses” (mean of 40 items, per kg).',
    comparison: { percent: 32, direction: 'higher' },
    category: 'Cheeses',
    level: 'high',
    swap: { name: 'Tofu', kgCo2ePerUnit: 1.2, unit: 'kg', percentLower: 85.8 },
    confidence: 0.95,
    source: SOURCE,
    ...overrides,
  });

export const recipe = (overrides: Partial<RecipeResult> = {}): RecipeResult =>
  sampleRecipe({
    name: 'Beef lasagne',
    kgCo2ePerServing: 2.31,
    climateFriendly: { value: 'no', raw: null },
    level: 'high',
    contributors: [
      { name: 'Beef mince', grams: 125, kgCo2e: 1.6, share: 0.69 },
      { name: 'Cheese', grams: 40, kgCo2e: 0.35, share: 0.15 },
      { name: 'Pasta', grams: 80, kgCo2e: 0.1, share: 0.04 },
    ],
    notes: ['Per serving of 350 g.'],
    source: SOURCE,
    ...overrides,
  });

/** Every text a card shows, its fallback text included. */
export const allText = (card: { text: string; blocks: Block[] }): string =>
  [card.text, ...textObjects(card.blocks).map(({ object }) => object.text)].join('\n');
