import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CERTAINTY_RULES, doubtOf } from '../../src/compare/certainty.js';
import { compareItems, understandingOf } from '../../src/compare/compare.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import type { CompareResult } from '../../src/compare/model.js';
import { readItem } from '../../src/compare/parse.js';
import { resolveItem } from '../../src/compare/resolve.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';

const catalog = loadCatalog();
const deps = {
  source: createCatalogSource(catalog),
  car: loadEquivalences().carKm,
  logger: pino({ level: 'silent' }),
  catalog: () => catalog,
};
const understanding = understandingOf(deps)!;

/** The rule that doubts an option as a comparison reads it, or null when it is ranked. */
async function doubt(option: string): Promise<string | null> {
  // As a menu reads it: brackets describe the dish, never an ingredient list.
  const item = { ...readItem(option), ingredients: null };
  const found = await resolveItem(item, deps.source, undefined, {}, understanding);
  if (found.status !== 'found') throw new Error(`${option} was not found`);
  return doubtOf(found, understanding)?.rule ?? null;
}

async function compared(...options: string[]): Promise<CompareResult> {
  return compareItems(options.map(readItem), deps);
}

describe('ranking only what is understood (certainty.ts)', () => {
  it('are named, each with its reason, in order', () => {
    expect(CERTAINTY_RULES.map((rule) => rule.name)).toEqual([
      'a restaurant, not a dish',
      'none of its words in the answer',
      'a food of its own',
      'a stated food left out',
      'a word that may name its main',
      'a template standing in for its main',
    ]);
    for (const rule of CERTAINTY_RULES) expect(rule.why.length).toBeGreaterThan(40);
  });

  it('leaves a restaurant named alone out of the ranking, with what to name instead', async () => {
    const result = await compared('subway', 'lasagne', 'dal');
    expect(result.ranked.map((item) => item.input)).toEqual(['dal', 'lasagne']);
    expect(result.notUnderstood).toEqual([
      { input: 'subway', reason: 'Subway is a restaurant, not a dish: name what you would have there' },
    ]);
    // A dish named beside it is ranked.
    expect(await doubt('Pret (egg mayo sandwich)')).toBeNull();
  });

  it('doubts a guess that holds none of the option’s words', async () => {
    expect(await doubt('burrata')).toBe('none of its words in the answer');
    expect(await doubt('garlic bread')).toBe('none of its words in the answer');
    // A food stated by another name is in the answer: gambas are prawns.
    expect(await doubt('gambas')).toBeNull();
  });

  it('doubts a guess that adds a meat, fish, cheese or protein the option never states', async () => {
    expect(await doubt('puff puff')).toBe('a food of its own');
    expect(await doubt('cornbread')).toBe('a food of its own');
    // "Chicken or turkey parmigiana" offers turkey beside the chicken stated.
    expect(await doubt('chicken parmesan with spaghetti')).toBeNull();
    // A catalog answer at full confidence (an exact name or alias) accounts for its own words.
    expect(await doubt('caesar salad')).toBeNull();
    // Found by setting words aside, it is a guess: "jackfruit" set aside leaves a chicken wing.
    expect(await doubt('jackfruit wings')).toBe('a food of its own');
    expect(await doubt('pistachio baklava')).toBeNull();
  });

  it('ranks, instead of a doubted guess, the dish its name names built from its own words, when that is understood', async () => {
    const result = await compared('garlic bread', 'vegetable chow mein', 'burrata', 'nasi lemak');
    const taken = Object.fromEntries(result.ranked.map((item) => [item.input, item.takenAs]));
    expect(taken['garlic bread']).toBe('composed dish');
    expect(taken['vegetable chow mein']).toBe('composed dish');
    // No dish type named: the doubt stands. A type with a stand-in main is doubted again, built or not.
    expect(result.notUnderstood.map((each) => each.input).sort()).toEqual(['burrata', 'nasi lemak']);
  });

  it('doubts an answer that leaves out a meat, fish, cheese, egg or protein the option states', async () => {
    expect(await doubt('vegetarian bacon roll')).toBe('a stated food left out');
    // A flavour set aside to find the food is said so, and is no main.
    expect(await doubt('pistachio baklava')).toBeNull();
  });

  it('says so when no answer keeps a stated diet, rather than answer with one that does not', async () => {
    const result = await compared('vegan beef wellington', 'lasagne', 'dal');
    expect(result.ranked.map((item) => item.input)).toEqual(['dal', 'lasagne']);
    expect(result.notUnderstood).toEqual([
      {
        input: 'vegan beef wellington',
        reason:
          'the closest the catalog has, Beef wellington, is not what it states (vegan, but it has beef)',
      },
    ]);
  });

  it('doubts a guess whose option names no main but holds a word the reader does not know', async () => {
    expect(await doubt('Nachos BellGrande')).toBe('a word that may name its main');
    expect(await doubt('kimchi fried rice')).toBe('a word that may name its main');
    // A vegetarian dish may be named after its cheese; a vegan one is plants, whatever the word.
    expect(await doubt('stracciatella & tomato panini (vegetarian)')).toBe('a word that may name its main');
    expect(await doubt('stracciatella & tomato panini (vegan)')).toBeNull();
    // A word the reader does not know beside plants only may be the main ("ricotta" is a cheese)...
    expect(await doubt('spinach and ricotta tortellini')).toBe('a word that may name its main');
    // ...but an option stating its meat, fish, cheese, egg or protein is understood whatever else its name holds.
    expect(await doubt('Big Smoke burger (double beef patty, bacon, smoked cheddar)')).toBeNull();
  });

  it('doubts a template standing in for a main the name does not state, unless the default is usual', async () => {
    expect(await doubt('nasi lemak')).toBe('a template standing in for its main');
    expect(await doubt('katsu sando')).toBe('a template standing in for its main');
    // A variant the catalog picks for a type named alone is a stand-in too ("Pot pie, no meat")...
    expect(await doubt('pie')).toBe('a template standing in for its main');
    // ...not the catalog's dish by the option's own name.
    expect(await doubt('Cottage pie with seasonal greens')).toBeNull();
    // A burger is usually beef; a diet or a kind of food says what the main is.
    expect(await doubt('smash burgers')).toBeNull();
    expect(await doubt('veg gyoza')).toBeNull();
    expect(await doubt('yasai yaki soba')).toBeNull();
  });

  it('never doubts the user’s own ingredient list', async () => {
    const result = await compareItems(
      [{ text: 'my bowl', hint: 'auto', ingredients: 'rice 150g, tofu 100g' }],
      {
        ...deps,
        ingredients: {
          estimate: async (label) => ({ ...catalog.findRecipe('dal'), name: label, confidence: 0.2 }),
        },
      },
    );
    expect(result.notUnderstood).toEqual([]);
    expect(result.ranked.map((item) => item.takenAs)).toEqual(['ingredient list']);
  });
});
