import { describe, expect, it } from 'vitest';
import {
  createMatchProbe,
  evaluateMatching,
  loadQueryFixture,
} from '../../../scripts/build-data/match-evaluation.js';
import { isCarbonError } from '../../../src/core/errors.js';
import type { StudyEntry } from '../../../src/figures/table.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';
import { loadCurated } from '../../../src/sources/catalog/load.js';
import { DERIVED_NAME_CONFIDENCE, StudyNames } from '../../../src/sources/catalog/study-names.js';
import { TextNormaliser } from '../../../src/sources/catalog/text.js';

/**
 * The studies' entries by name (src/sources/catalog/study-names.ts): a query names an entry only in
 * the entry's own words as the catalog reads them, or with a kind word dropped or added where the
 * word left names nothing else.
 */
describe("the studies' entries by name", () => {
  const { lexicon, brands } = loadCurated();
  const text = new TextNormaliser(lexicon, brands);
  const entry = (item: number, dataset: number, name: string, alsoIs: number[] = []): StudyEntry => ({
    item,
    dataset,
    name,
    byName: true,
    alsoIs,
  });
  const entries = [
    entry(0, 1, 'Cheese'),
    entry(1, 1, 'Wheat & Rye'),
    { ...entry(2, 1, 'Barley'), byName: false },
    entry(3, 2, 'Cheddar cheese', [0]),
    entry(4, 2, 'Feta cheese'),
    entry(5, 2, 'Halloumi cheese'),
    entry(6, 2, 'Cottage cheese', [0]),
    entry(7, 2, 'Bread', [1]),
    entry(8, 2, 'Pitta bread', [1]),
    entry(9, 2, 'Sourdough bread', [1]),
    entry(10, 2, 'Naan', [1]),
    entry(11, 2, 'Flapjack'),
    entry(12, 2, 'Yoghurt'),
  ];
  // The catalog's words: cheddar, feta, cottage (cottage pie), pitta, sourdough and yogurt are known.
  const known = new Set(['cheddar', 'feta', 'cottage', 'pitta', 'sourdough', 'yogurt', 'cheese', 'bread']);
  const names = new StudyNames(entries, text, (token) => known.has(token), new Set(lexicon.packWords));
  const named = (query: string) =>
    names.named(text.query(query)).map((each) => [entries[each.item]!.name, each.confidence]);

  it('reads an entry in its own words, singular or plural, in the catalog spelling', () => {
    expect(named('cottage cheese')).toEqual([['Cottage cheese', 1]]);
    expect(named('Flapjacks')).toEqual([['Flapjack', 1]]);
    expect(named('yogurt')).toEqual([['Yoghurt', 1]]);
    expect(named('flapjacks 6 pack')).toEqual([['Flapjack', 1]]);
  });

  it('drops a kind word where the word left names nothing else, and adds one where the entry is that kind', () => {
    expect(named('halloumi')).toEqual([['Halloumi cheese', DERIVED_NAME_CONFIDENCE]]);
    // "cottage", "feta" and "sourdough" are words the catalog's names use: not derived.
    expect(named('cottage')).toEqual([]);
    expect(named('feta')).toEqual([]);
    expect(named('sourdough')).toEqual([]);
    // Naan is Poore & Nemecek's Wheat & Rye, as Clark et al.'s Bread is: it is a bread.
    expect(named('naan bread')).toEqual([['Naan', DERIVED_NAME_CONFIDENCE]]);
    expect(named('naan cheese')).toEqual([]);
    expect(named('flapjack bread')).toEqual([]);
  });

  it('names nothing with other words, a brand, a vessel, or an entry whose name names no food', () => {
    expect(named('cottage cheese pie')).toEqual([]);
    expect(named('cheese cottage')).toEqual([]);
    expect(named('barley')).toEqual([]);
    expect(named('halloumi mug')).toEqual([]);
    expect(named('naan')).toEqual([['Naan', 1]]);
    expect(named('Warburtons naan')).toEqual([]);
  });
});

describe("the catalog's answers from the studies' entries", () => {
  const catalog = loadCatalog(undefined, { basis: 'agribalyse' });
  const global = loadCatalog(undefined, { basis: 'global' });

  it('answers a food the catalog lacks with the entry, the other study beside it, on either basis', () => {
    for (const source of [catalog, global]) {
      const naan = source.findProduct('naan bread');
      expect(naan.catalogHasFood).toBe(false);
      expect(naan.sources!.map((each) => each.name)).toEqual(['Naan', 'Wheat & Rye']);
      expect(naan.kgCo2ePerUnit).toBe(1.013);
    }
  });

  it("sets the entry named beside the catalog's food that is the study's more general entry", () => {
    const ale = catalog.findProduct('ale');
    expect(ale.catalogHasFood).toBeUndefined();
    expect(ale.sources!.map((each) => [each.dataset, each.name])).toEqual([
      ['agribalyse-3.2', 'Beer, regular (4-5° alcohol)'],
      ['poore-nemecek-2018', 'Barley'],
      ['clark-2022', 'Ale'],
    ]);
    // The same food asked as "lager" keeps the study's general entry.
    expect(catalog.findProduct('lager').sources!.map((each) => each.name)).toContain('Beer');
  });

  it('leaves a name the catalog has a dish for to the dish', () => {
    const refused = (() => {
      try {
        catalog.findProduct('beef curry');
        return false;
      } catch (error) {
        return isCarbonError(error);
      }
    })();
    expect(refused).toBe(true);
    expect(catalog.findRecipe('beef curry').name).toBe('Beef curry');
  });

  it('answers no non-food query with a study entry, and only foods the catalog lacks (development halves)', () => {
    const probe = createMatchProbe(catalog);
    for (const file of ['products-g-nonfood-dev.json', 'products-h-nonfood-dev.json']) {
      const { notFound } = loadQueryFixture(`queries-2026/${file}`);
      expect(notFound.length).toBeGreaterThan(100);
      expect(notFound.filter(({ query }) => probe(query).study === true)).toEqual([]);
    }
    const products = evaluateMatching(probe, loadQueryFixture('queries-2026/products-dev.json'));
    // Every query a study answered is one the set says the catalog lacks.
    expect(products.studyAnswered.length).toBeGreaterThan(0);
    expect(products.wrong.filter((line) => line.includes("a study's own entry"))).toEqual([]);
  });
});
