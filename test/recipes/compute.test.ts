import { describe, expect, it } from 'vitest';
import { InvalidRecipeListError, NotARecipeError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';
import { IngredientListResultSchema } from '../../src/core/result.js';
import { computeIngredientList, INCOMPLETE_BELOW } from '../../src/recipes/compute.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';

const catalog = loadCatalog();
const portions = loadPortionTable();
const compute = (text: string) => computeIngredientList(text, catalog, portions);

function line(result: ReturnType<typeof compute>, text: string) {
  const found = result.ingredientList.lines.find((entry) => entry.text === text);
  if (found === undefined) throw new Error(`no line ${text}`);
  return found;
}

describe('computeIngredientList', () => {
  const bolognese = compute(
    '500g beef mince, 400g spaghetti, 1 onion, 2 x 400g tins chopped tomatoes, 2 tbsp olive oil, serves 4',
  );

  it('gives a result the schema accepts, keeping kgCo2ePerServing and climateFriendly', () => {
    expect(IngredientListResultSchema.safeParse(bolognese).success).toBe(true);
    expect(bolognese.kind).toBe('recipe');
    expect(bolognese.thresholdKgPerServing).toBe(0.5);
  });

  it('sums each line from its grams and its catalog food, divided by the servings', () => {
    const beef = catalog.matchFood('beef mince')!;
    expect(line(bolognese, '500g beef mince')).toMatchObject({
      status: 'counted',
      grams: 500,
      food: beef.name,
    });
    const total = bolognese.ingredientList.lines.reduce((sum, entry) => sum + (entry.kgCo2e ?? 0), 0);
    expect(bolognese.kgCo2ePerServing).toBeCloseTo(total / 4, 2);
    expect(bolognese.kgCo2ePerServing).toBeGreaterThan((0.5 * beef.kgCo2ePerKg) / 4);
    expect(bolognese.climateFriendly.value).toBe('no');
    expect(bolognese.level).toBe('high');
  });

  it('weighs whole things with FNDDS portions and volumes with FNDDS cups and spoons', () => {
    expect(line(bolognese, '1 onion').grams).toBe(148);
    expect(line(bolognese, '1 onion').note).toContain('USDA FNDDS');
    expect(line(bolognese, '2 tbsp olive oil').grams).toBe(28);
    expect(line(bolognese, '2 x 400g tins chopped tomatoes').grams).toBe(800);
  });

  it('falls back to the catalog density for liquids FNDDS does not weigh, and says when it assumes water', () => {
    const result = compute('250 ml oat milk, 1 tbsp balsamic vinegar glaze');
    const oat = line(result, '250 ml oat milk');
    expect(oat.status).toBe('counted');
    expect(oat.grams).toBeGreaterThan(240);
    expect(line(result, '1 tbsp balsamic vinegar glaze').note).toContain('assumed 1 g per mL');
  });

  it('lists contributors per serving, largest first', () => {
    const kg = bolognese.contributors.map((contributor) => contributor.kgCo2e);
    expect(kg).toEqual([...kg].sort((a, b) => b - a));
    expect(bolognese.contributors[0]!.grams).toBe(125);
  });

  it('takes the whole list as one serving when none is stated, and says so', () => {
    const result = compute('2 eggs, 1 slice bread, 10g butter');
    expect(result.ingredientList).toMatchObject({ servings: 1, servingsStated: false });
    expect(result.notes.join(' ')).toContain('whole list is taken as one serving');
    const halved = compute('2 eggs, 1 slice bread, 10g butter, for 2');
    expect(halved.kgCo2ePerServing).toBeCloseTo(result.kgCo2ePerServing / 2, 2);
  });

  it('counts a pinch as negligible without making the figure incomplete', () => {
    const result = compute('200g rice, 1 onion, a pinch of salt, black pepper to taste');
    expect(line(result, 'a pinch of salt').status).toBe('negligible');
    expect(result.ingredientList.incomplete).toBe(false);
    expect(result.climateFriendly.value).not.toBe('unknown');
  });

  it('lists what it cannot read as skipped and calls the figure incomplete below 90% of the weight', () => {
    const result = compute('200g lentils, 1 carton oat milk, 300g zorblax, 1 onion, for 2');
    expect(line(result, '1 carton oat milk')).toMatchObject({ status: 'skipped', grams: null });
    expect(line(result, '1 carton oat milk').note).toContain('no typical size of a carton of "oat milk"');
    expect(line(result, '300g zorblax')).toMatchObject({ status: 'skipped', grams: 300, food: null });
    expect(result.ingredientList.understoodShare).toBeLessThan(INCOMPLETE_BELOW);
    expect(result.ingredientList.incomplete).toBe(true);
    expect(result.notes.join(' ')).toContain('Incomplete');
    // Under the budget but incomplete: the verdict cannot be given.
    expect(result.climateFriendly.value).toBe('unknown');
  });

  it('still says "no" when an incomplete figure is already over the budget', () => {
    const result = compute('400g beef steak, 300g zorblax, 200g blorf, serves 1');
    expect(result.ingredientList.incomplete).toBe(true);
    expect(result.climateFriendly.value).toBe('no');
  });

  it('is complete when one small line of several is skipped', () => {
    const result = compute('500g potatoes, 400g carrots, 300g leeks, 5g zorblax');
    expect(result.ingredientList.incomplete).toBe(false);
    expect(result.ingredientList.lines.filter((entry) => entry.status === 'skipped')).toHaveLength(1);
  });

  it('refuses a text with no quantities, or with no food, with a message and an example', () => {
    expect(() => compute('beef, onion, tomatoes')).toThrow(NotARecipeError);
    let error: unknown;
    try {
      compute('3 chairs, 2 tables, 1 lamp');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(NotARecipeError);
    const view = toErrorView(error);
    expect(view.code).toBe('not_a_recipe');
    expect(view.hint).toContain('/carbon recipe 500g beef mince');
  });

  it('takes a first line naming a dish as the title, shown in the name', () => {
    const result = compute('Apple crumble | 6 apples | 150g plain flour | 100g butter | Serves 6');
    expect(result.name).toBe('Apple crumble (3 ingredients)');
    expect(result.ingredientList.lines.map((entry) => entry.text)).toEqual([
      '6 apples',
      '150g plain flour',
      '100g butter',
    ]);
    // Not a dish: the line stays, skipped for its missing amount.
    const plain = compute('Ground beef, 1 onion, 200g rice');
    expect(plain.ingredientList.lines[0]).toMatchObject({ text: 'Ground beef', status: 'skipped' });
  });

  it('reads at most 60 lines and lists the rest as skipped', () => {
    const text = Array.from({ length: 70 }, () => '10g rice').join('\n');
    const result = compute(text);
    expect(result.ingredientList.lines).toHaveLength(70);
    expect(result.ingredientList.lines.filter((entry) => entry.status === 'skipped')).toHaveLength(10);
  });
});

describe('bounds on amounts and servings (issue #19)', () => {
  it.each([
    ['serves 0, 500g beef mince, 1 onion', /no servings/],
    ['serves 500, 500g beef mince, 1 onion', /more than 100 servings/],
    ['500g beef mince\n1 onion\nserves -3', /"serves -3" is no servings/],
    ['500g beef mince\n1 onion\nserves 99999999999999999999', /more than 100 servings/],
    [`500g beef mince, serves ${'9'.repeat(3000)}`, /"serves 9{50,}…" is more than 100 servings/],
    ['500000 kg beef, serves 4', /more than the 100 kg a line can hold/],
    ['1e30g beef mince, 1 onion', /more than the 100 kg a line can hold/],
    ['1e308g beef mince, 1 onion', /more than the 100 kg a line can hold/],
    ['200000 eggs, 1 onion', /more than the 100 kg/],
    ['90kg beef mince, 1 onion', /kg CO2e a serving/],
  ])('refuses "%s" with a clear reason', (text, reason) => {
    let thrown: unknown;
    try {
      compute(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidRecipeListError);
    const view = toErrorView(thrown);
    expect(view.code).toBe('invalid_input');
    expect(view.text).toMatch(/^That ingredient list can't be used: /);
    expect(view.text).toMatch(reason);
  });

  it('still answers a large but real recipe: 100 servings, 20 kg of rice', () => {
    const big = compute('20kg rice, 10kg chicken thighs, 5kg onions, serves 100');
    expect(big.ingredientList.servings).toBe(100);
    expect(Number.isFinite(big.kgCo2ePerServing)).toBe(true);
  });
});

describe('long texts (issue #19: linear in the length)', () => {
  it('answers a 40,000-character list from its first lines, listing the rest as skipped', () => {
    const text = `${'200g rice, 1 onion, '.repeat(2000)}serves 4`;
    expect(text.length).toBeGreaterThanOrEqual(40_000);
    const result = compute(text);
    expect(result.ingredientList.servings).toBe(4);
    expect(result.ingredientList.lines.filter((entry) => entry.status === 'counted')).toHaveLength(60);
    expect(result.ingredientList.lines.at(-1)?.note).toMatch(/only the first 60 lines/);
  });

  it('refuses or answers 40,000 characters of hostile text, never hanging on it', () => {
    for (const text of [
      '1-'.repeat(20_000),
      '('.repeat(40_000),
      `${'1 '.repeat(20_000)}kg beef`,
      '[a]('.repeat(10_000),
      `Garlic\n${'1 onion\n'.repeat(5_000)}`,
    ]) {
      try {
        compute(text);
      } catch (error) {
        expect(error).toBeInstanceOf(NotARecipeError);
      }
    }
  });
});

describe('packs and pieces (issue #19)', () => {
  const list = compute(
    [
      '1 can chickpeas',
      '2 x 400g tins kidney beans',
      '2 (15 oz) cans black beans',
      '2 tins chopped tomatoes',
      '1 jar pasta sauce',
      'half a bag of spinach',
      '1 can coconut milk',
      '1 whole chicken',
      '1 whole duck (about 2 kg)',
      '3 pork chops',
      '2 salmon fillets',
      '4 rashers bacon',
      '1,200 g potatoes',
      'serves 8',
    ].join('\n'),
  );

  it('weighs a pack without its size at its typical size, saying so', () => {
    expect(line(list, '1 can chickpeas')).toMatchObject({ status: 'counted', grams: 240 });
    expect(line(list, '1 can chickpeas').note).toMatch(/400 g tin, 240 g drained, a typical can/);
    expect(line(list, '2 tins chopped tomatoes').grams).toBe(800);
    expect(line(list, '1 jar pasta sauce').grams).toBe(500);
    expect(line(list, 'half a bag of spinach').grams).toBe(120);
    expect(line(list, '1 can coconut milk').grams).toBeGreaterThan(400);
    expect(line(list, '1 whole chicken').grams).toBe(1500);
  });

  it('drains a can of pulses whose size is stated, as one whose size is not', () => {
    expect(line(list, '2 x 400g tins kidney beans').grams).toBe(480);
    expect(line(list, '2 (15 oz) cans black beans').grams).toBeCloseTo(510.3, 0);
    expect(line(list, '2 x 400g tins kidney beans').note).toMatch(/drained: 60%/);
  });

  it('lets a weight in brackets win, and reads a thousands separator', () => {
    expect(line(list, '1 whole duck (about 2 kg)').grams).toBe(2000);
    expect(line(list, '1,200 g potatoes').grams).toBe(1200);
  });

  it('weighs pieces of meat and fish raw, from FNDDS', () => {
    expect(line(list, '3 pork chops')).toMatchObject({ status: 'counted', grams: 3 * 154 });
    expect(line(list, '3 pork chops').note).toMatch(/raw, from USDA FNDDS cooked weights/);
    expect(line(list, '2 salmon fillets').grams).toBe(2 * 139);
    expect(line(list, '4 rashers bacon').grams).toBe(4 * 28);
    expect(list.ingredientList.lines.every((entry) => entry.status === 'counted')).toBe(true);
    expect(list.ingredientList.incomplete).toBe(false);
  });
});

describe('titles (issue #19)', () => {
  it('takes a first line without a quantity, above lines with one, as the title', () => {
    const tacos = compute('Black bean tacos\n2 (15 oz) cans black beans\n8 small corn tortillas\n1 avocado');
    expect(tacos.name).toBe('Black bean tacos (3 ingredients)');
    expect(tacos.ingredientList.lines.map((entry) => entry.text)).not.toContain('Black bean tacos');
    const duck = compute('Roast duck\n1 whole duck (about 2 kg)\n2 oranges\nserves 4');
    expect(duck.name).toBe('Roast duck (2 ingredients)');
  });

  it('keeps a first line that clearly names a food no later line weighs as an ingredient', () => {
    const result = compute('Garlic\n500g beef mince\n1 onion');
    expect(result.name).toBe('Your recipe (3 ingredients)');
    expect(line(result, 'Garlic').status).toBe('skipped');
  });
});
