import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { compareServiceForFile } from './compare-requests.js';

const catalog = loadCatalog();
const svc = await compareServiceForFile(catalog);

describe('GET /recipe with a dish named by its parts', () => {
  it('answers a dish the catalog does not name as one built from its parts, saying so', async () => {
    const reply = await svc.get('/recipe?recipe=thai+red+curry+with+beef');
    expect(reply.status).toBe(200);
    const body = reply.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      recipe_name: 'Curry with beef',
      status: 'found',
      taken_as: 'composed dish',
      how_taken: 'a curry recipe with beef',
      unit: 'serving',
    });
    expect(body.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Built from a curry recipe with beef/)]),
    );
    expect(body.kg_co2_per_kg).toBeGreaterThan(0.5);
    expect(body.climate_friendly).toBe('no');
  });

  it('keeps what a name states rather than answer a dish that contradicts it', async () => {
    const body = (await svc.get('/recipe?recipe=ramen+with+tofu')).json() as Record<string, unknown>;
    expect(body).toMatchObject({ taken_as: 'dish', recipe_name: expect.stringMatching(/tofu/) });
    expect(body.recipe_name).not.toMatch(/^Ramen with chashu pork$/);
    expect(body.how_taken).toMatch(/^the named dish /);
  });

  it('answers a named dish as named, with no how_taken', async () => {
    const body = (await svc.get('/recipe?recipe=lasagne')).json() as Record<string, unknown>;
    expect(body).toMatchObject({ recipe_name: 'Lasagne', taken_as: 'dish', how_taken: null });
  });
});
