import { describe, expect, it } from 'vitest';
import { IngredientListResultSchema } from '../../src/core/result.js';
import { startFakeGreenSwapp } from '../support/fake-greenswapp.js';
import { runCli } from './run-cli.js';

const LIST =
  '500g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, 2 tbsp olive oil, serves 4';

describe('carbon recipe <ingredient list>', () => {
  it('computes a list given as one argument, with every line in the answer', async () => {
    const run = await runCli(['recipe', LIST], { env: { CARBON_SOURCE: 'catalog' } });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Your recipe \(5 ingredients\)\n[\d.]+ kg CO2e per serving · high/);
    expect(run.stdout).toContain('Not climate-friendly: over the 0.5 kg CO2e budget per serving');
    expect(run.stdout).toContain('1 onion: 148 g as Onion');
    expect(run.stdout).toContain('Servings: 4');
  });

  it('computes a list given as unquoted words too', async () => {
    const run = await runCli(['recipe', ...'2 eggs, 1 slice bread, 10g butter'.split(' ')], {
      env: { CARBON_SOURCE: 'catalog' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('whole list is taken as one serving');
  });

  it('--json prints the result model with kgCo2ePerServing, climateFriendly and every line', async () => {
    const run = await runCli(['recipe', LIST, '--json'], { env: { CARBON_SOURCE: 'catalog' } });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const result = IngredientListResultSchema.parse(JSON.parse(run.stdout));
    expect(result.kgCo2ePerServing).toBeGreaterThan(0.5);
    expect(result.climateFriendly.value).toBe('no');
    expect(result.ingredientList.lines).toHaveLength(5);
    expect(result.ingredientList.servings).toBe(4);
  });

  it('answers a text that is not a recipe with a message and an example, exit 2', async () => {
    const run = await runCli(['recipe', '3 chairs, 2 tables, 1 lamp', '--json'], {
      env: { CARBON_SOURCE: 'catalog' },
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const { error } = JSON.parse(run.stderr) as { error: { code: string; hint: string } };
    expect(error.code).toBe('not_a_recipe');
    expect(error.hint).toContain('carbon recipe 500g beef mince');
  });

  it('computes lists from the built-in catalog while dish names go to the selected API', async () => {
    const fake = await startFakeGreenSwapp();
    try {
      const env = { CARBON_SOURCE: 'api', CARBON_API_KEY: 'k-test', CARBON_API_TRIAL_URL: fake.url };
      const list = await runCli(['recipe', LIST, '--json'], { env });
      expect(list.code).toBe(0);
      expect(JSON.parse(list.stdout).source.id).toBe('catalog');
      expect(fake.requests).toHaveLength(0);
      fake.setRecipe('lasagne');
      const name = await runCli(['recipe', 'lasagne', '--json'], { env });
      expect(JSON.parse(name.stdout).source.id).toBe('api');
      expect(fake.requests).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
