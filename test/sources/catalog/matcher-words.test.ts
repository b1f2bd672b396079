import { describe, expect, it } from 'vitest';
import { exactNames, matcherWords } from '../../../src/sources/catalog/matcher-words.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon, text } = curatedText();

describe('matcherWords', () => {
  it('never takes a word a food is named by for a non-food or an absent food', () => {
    const none = matcherWords(lexicon, text, 'products', []);
    expect(none.nonFood.has('soap')).toBe(true);
    expect(none.absentFoods.has('naan')).toBe(true);
    const naanOnTheMenu = matcherWords(lexicon, text, 'products', [new Set(['naan', 'soap'])]);
    expect(naanOnTheMenu.absentFoods.has('naan')).toBe(false);
    expect(naanOnTheMenu.nonFood.has('soap')).toBe(false);
  });

  it('reads cooking and keeping words as unread only where no group reads them', () => {
    expect(matcherWords(lexicon, text, 'dishes', []).unreadStates.has('braised')).toBe(true);
    expect(matcherWords(lexicon, text, 'dishes', []).unreadStates.has('kidney')).toBe(false);
    expect(matcherWords(lexicon, text, 'products', []).unreadStates.has('braised')).toBe(false);
  });
});

describe('exactNames', () => {
  it("keys names by their tokens, and lets a curated alias beat another entry's name", () => {
    const exact = exactNames(
      [
        { names: [{ text: 'Oat drink', kind: 'name' }] },
        {
          names: [
            { text: 'Oat milk', kind: 'name' },
            { text: 'oat drink', kind: 'alias' },
          ],
        },
        { names: [{ text: 'Porridge', kind: 'synonym' }] },
      ],
      text,
    );
    expect(exact.get(text.catalogTokens('Oat drink').join(' '))).toBe(1);
    expect(exact.get(text.catalogTokens('Oat milk').join(' '))).toBe(1);
    expect(exact.has('porridge')).toBe(false);
  });
});
