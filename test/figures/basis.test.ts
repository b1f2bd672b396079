import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/env.js';
import { IngredientListResultSchema, ProductResultSchema } from '../../src/core/result.js';
import { BASES } from '../../src/figures/basis.js';
import { computeIngredientList } from '../../src/recipes/compute.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { catalogRegistration } from '../../src/sources/catalog/registration.js';
import { runMain } from '../cli/run-main.js';

/** CARBON_BASIS: which figure leads; the others stay beside it and the verdict holds either way. */
describe('CARBON_BASIS', () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const global = loadCatalog(undefined, { basis: 'global' });

  it('registers exactly the bases the catalog knows', () => {
    expect(catalogRegistration.env.CARBON_BASIS.safeParse('global').success).toBe(true);
    for (const basis of BASES) expect(parseConfig({ CARBON_BASIS: basis }).CARBON_BASIS).toBe(basis);
    expect(parseConfig({}).CARBON_BASIS).toBe(BASES[0]);
  });

  it('is agribalyse unless set, takes global, and refuses anything else naming the variable', () => {
    expect(parseConfig({}).CARBON_BASIS).toBe('agribalyse');
    expect(parseConfig({ CARBON_BASIS: ' global ' }).CARBON_BASIS).toBe('global');
    expect(() => parseConfig({ CARBON_BASIS: 'french' })).toThrow(/CARBON_BASIS/);
  });

  it("leads a product with Poore & Nemecek's entry for that very food, the catalog's beside it", () => {
    const steak = global.findProduct('beef steak');
    expect(steak.kgCo2ePerUnit).toBe(99.48);
    expect(steak.level).toBe('high');
    expect(steak.sources!.map((source) => source.dataset)).toEqual([
      'poore-nemecek-2018',
      'agribalyse-3.2',
      'clark-2022',
    ]);
    expect(steak.comparisonText).toMatch(/^On ADEME Agribalyse 3.2's figures: /);
    expect(steak.notes.join(' ')).toContain("The figure is Poore & Nemecek 2018's (global average)");
  });

  it('converts a per-kg study figure to the litre a drink is shown in, and keeps the catalog where no study has the food as sold', () => {
    const milk = global.findProduct('whole milk');
    expect(milk.unit).toBe('L');
    // Poore & Nemecek's 3.15 per kg, at the catalog's milk density of 1.03 kg/L (data/README.md).
    expect(milk.kgCo2ePerUnit).toBeCloseTo(3.15 * 1.03, 2);
    // Cooked rice holds rice as sold: no study figure is this food as sold, so the catalog's leads.
    expect(global.findProduct('rice cooked').kgCo2ePerUnit).toBe(
      catalog.findProduct('rice cooked').kgCo2ePerUnit,
    );
    expect(global.findProduct('sea salt').sources![0]!.dataset).toBe('agribalyse-3.2');
    ProductResultSchema.parse(milk);
  });

  it('leads dishes and ingredient lists with the global figure, and judges the verdict on every dataset either way', () => {
    const rice = global.findRecipe('egg fried rice');
    const plain = catalog.findRecipe('egg fried rice');
    expect(rice.sources![0]!.dataset).toBe('poore-nemecek-2018');
    expect(rice.kgCo2ePerServing).toBe(rice.sources![0]!.kgCo2e);
    expect(rice.climateFriendly).toEqual(plain.climateFriendly);
    const list = '500g beef mince, 400g spaghetti, 1 onion, serves 4';
    const led = computeIngredientList(list, global, loadPortionTable());
    const own = computeIngredientList(list, catalog, loadPortionTable());
    expect(led.kgCo2ePerServing).toBeGreaterThan(own.kgCo2ePerServing);
    expect(led.climateFriendly).toEqual(own.climateFriendly);
  });

  it('leads the CLI with the global figure when configured', async () => {
    const run = await runMain(['product', 'beef steak'], {
      env: { CARBON_SOURCE: 'catalog', CARBON_BASIS: 'global' },
    });
    expect(run.stdout).toContain('99.5 kg CO2e per kg · high');
    expect(run.stdout).toContain(
      'Figures: 99.5 kg CO2e per kg, global average (Poore & Nemecek 2018); 28.9 in France',
    );
    const listRun = await runMain(['recipe', '500g beef mince, 400g spaghetti, serves 4', '--json'], {
      env: { CARBON_SOURCE: 'catalog', CARBON_BASIS: 'global' },
    });
    expect(IngredientListResultSchema.parse(JSON.parse(listRun.stdout)).sources![0]!.dataset).toBe(
      'poore-nemecek-2018',
    );
  });
});
