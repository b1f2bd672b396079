import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/core/fold.js';
import { TextNormaliser } from '../../../src/sources/catalog/text.js';
import { curatedText } from '../../support/curated-text.js';

const { lexicon, brands, text } = curatedText();

describe('TextNormaliser', () => {
  it('folds accents, quotes and ampersands', () => {
    expect(foldText('Crème Brûlée & Co’s')).toBe("creme brulee  and  co's");
  });

  it('gives names and queries the same singular, unified tokens', () => {
    expect(text.nameTokens('Tomatoes, canned')).toEqual(['tomato', 'canned']);
    expect(text.nameTokens('Aubergine')).toEqual(text.nameTokens('eggplants'));
    expect(text.nameTokens('Semi-skimmed milk')).toEqual(['semiskimmed', 'milk']);
    expect(text.nameTokens('Cola, sugar free')).toEqual(['cola', 'unsweetened']);
  });

  it('keeps uncountable words whole', () => {
    expect(text.nameTokens('hummus')).toEqual(['hummus']);
    expect(text.nameTokens('couscous')).toEqual(['couscous']);
  });

  it('strips pack sizes, marketing words and brands from a query, keeping the brands aside', () => {
    const parsed = text.query('Oatly Barista Edition Oat Drink 1L');
    expect(parsed.brands.map((brand) => brand.brand)).toEqual(['Oatly']);
    expect(parsed.tokens).toEqual(['barista', 'oat', 'drink']);
    expect(text.query('Heinz Baked Beanz 4x415g').tokens).not.toContain('415g');
    // Counts of pieces, as fast-food menus and US packs give them: "pc" alone is a computer.
    expect(text.query('chicken nuggets 9 pc').tokens).toEqual(['chicken', 'nugget']);
    expect(text.query('eggs 12 ct').tokens).toEqual(['egg']);
  });

  it('finds a brand typed with an ampersand, which folds to " and " with spaces around it', () => {
    const parsed = text.query("Ben & Jerry's Cookie Dough 465ml");
    expect(parsed.brands.map((brand) => brand.brand)).toEqual(["Ben & Jerry's"]);
    expect(parsed.tokens).toEqual(['cookie', 'dough']);
  });

  it('reads a US lean/fat ratio as a fat percentage, kept when a catalog name has it', () => {
    expect(text.query('ground beef 80/20').tokens).not.toContain('20%');
    text.knownPercentages.add('20%'); // as FoodIndex does for "Beef, minced steak, 20% fat"
    expect(text.query('ground beef 80/20').tokens).toContain('20%');
  });

  it('splits the part naming the food from what comes with it', () => {
    const parsed = text.query('tuna chunks in spring water');
    expect(parsed.headTokens).toEqual(['tuna', 'chunk']);
  });

  it('notes a query that ends with a vessel after what it holds', () => {
    expect(text.query('coffee mug').vessel).toBe(true);
    expect(text.query('Wine Glasses 4 pack').vessel).toBe(true);
    expect(text.query('wine glasses').vessel).toBe(true);
    expect(text.query('mug of coffee').vessel).toBe(false);
    expect(text.query('mug').vessel).toBe(false);
  });

  it('keeps a typed last word whole for autocomplete, even a stop word', () => {
    expect(text.prefixWords('a')).toEqual(['a']);
    expect(text.prefixWords('the oat m')).toEqual(['oat', 'm']);
  });

  it("keeps its memory of users' words bounded, however many new words a service is sent", () => {
    const fresh = new TextNormaliser(lexicon, brands);
    // Letters only: words with digits are never singularised.
    const word = (i: number) =>
      [...i.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
    for (let i = 0; i < 60_000; i++) fresh.query(`zorblax${word(i)}s`);
    const cache = (fresh as unknown as { singularCache: Map<string, string> }).singularCache;
    expect(cache.size).toBeLessThanOrEqual(50_000);
    expect(fresh.query('tomatoes').tokens).toEqual(['tomato']);
  });
});
