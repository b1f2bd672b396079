import { describe, expect, it } from 'vitest';
import { PackTable, readPackSizesFile } from '../../src/recipes/packs.js';
import { singularWords } from '../../src/recipes/phrases.js';
import { DRY_CUP_KIND, LENGTH_KIND } from '../../src/recipes/weigh.js';
import { listVocabulary } from '../../src/recipes/words.js';

const file = readPackSizesFile();
const table = new PackTable(file.sizes);

describe('data/curated/pack-sizes.json', () => {
  it('names only pack kinds and portions that list-words.json reads', () => {
    const { packs, portions } = listVocabulary().words;
    const kinds = new Set([...Object.keys(packs), ...Object.keys(portions), LENGTH_KIND, DRY_CUP_KIND]);
    for (const size of file.sizes) for (const kind of size.packs) expect(kinds.has(kind), kind).toBe(true);
  });

  it('gives every size a source, and drains to less than the net weight', () => {
    for (const size of file.sizes) {
      expect(size.source.length, size.foods[0]).toBeGreaterThan(40);
      if (size.basis === 'drained') expect(size.grams!).toBeLessThan(size.netGrams!);
    }
  });

  it('never lists one food twice for one kind of pack, so the longest match is never a tie', () => {
    const seen = new Set<string>();
    for (const size of file.sizes) {
      for (const kind of size.packs) {
        for (const food of size.foods) {
          const key = `${kind}:${singularWords(food).join(' ')}`;
          expect(seen.has(key), key).toBe(false);
          seen.add(key);
        }
      }
    }
  });
});

describe('PackTable', () => {
  it('finds the size of a kind of pack of a food, the longest listed name winning', () => {
    expect(table.find('chickpeas', 'can')).toMatchObject({ grams: 240, netGrams: 400, basis: 'drained' });
    expect(table.find('red kidney beans', 'can')?.basis).toBe('drained');
    expect(table.find('baked beans', 'can')).toMatchObject({ grams: 415, basis: 'whole' });
    expect(table.find('chopped tomatoes', 'can')).toMatchObject({ grams: 400, basis: 'whole' });
    expect(table.find('coconut milk', 'can')).toMatchObject({ millilitres: 400 });
    expect(table.find('passata', 'carton')?.grams).toBe(500);
  });

  it('knows nothing of a pack it has no size for', () => {
    expect(table.find('chickpeas', 'jar')).toBeNull();
    expect(table.find('zorblax', 'can')).toBeNull();
    expect(PackTable.empty().find('chickpeas', 'can')).toBeNull();
  });
});
