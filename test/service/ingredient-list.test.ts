import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServedIngredientListBodySchema } from '../../src/service/ingredient-list.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { type RunningTestService, startTestService } from './helpers.js';

let svc: RunningTestService;
beforeAll(async () => {
  svc = await startTestService(loadCatalog());
});
afterAll(() => svc.close());

const recipe = (text: string) => svc.get(`/recipe?recipe=${encodeURIComponent(text)}`);

describe('GET /recipe with an ingredient list (the extension)', () => {
  it('computes the list in the recipe body shape, with every line in ingredient_list', async () => {
    const reply = await recipe(
      '500g beef mince\n400g spaghetti\n1 onion\n2 x 400g tins chopped tomatoes\nserves 4',
    );
    expect(reply.status).toBe(200);
    const body = ServedIngredientListBodySchema.parse(reply.json());
    expect(body.unit).toBe('serving');
    expect(body.climate_friendly).toBe('no');
    expect(body.ingredient_list.servings).toBe(4);
    expect(body.ingredient_list.servings_stated).toBe(true);
    expect(body.ingredient_list.lines.map((line) => [line.text, line.grams])).toEqual([
      ['500g beef mince', 500],
      ['400g spaghetti', 400],
      ['1 onion', expect.any(Number)],
      ['2 x 400g tins chopped tomatoes', 800],
    ]);
    // Per serving: the lines' total over the servings.
    const total = body.ingredient_list.lines.reduce((sum, line) => sum + (line.kg_co2 ?? 0), 0);
    expect(body.kg_co2_per_kg).toBeCloseTo(total / 4, 2);
  });

  it('still looks a plain name up as a dish, without ingredient_list', async () => {
    const reply = await recipe('lasagne');
    expect(reply.status).toBe(200);
    expect(reply.json()).not.toHaveProperty('ingredient_list');
  });

  it('answers 400 with a clear message for a list with no food it can read', async () => {
    const reply = await recipe('hello, 2 worlds, 3 zorblaxes');
    expect(reply.status).toBe(400);
    const body = reply.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toMatch(/ingredient|food/i);
  });

  it('answers 400 with the reason, never a null figure, for amounts or servings out of bounds', async () => {
    for (const text of ['1e30g beef, 1 onion', '1e308g beef, 1 onion', 'serves 0, 500g beef, 1 onion']) {
      const reply = await recipe(text);
      expect(reply.status, text).toBe(400);
      const body = reply.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toMatch(/^That ingredient list can't be used: /);
    }
  });

  it('answers 400 for a list over 4,000 characters and a name over 200', async () => {
    expect((await recipe('200g rice, '.repeat(400))).status).toBe(400);
    expect((await recipe('x'.repeat(201))).status).toBe(400);
  });
});
