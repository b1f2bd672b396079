import { describe, expect, it } from 'vitest';
import { unshadowedSynonyms } from '../../scripts/build-data/off-taxonomy.js';
import { curatedText } from '../support/curated-text.js';

describe('Open Food Facts synonyms another item names', () => {
  const { lexicon, text } = curatedText();
  const names = new Map([
    ['1', 'Biscuit puff pastry'],
    ['2', 'Biscuit ( puff pastry), palmier, from bakery'],
    ['3', 'Sheep milk, whole'],
    ['4', "Yogurt, Greek-style, ewe's milk"],
    ['5', 'Turnip cabbage, raw'],
    ['6', 'Kohlrabi, boiled/cooked in water'],
    ['7', 'Shortbread pastry biscuit'],
    ['8', 'Shortbread cookie w coconut'],
    ['9', 'Preserved duck'],
    ['10', 'Duck confit (conserved in rendered fat), meat (leg) without skin, reheated'],
  ]);
  const run = (synonyms: Record<string, string[]>) =>
    unshadowedSynonyms(
      new Map(Object.entries(synonyms)),
      names,
      (name) => text.nameTokens(name),
      new Set(lexicon.nonDefaultStates),
    );

  it("drops a synonym that is exactly a part of another item's own name", () => {
    const { synonyms, dropped } = run({ '1': ['Palmiers', 'Puff pastry biscuits'], '9': ['Duck confit'] });
    expect(synonyms.get('1')).toEqual(['Puff pastry biscuits']);
    expect(synonyms.get('9')).toEqual([]);
    expect(dropped).toEqual(['Palmiers (1, named by 2)', 'Duck confit (9, named by 10)']);
  });

  it('keeps it when its own item is of that kind, or the other is in another state or has something added', () => {
    const { synonyms, dropped } = run({ '3': ['Ewe milk'], '5': ['Kohlrabi'], '7': ['Shortbread cookies'] });
    expect(synonyms.get('3')).toEqual(['Ewe milk']);
    expect(synonyms.get('5')).toEqual(['Kohlrabi']);
    expect(synonyms.get('7')).toEqual(['Shortbread cookies']);
    expect(dropped).toEqual([]);
  });
});
