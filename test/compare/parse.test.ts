import { describe, expect, it } from 'vitest';
import { foodJudge } from '../../src/compare/compare.js';
import { catalogFoodJudge } from '../../src/compare/food-judge.js';
import { parseCompareText } from '../../src/compare/parse.js';
import { InvalidComparisonError } from '../../src/core/errors.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

const texts = (input: string) => parseCompareText(input).items.map((item) => item.text);

describe('parseCompareText', () => {
  it('splits on commas, semicolons, line breaks and "vs"', () => {
    expect(texts('lasagne, dal; chicken curry')).toEqual(['lasagne', 'dal', 'chicken curry']);
    expect(texts('lasagne vs dal VS. pizza versus tofu')).toEqual(['lasagne', 'dal', 'pizza', 'tofu']);
    expect(texts('lasagne\ndal')).toEqual(['lasagne', 'dal']);
  });

  it('splits on "or", "versus", "v" and "/", and keeps "with" whole', () => {
    expect(texts('fish pie or lasagne or dal')).toEqual(['fish pie', 'lasagne', 'dal']);
    expect(texts('pad thai / green curry / massaman')).toEqual(['pad thai', 'green curry', 'massaman']);
    expect(texts('burger v hot dog, crisps or a chocolate bar')).toEqual([
      'burger',
      'hot dog',
      'crisps',
      'chocolate bar',
    ]);
    expect(texts('thai green curry w/ prawns or red curry w tofu')).toEqual([
      'thai green curry with prawns',
      'red curry w tofu',
    ]);
  });

  it('does not split inside a word containing "vs" or inside parentheses', () => {
    expect(texts('canvs bag, dal')).toEqual(['canvs bag', 'dal']);
    const request = parseCompareText('lasagne, my bowl (rice 200g, beans vs salsa)');
    expect(request.items[1]).toEqual({
      text: 'my bowl (rice 200g, beans vs salsa)',
      hint: 'auto',
      ingredients: 'rice 200g, beans vs salsa',
    });
  });

  it('reads "for N people" at the end', () => {
    expect(parseCompareText('lasagne, dal for 12 people').people).toBe(12);
    expect(parseCompareText('lasagne vs dal for 3').people).toBe(3);
    expect(parseCompareText('lasagne, dal').people).toBeNull();
    expect(parseCompareText('lasagne versus dal for 8 ppl')).toMatchObject({
      people: 8,
      items: [{ text: 'lasagne' }, { text: 'dal' }],
    });
    expect(parseCompareText('prawn tacos vs bean tacos x 12').people).toBe(12);
    expect(parseCompareText('nut roast vs roast turkey, 14 of us')).toMatchObject({
      people: 14,
      items: [{ text: 'nut roast' }, { text: 'roast turkey' }],
    });
    expect(parseCompareText('for 6 people: curry or pizza').people).toBe(6);
    // A group named with its size: "team of 11", "for a group of 8", "table for 6".
    expect(parseCompareText('ramen or pho for a team of 11')).toMatchObject({
      people: 11,
      items: [{ text: 'ramen' }, { text: 'pho' }],
    });
    expect(parseCompareText('pizza vs tacos, group of 8').people).toBe(8);
    expect(parseCompareText('ramen or pho, table for 6').people).toBe(6);
    expect(() => parseCompareText('lasagne, dal for 0 people')).toThrow(InvalidComparisonError);
    expect(() => parseCompareText('lasagne, dal for 99999999999999999999 people')).toThrow(
      InvalidComparisonError,
    );
  });

  it('takes "dish:" and "product:" as the user saying which', () => {
    const [a, b, c] = parseCompareText('dish: chicken, product: lasagne, chicken').items;
    expect([a!.hint, b!.hint, c!.hint]).toEqual(['dish', 'product', 'auto']);
    expect(a!.text).toBe('chicken');
  });

  it('keeps a parenthetical remark without a comma as part of the name', () => {
    expect(parseCompareText('chicken (free range), dal').items[0]!.ingredients).toBeNull();
  });

  it("reads items lettered within the text, 'between X and Y', and a kind said once after 'or'", () => {
    expect(texts('a) falafel wrap b) halloumi wrap c) chicken wrap')).toEqual([
      'falafel wrap',
      'halloumi wrap',
      'chicken wrap',
    ]);
    expect(texts('between the steak frites and the moules frites')).toEqual([
      'steak frites',
      'moules frites',
    ]);
    const catalog = loadCatalog();
    const judge = foodJudge({ catalog: () => catalog });
    const read = (input: string) => parseCompareText(input, judge).items.map((item) => item.text);
    expect(read('chicken or beef burrito')).toEqual(['chicken burrito', 'beef burrito']);
    // Written out with "vs" or commas, each option is whole.
    expect(read('steak vs salmon vs chickpea curry')).toEqual(['steak', 'salmon', 'chickpea curry']);
    expect(read('lasagne, dal or chicken curry')).toEqual(['lasagne', 'dal', 'chicken curry']);
  });

  it('takes a tail that is not food off an option when a judge reads it', () => {
    const judge = catalogFoodJudge(loadCatalog());
    expect(parseCompareText('beef wellington or roast turkey for xmas dinner', judge).items[1]!.text).toBe(
      'roast turkey',
    );
    expect(parseCompareText('toad in the hole or bangers and mash', judge).items[0]!.text).toBe(
      'toad in the hole',
    );
  });

  it('refuses fewer than 2 and more than 10 options with a clear reason', () => {
    expect(() => parseCompareText('lasagne')).toThrow(/at least two options/);
    expect(() => parseCompareText(', ,')).toThrow(/at least two options/);
    expect(() => parseCompareText(Array.from({ length: 11 }, (_, i) => `dish ${i}`).join(', '))).toThrow(
      /at most 10 options at a time \(you gave 11\)/,
    );
  });

  it('survives hostile text: unclosed parentheses, control characters, placeholders', () => {
    expect(texts('a (b, c vs d')).toEqual(['a (b', 'c', 'd']);
    expect(texts('la\u0007sagne,\u202edal\ue000')).toEqual(['la sagne', 'dal']);
  });

  it('reads any white space between words as one space (no-break, ideographic, runs of it)', () => {
    expect(texts('pad\u00a0thai\u3000\u3000or \u00a0\u00a0 green\u2003curry')).toEqual([
      'pad thai',
      'green curry',
    ]);
  });
});
