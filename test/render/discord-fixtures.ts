import { expect } from 'vitest';
import type { ProductResult, RecipeResult } from '../../src/core/result.js';
import {
  CONTENT_LIMIT,
  type DiscordEmbed,
  type DiscordMessage,
  EMBED_LIMITS,
  embedLength,
} from '../../src/render/discord.js';
import { sampleProduct, sampleRecipe } from '../support/sample-results.js';

/** The results the Discord renderer tests lay out: an oat drink and a beef lasagne, with a source credit. */
const SOURCE = {
  id: 'catalog' as const,
  label: 'Built-in catalog (ADEME Agribalyse 3.2)',
  attribution: 'Source: ADEME, AGRIBALYSE® v3.2 (2024), Licence Ouverte 2.0',
};

export const product = (overrides: Partial<ProductResult> = {}): ProductResult =>
  sampleProduct({
    name: 'Oat-based drink, plain, prepacked',
    kgCo2ePerUnit: 0.566,
    comparisonText: 'The impact is 51% lower than the average product in "Non-alcoholic beverages".',
    comparison: { percent: 51, direction: 'lower' },
    category: 'Non-alcoholic beverages',
    swap: { name: 'Almond milk', kgCo2ePerUnit: 0.381, unit: 'L', percentLower: 33 },
    confidence: 1,
    notes: ['Per litre, assuming 1 kg/L.'],
    source: SOURCE,
    ...overrides,
  });

export const recipe = (overrides: Partial<RecipeResult> = {}): RecipeResult =>
  sampleRecipe({
    kgCo2ePerServing: 4.451,
    climateFriendly: { value: 'no', raw: null },
    level: 'high',
    contributors: [
      { name: 'beef mince', grams: 100, kgCo2e: 3.57, share: 0.802 },
      { name: 'lasagne sheets', grams: 80, kgCo2e: 0.1584, share: 0.0356 },
    ],
    source: SOURCE,
    ...overrides,
  });

/** Every Discord limit, checked on a whole message. */
export function expectWithinLimits(message: DiscordMessage): void {
  expect(message.allowed_mentions).toEqual({ parse: [] });
  expect(message.embeds.length).toBeLessThanOrEqual(10);
  if (message.content !== undefined) expect(message.content.length).toBeLessThanOrEqual(CONTENT_LIMIT);
  let total = 0;
  for (const embed of message.embeds) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.title);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.footer);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeGreaterThan(0);
      expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    }
    total += embedLength(embed);
  }
  expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
  for (const row of message.components) {
    for (const button of row.components) expect(button.custom_id.length).toBeLessThanOrEqual(100);
  }
}

/** Every text an embed shows, one per line. */
export function allText(embed: DiscordEmbed): string {
  return [
    embed.title,
    embed.description,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text,
  ].join('\n');
}
