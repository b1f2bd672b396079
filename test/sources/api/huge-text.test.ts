import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../../src/core/command.js';
import { LookupResultSchema } from '../../../src/core/result.js';
import { runCli } from '../../cli/run-cli.js';
import { fakeGreenSwappForFile, productBody, recipeBody } from '../../support/api-source-harness.js';

/**
 * An upstream may send text of any length; what reaches a reply stays short. Names are cut to the
 * length of a name people may type, sentences to a sentence's, each ending in "…" when cut.
 */

const { fake, apiSource } = await fakeGreenSwappForFile();

const HUGE_NAME = `Oat drink ${'🥛'.repeat(30_000)}`;
const HUGE_SENTENCE = `The impact is 51% lower than the average ${'x'.repeat(100_000)}`;

describe('upstream text of any length', () => {
  it('cuts a product name and its comparison sentence, keeping whole characters', async () => {
    fake.respondOnce({
      body: productBody({ product_name: HUGE_NAME, percentage_impact_difference: HUGE_SENTENCE }),
    });
    const result = await apiSource().lookupProduct('oat milk');
    expect(LookupResultSchema.safeParse(result).success).toBe(true);
    expect([...result.name]).toHaveLength(MAX_NAME_LENGTH);
    expect(result.name.startsWith('Oat drink 🥛')).toBe(true);
    expect(result.name.endsWith('🥛…')).toBe(true);
    if (result.kind !== 'product') throw new Error('expected a product');
    expect(result.comparisonText?.length).toBeLessThanOrEqual(500);
    expect(result.comparisonText?.startsWith('The impact is 51% lower')).toBe(true);
    // The sentence is still read for its figure.
    expect(result.comparison).toEqual({ percent: 51, direction: 'lower' });
  });

  it('cuts a recipe name and a verdict it cannot read', async () => {
    fake.respondOnce({
      body: recipeBody({ recipe_name: 'r'.repeat(10_000), climate_friendly: 'pending '.repeat(10_000) }),
    });
    const result = await apiSource().lookupRecipe('lasagne');
    if (result.kind !== 'recipe') throw new Error('expected a recipe');
    expect([...result.name]).toHaveLength(MAX_NAME_LENGTH);
    expect(result.climateFriendly.value).toBe('unknown');
    expect([...(result.climateFriendly.raw ?? '')].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
  });

  it('leaves text within the bounds as it is', async () => {
    fake.respondOnce({ body: productBody({ product_name: 'Oat drink, plain' }) });
    expect((await apiSource().lookupProduct('oat milk')).name).toBe('Oat drink, plain');
  });

  it('keeps carbon product short on a terminal and in --json', async () => {
    fake.respondWith(() => ({
      body: productBody({ product_name: HUGE_NAME, percentage_impact_difference: HUGE_SENTENCE }),
    }));
    const env = { CARBON_API_KEY: 'k', CARBON_API_BASE_URL: fake.url, CARBON_API_TRIAL_URL: fake.url };
    const text = await runCli(['product', 'oat milk'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout.length).toBeLessThan(2_000);
    const json = await runCli(['product', 'oat milk', '--json'], { env });
    expect(json.code).toBe(0);
    expect(json.stdout.length).toBeLessThan(3_000);
  });
});
