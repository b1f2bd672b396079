import { describe, expect, it } from 'vitest';
import { readFigureMapping } from '../../scripts/build-data/figures/mapping.js';
import { createDishComposer } from '../../src/compare/compose.js';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadPortionNorms } from '../../src/compare/portion-norms.js';
import { loadServings } from '../../src/compare/servings.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * The dish builder's ingredients on the studies (figure-mapping.json; data/README.md, "Independent
 * figures"): every ingredient a template uses is priced by a study, counts as zero, or is reviewed as
 * having no entry for the same food (`unpriced`), so a template ingredient added later is reviewed too.
 */
describe("the dish builder's ingredients on the independent studies", () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const figures = catalog.figures!;
  const templates = loadDishTemplates();
  const mapping = readFigureMapping();

  /** Every Agribalyse code the templates file names: parts, default mains, vegan swaps, mains, plant versions. */
  function templateCodes(): Set<string> {
    const codes = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (['code', 'default', 'veganSwap'].includes(key) && typeof inner === 'string') codes.add(inner);
          else walk(inner);
        }
    };
    walk(templates.templates);
    walk(templates.mains);
    walk(templates.plantVersions);
    return codes;
  }

  it('prices every template ingredient on a study, as zero, or lists it as reviewed without one', () => {
    const reviewed = new Set([...mapping.zero.codes, ...mapping.unpriced.flatMap((group) => group.codes)]);
    const codes = [...templateCodes()];
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) expect(catalog.food(code), code).not.toBeNull();
    const unreviewed = codes.filter(
      (code) =>
        !reviewed.has(code) &&
        figures.dishSources('x', null, [{ code, grams: 100, kgCo2e: 0.1 }], 100).length === 0,
    );
    expect(unreviewed).toEqual([]);
  });

  it("gives a noodle dish built from its parts Clark et al.'s figure, its noodles as egg noodles", () => {
    const composer = createDishComposer(templates, loadServings(), catalog, loadPortionNorms());
    const built = composer.compose('tofu noodles')!.result;
    const clark = built.sources?.find((source) => source.dataset === 'clark-2022');
    expect(clark).toMatchObject({ per: 'serving', method: 'ingredients' });
    expect(clark!.mappedShare).toBeGreaterThanOrEqual(0.5);
    // The noodles alone: Clark's egg noodles at 0.36 kg of dry noodles per kg cooked, inside a dish only.
    const noodles = figures.dishSources('noodles', null, [{ code: '9086', grams: 1000, kgCo2e: 1.49 }], 1000);
    const eggNoodles = figures.entries().find((entry) => entry.name === 'Egg noodles')!;
    expect(noodles.find((source) => source.dataset === 'clark-2022')!.kgCo2e).toBeCloseTo(
      figures.entrySource(eggNoodles.item).kgCo2e * 0.36,
      2,
    );
    expect(figures.foodSources('9086')).toEqual([]);
  });

  it("shows espresso with both studies' coffee, at the grams of coffee in an espresso", () => {
    const shown = (catalog.findProduct('espresso').sources ?? []).slice(1);
    expect(shown.map((source) => [source.name, source.kgPerKg])).toEqual([
      ['Coffee', 0.28],
      ['Coffee beans', 0.28],
    ]);
  });
});
