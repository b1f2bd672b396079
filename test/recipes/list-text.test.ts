import { describe, expect, it } from 'vitest';
import { isIngredientList, readListText, splitParts, takeServings } from '../../src/recipes/list-text.js';

describe('splitParts', () => {
  it('splits one line on commas and semicolons, not inside brackets or decimal commas', () => {
    expect(splitParts('500g beef; 1 (400 g, drained) can beans, 1,5 kg potatoes')).toEqual([
      '500g beef',
      '1 (400 g, drained) can beans',
      '1,5 kg potatoes',
    ]);
  });

  it('keeps preparation words with the ingredient before them', () => {
    expect(splitParts('2 leeks, finely chopped, 1 onion, diced')).toEqual([
      '2 leeks, finely chopped',
      '1 onion, diced',
    ]);
  });

  it('splits several lines on lines only, so commas inside a line stay', () => {
    expect(splitParts('2 Leeks, chopped\r\n\n1 can (29 ounces) tomato puree, drained\n')).toEqual([
      '2 Leeks, chopped',
      '1 can (29 ounces) tomato puree, drained',
    ]);
  });
});

describe('servings', () => {
  it('finds a servings statement in its usual forms', () => {
    expect(takeServings('serves 4').servings?.count).toBe(4);
    expect(takeServings('for 2').servings?.count).toBe(2);
    expect(takeServings('makes 6 portions').servings?.count).toBe(6);
    expect(takeServings('Servings: 3').servings?.count).toBe(3);
    expect(takeServings('4 people').servings?.count).toBe(4);
    expect(takeServings('feeds four').servings?.count).toBe(4);
    expect(takeServings('serves 4-6').servings?.count).toBe(5);
  });

  it('does not read a quantity as servings', () => {
    expect(takeServings('400g spaghetti').servings).toBeNull();
    expect(takeServings('1 tbsp oil for frying').servings).toBeNull();
  });

  it('finds it anywhere and removes it from the parts', () => {
    const read = readListText('serves 4, 500g beef, 400g spaghetti');
    expect(read.servings?.count).toBe(4);
    expect(read.parts).toEqual(['500g beef', '400g spaghetti']);
    const inside = readListText('500g beef, 200 ml cream (for 4 people)');
    expect(inside.servings?.count).toBe(4);
    expect(inside.parts).toEqual(['500g beef', '200 ml cream']);
  });

  it('takes every statement out of the parts; "serves" wins over "makes" on one line', () => {
    const read = readListText('1 egg\nMakes 8 pancakes, serves 4');
    expect(read.servings?.count).toBe(4);
    expect(read.parts).toEqual(['1 egg']);
    expect(readListText('3 bananas, 75g butter, makes 10 slices').parts).toEqual(['3 bananas', '75g butter']);
  });

  it('splits a one-line list on bars', () => {
    expect(readListText('Apple crumble | 6 apples | 150g flour | Serves 6')).toEqual({
      parts: ['Apple crumble', '6 apples', '150g flour'],
      servings: { count: 6, statement: 'Serves 6' },
    });
  });

  it('is null when none is given', () => {
    expect(readListText('500g beef, 1 onion').servings).toBeNull();
  });
});

describe('isIngredientList', () => {
  it('is true for several parts with quantities', () => {
    expect(isIngredientList('500g beef mince, 400g spaghetti, 1 onion, serves 4')).toBe(true);
    expect(isIngredientList('2 eggs\n1 slice bread')).toBe(true);
    expect(isIngredientList('a pinch of salt, 200g rice')).toBe(true);
  });

  it('is false for a dish name, even with commas or a number', () => {
    expect(isIngredientList('lasagne')).toBe(false);
    expect(isIngredientList('mac and cheese, with bacon')).toBe(false);
    expect(isIngredientList('chicken tikka masala, serves 4')).toBe(false);
    expect(isIngredientList('7 layer dip')).toBe(false);
  });

  it('is true for one part that states an amount of a food, however short', () => {
    expect(isIngredientList('500g beef, serves 4')).toBe(true);
    expect(isIngredientList('500000 kg beef, serves 4')).toBe(true);
    expect(isIngredientList('1e308 g beef, serves 4')).toBe(true);
    expect(isIngredientList('beef mince 500g')).toBe(true);
    expect(isIngredientList('1 litre milk')).toBe(true);
    expect(isIngredientList('1 can chickpeas')).toBe(true);
  });

  it('keeps a dish name whose number is no amount: a bare count, or a pack word that names dishes', () => {
    for (const name of [
      '3 bean chilli',
      '40 clove garlic chicken',
      '12 inch pizza',
      'one pot pasta',
      'Chicken 65',
    ])
      expect(isIngredientList(name)).toBe(false);
  });
});

