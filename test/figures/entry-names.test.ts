import { describe, expect, it } from 'vitest';
import { readFiguresFile } from '../../src/figures/load.js';
import { FiguresTable } from '../../src/figures/table.js';
import { defaultDataDir, loadCatalog } from '../../src/sources/catalog/load.js';

/**
 * The studies' entries by the other names of their food (Open Food Facts taxonomy, figure-mapping.json
 * `entries.names`), on the committed data: a food the catalog lacks, named by one, is answered with
 * the entry; a name the exclusions keep out is not.
 */
describe("a study's entry by another name of its food", () => {
  const figures = new FiguresTable(readFiguresFile(defaultDataDir()));
  const catalog = loadCatalog();
  const studyOf = (query: string) => {
    const result = catalog.findProduct(query);
    return {
      name: result.name,
      catalogHasFood: result.catalogHasFood,
      sources: (result.sources ?? []).map((source) => `${source.dataset}: ${source.name}`),
    };
  };

  it('lists each entry once by its own name and again by each other name, with the same item', () => {
    const entries = figures.entries();
    const tea = entries.filter((entry) => entry.name === 'Tea bags');
    expect(tea).toHaveLength(1);
    const own = entries.find((entry) => entry.item === tea[0]!.item && entry.name === 'Tea')!;
    expect(tea[0]).toEqual({ ...own, name: 'Tea bags' });
  });

  it('answers a food the catalog lacks with the entry its other name names', () => {
    expect(studyOf('tea bags')).toEqual({
      name: 'Tea',
      catalogHasFood: false,
      sources: ['clark-2022: Tea'],
    });
    expect(studyOf('sushi rice')).toMatchObject({
      name: 'Rice',
      sources: ['poore-nemecek-2018: Rice', 'clark-2022: Rice'],
    });
    expect(studyOf('oyster mushrooms')).toMatchObject({ name: 'Mushrooms', catalogHasFood: false });
    expect(studyOf('pinto beans')).toMatchObject({ name: 'Beans', catalogHasFood: false });
    // A British cheese of cow's milk is Poore & Nemecek's cheese; a loaf is both studies' bread.
    expect(studyOf('red leicester')).toMatchObject({
      name: 'Cheese',
      sources: ['poore-nemecek-2018: Cheese'],
    });
    expect(studyOf('ciabatta').sources).toEqual(['poore-nemecek-2018: Wheat & Rye', 'clark-2022: Bread']);
  });

  it("keeps what the exclusions keep out: wild mushrooms, flavoured teas, a place, a ewe's-milk cheese", () => {
    for (const query of [
      'truffles',
      'morels',
      'worcestershire',
      'peppermint tea',
      'brighton',
      'lanark blue',
    ]) {
      let name: string | null = null;
      try {
        name = catalog.findProduct(query).name;
      } catch {
        name = null;
      }
      expect(['Mushrooms', 'Cider', 'Tea', 'Cheese']).not.toContain(name);
    }
  });

  it("answers a cut the catalog lacks with the animal's meat", () => {
    for (const query of ['lamb shanks', 'minced lamb'])
      expect(studyOf(query)).toEqual({
        name: 'Lamb & Mutton',
        catalogHasFood: false,
        sources: ['poore-nemecek-2018: Lamb & Mutton'],
      });
  });

  it('maps a pork sausage by its name and poultry ham to their meat', () => {
    expect(studyOf('chorizo').sources).toContain('poore-nemecek-2018: Pig Meat');
    expect(studyOf('turkey ham').sources).toContain('poore-nemecek-2018: Poultry Meat');
  });
});
