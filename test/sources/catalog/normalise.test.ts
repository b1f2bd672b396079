import { describe, expect, it } from 'vitest';
import {
  foldText,
  normaliseLookup,
  normaliseQuery,
  normaliseTokens,
  queryHeadPhrase,
  singularise,
} from '../../../src/sources/catalog/normalise.js';

describe('normaliseQuery', () => {
  it.each([
    ['Oatly Oat Milk Barista Edition 1L', 'oat milk'],
    ['Heinz Baked Beans 415g', 'baked bean'],
    ['semi-skimmed milk 2 pints', 'semi skimmed milk'],
    ['Coca-Cola 6x330ml', 'coca cola'],
    ['M&S potatoes x6', 'potato'],
    ["Hellmann's mayo 430ml", 'mayonnaise'],
    ['ground beef 80/20', 'ground beef 20% fat'],
    ['mac n cheese', 'mac cheese'],
    ['Crème Fraîche 300 ml', 'creme fraiche'],
    ['TOMATOES!!', 'tomato'],
  ])('%j → %j', (query, expected) => {
    expect(normaliseQuery(query).join(' ')).toBe(expected);
  });

  it('keeps fat percentages, which tell mince apart', () => {
    expect(normaliseQuery('beef mince 5% fat 500g')).toEqual(['beef', 'mince', '5%', 'fat']);
  });

  it('falls back to the brand when nothing else is left', () => {
    expect(normaliseQuery('Oatly')).toEqual(['oatly']);
  });

  it('maps UK and US names and spellings to one token', () => {
    expect(normaliseQuery('aubergine')).toEqual(normaliseQuery('eggplant'));
    expect(normaliseQuery('courgettes')).toEqual(normaliseQuery('zucchini'));
    expect(normaliseQuery('prawns')).toEqual(normaliseQuery('shrimp'));
    expect(normaliseQuery('yoghurt')).toEqual(normaliseQuery('yogurt'));
  });
});

describe('normaliseLookup', () => {
  it.each([
    'Oatly Oat Milk Barista Edition 1L',
    'tuna chunks in spring water',
    'Pasta with Cheese Sauce 400g',
    'Alpro almond with added calcium',
    'ground beef 80/20 from Tesco',
    'Crème Brûlée in a pot',
    'Mars',
  ])('normalises %j once for the query and its head phrase', (query) => {
    const { tokens, headTokens } = normaliseLookup(query);
    expect(tokens).toEqual(normaliseQuery(query));
    expect(headTokens).toEqual(normaliseQuery(queryHeadPhrase(query)));
  });

  it('reuses the query tokens as head tokens when there is no "in …"/"with …" part', () => {
    const { tokens, headTokens } = normaliseLookup('Heinz Baked Beans 415g');
    expect(headTokens).toBe(tokens);
  });
});

describe('normaliseTokens', () => {
  it('drops possessives and stop words but not brands', () => {
    expect(normaliseTokens("Cheddar cheese, from cow's milk")).toEqual(['cheddar', 'cheese', 'cow', 'milk']);
    expect(normaliseTokens('Heinz beans')).toEqual(['heinz', 'bean']);
  });
});

describe('singularise', () => {
  it.each([
    ['strawberries', 'strawberry'],
    ['potatoes', 'potato'],
    ['peaches', 'peach'],
    ['leaves', 'leaf'],
    ['eggs', 'egg'],
    ['asparagus', 'asparagus'],
    ['hummus', 'hummus'],
    ['glass', 'glass'],
    ['peas', 'pea'],
  ])('%s → %s', (plural, singular) => {
    expect(singularise(plural)).toBe(singular);
  });
});

describe('foldText', () => {
  it('strips accents and unifies quotes and ampersands', () => {
    expect(foldText('Crème Brûlée’s & Co')).toBe("creme brulee's  and  co");
  });
});
