import { describe, expect, it } from 'vitest';
import { handleCompareText } from '../../src/compare/compare.js';
import { reordersOf } from '../../src/compare/datasets.js';
import type { RankedItem } from '../../src/compare/model.js';
import { createLogger } from '../../src/logging/logger.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';

const item = (rank: number, name: string, kgCo2e: number, figures: RankedItem['figures']): RankedItem => ({
  rank,
  input: name,
  takenAs: 'product',
  takenAsReason: null,
  howTaken: 'a product, per kg',
  name,
  kgCo2e,
  level: 'low',
  verdict: '',
  portionGrams: null,
  confidence: null,
  notes: [],
  figures,
});

describe('options another dataset orders the other way round', () => {
  const pn = (kgCo2e: number) => ({ dataset: 'poore-nemecek-2018', label: 'Poore & Nemecek 2018', kgCo2e });

  it('names every pair whose order a dataset reverses, and no other', () => {
    const reorders = reordersOf([
      item(1, 'Tofu', 1, [pn(3.16)]),
      item(2, 'Rice', 2.01, [pn(4.45)]),
      item(3, 'Walnuts', 4.11, [pn(0.43)]),
    ]);
    expect(reorders.map((reorder) => [reorder.lower, reorder.higher])).toEqual([
      ['Tofu', 'Walnuts'],
      ['Rice', 'Walnuts'],
    ]);
    expect(reorders[0]!.text).toBe(
      'On Poore & Nemecek 2018, Tofu (3.16 kg) is higher than Walnuts (0.43 kg): the two change places',
    );
  });

  it('says nothing for an option with no figure on that dataset', () => {
    expect(reordersOf([item(1, 'A', 1, [pn(5)]), item(2, 'B', 2, [])])).toEqual([]);
  });

  it('ranks on the headline figure and says so in the comparison over the catalog', async () => {
    const catalog = loadCatalog();
    const reply = await handleCompareText('tofu, walnuts', {
      source: createCatalogSource(catalog),
      car: {
        kgCo2ePerKm: 0.25,
        label: 'driven in an average car',
        citation: 'test',
        url: 'https://example.com',
      },
      logger: createLogger({ level: 'silent' }),
    });
    if (reply.type !== 'compare') throw new Error('expected a comparison');
    expect(reply.result.ranked.map((ranked) => ranked.input)).toEqual(['tofu', 'walnuts']);
    expect(reply.result.reorders).toEqual([
      expect.objectContaining({
        label: 'Poore & Nemecek 2018',
        lower: 'Tofu, plain',
        higher: 'Walnut, dried, husked',
      }),
    ]);
  });
});