describe('servings however they are written (issue #19)', () => {
  it.each([
    ['serves 4', 4],
    ['Serves: 6', 6],
    ['for 2', 2],
    ['makes 8 portions', 8],
    ['4 servings', 4],
    ['Servings: 4', 4],
    ['Yield: 8 servings', 8],
    ['feeds 8', 8],
    ['Feeds eight', 8],
    ['serves 4 to 6', 5],
    ['for 6 ppl', 6],
  ])('%s', (statement, count) => {
    expect(readListText(`500g beef\n${statement}\n1 onion`).servings?.count).toBe(count);
  });

  it('prefers a statement of servings to one of what is made, wherever it is', () => {
    expect(readListText('makes 2 large pizzas, serves 4, 500g flour, 300g mozzarella').servings?.count).toBe(
      4,
    );
    expect(readListText('500g flour\nMakes 12 muffins').servings?.count).toBe(12);
  });

  it('does not take a cooking time as servings', () => {
    expect(readListText('500g beef, simmer for 20 minutes, 1 onion').servings).toBeNull();
  });

  it('reads "serves 0" and "serves 5000" so that they can be refused', () => {
    expect(readListText('serves 0, 500g beef, 1 onion').servings?.count).toBe(0);
    expect(readListText('serves 5000, 500g beef, 1 onion').servings?.count).toBe(5000);
  });

  it('reads a negative or enormous number of servings, to be refused rather than left as a line', () => {
    for (const statement of ['serves -3', 'serves −3', 'Serves 99999999999999999999', 'for -2 people']) {
      const read = readListText(`500g beef\n1 onion\n${statement}`);
      expect(read.parts).toEqual(['500g beef', '1 onion']);
      expect(read.servings?.statement).toBe(statement);
    }
    expect(readListText('500g beef\nserves -3').servings?.count).toBe(-3);
    expect(readListText('500g beef\nserves 99999999999999999999').servings?.count).toBeGreaterThan(1e19);
  });

  it('reads a title with its servings: "quick pasta for 4"', () => {
    expect(readListText('quick pasta for 4\n500g penne\n1 jar pasta sauce')).toEqual({
      parts: ['quick pasta', '500g penne', '1 jar pasta sauce'],
      servings: { count: 4, statement: 'for 4' },
    });
  });
});

describe('reading long texts (issue #19: linear in the length)', () => {
  it('splits and reads a 40,000-character list, whatever it holds', () => {
    for (const text of [
      `${'200g rice, '.repeat(3637)}1 onion`,
      '1-'.repeat(20_000),
      '('.repeat(40_000),
      `serves ${'4 '.repeat(19_997)}`,
      '- '.repeat(20_000),
      '1,'.repeat(20_000),
      '2 eggs and 1 onion and '.repeat(1_800),
      '200g beef + '.repeat(3_500),
      '🥩'.repeat(20_000),
      'For the sauce:\n'.repeat(2_700),
      '1 tbsp. Olive '.repeat(3_000),
      `${'100g/'.repeat(8_000)}x`,
    ]) {
      expect(text.length).toBeGreaterThanOrEqual(40_000);
      const read = readListText(text);
      expect(Array.isArray(read.parts)).toBe(true);
      expect(typeof isIngredientList(text)).toBe('boolean');
    }
  });
});
