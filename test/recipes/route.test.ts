import { describe, expect, it } from 'vitest';
import { IngredientListResultSchema } from '../../src/core/result.js';
import { runCli } from '../cli/run-cli.js';

/**
 * `carbon recipe <text>` routes a text stating an amount of a food to the list computer, however short
 * (issue #19, an outside probe: "500g beef, serves 4" was answered as the dish "Beef dinner" and
 * "1e308 g beef, serves 4" as "Mixed plate with g beef serves"), so the amount is counted or refused.
 */
describe('carbon recipe <one amount>', () => {
  const env = { env: { CARBON_SOURCE: 'catalog' } };

  it('counts the amount of a one-line list and divides by its servings', async () => {
    const run = await runCli(['recipe', '500g beef, serves 4', '--json'], env);
    expect(run.code).toBe(0);
    const result = IngredientListResultSchema.parse(JSON.parse(run.stdout));
    expect(result.ingredientList.servings).toBe(4);
    expect(result.ingredientList.lines.map((line) => line.grams)).toEqual([500]);
  });

  it.each([
    ['500000 kg beef, serves 4', /more than the 100 kg a line can hold/],
    ['1e308 g beef, serves 4', /more than the 100 kg a line can hold/],
    ['500g beef, 1 onion, serves -3', /is no servings/],
    ['500g beef, 1 onion, serves 99999999999999999999', /more than 100 servings/],
  ])('refuses "%s" clearly', async (text, reason) => {
    const run = await runCli(['recipe', text, '--json'], env);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stderr) as { error: { code: string; text: string } };
    expect(error.code).toBe('invalid_input');
    expect(error.text).toMatch(reason);
  });
});
