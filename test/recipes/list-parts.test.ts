import { describe, expect, it } from 'vitest';
import { parseLine } from '../../src/recipes/line.js';
import { readListText, splitAnd, splitParts, splitSentences } from '../../src/recipes/list-text.js';
import { cutInto } from '../../src/recipes/servings.js';
import { listVocabulary } from '../../src/recipes/words.js';

describe('parts a one-line list runs together', () => {
  it('ends an ingredient at a full stop before a capital, not before a number or at the end', () => {
    expect(splitSentences('1 tbsp olive oil. Topping: 200g passata')).toEqual([
      '1 tbsp olive oil',
      'Topping: 200g passata',
    ]);
    expect(splitSentences('approx. 200g flour')).toEqual(['approx. 200g flour']);
    expect(splitSentences('1 tsp dried oregano.')).toEqual(['1 tsp dried oregano.']);
    expect(splitParts('300g flour, 1 tbsp olive oil. Topping: 200g passata, 250g mozzarella')).toEqual([
      '300g flour',
      '1 tbsp olive oil',
      'Topping: 200g passata',
      '250g mozzarella',
    ]);
  });

  it('splits "and" between two quantities only', () => {
    const vocabulary = listVocabulary();
    expect(splitAnd('2 carrots and 1 cucumber cut into sticks', vocabulary)).toEqual([
      '2 carrots',
      '1 cucumber cut into sticks',
    ]);
    expect(splitAnd('2 tbsp butter & two eggs', vocabulary)).toEqual(['2 tbsp butter', 'two eggs']);
    expect(splitAnd('1 and 1/2 cups flour', vocabulary)).toEqual(['1 and 1/2 cups flour']);
    expect(splitAnd('salt and 1 tsp pepper', vocabulary)).toEqual(['salt and 1 tsp pepper']);
    expect(splitAnd('salt and pepper', vocabulary)).toEqual(['salt and pepper']);
  });

  it('weighs what is cut into pieces as the food, not as one piece', () => {
    expect(parseLine('1 cucumber cut into sticks')).toMatchObject({
      amount: { kind: 'count', count: 1, unit: null },
      food: 'cucumber',
    });
  });
});

describe('servings from what a made thing is cut into', () => {
  it('reads the pieces after a statement of what is made, as firm servings', () => {
    const loaf = readListText('500g flour, 7g yeast, 300ml water. Makes 1 loaf, about 12 slices');
    expect(loaf.servings?.count).toBe(12);
    expect(loaf.parts).toEqual(['500g flour', '7g yeast', '300ml water']);
    expect(readListText('200g chocolate\n100g butter\nMakes 16 (cut into 16 squares)').servings?.count).toBe(
      16,
    );
  });

  it('leaves pieces that are an ingredient, or come without a statement of what is made', () => {
    expect(readListText('200g flour\n12 slices bread\nmakes 1 loaf').parts).toContain('12 slices bread');
    const cake = readListText('makes 1 cake\n200g flour\n12 slices');
    expect(cake.servings?.count).toBe(1);
    expect(cutInto('12 slices bread')).toBeNull();
    expect(cutInto('about 8-10 wedges')?.count).toBe(9);
  });
});

describe('servings written every way', () => {
  it('reads a family, a bracket and a dash', () => {
    for (const [text, count] of [
      ['500g beef\n400g pasta\nFeeds a family of 4', 4],
      ['500g beef\n400g pasta\nfor a family of four', 4],
      ['500g beef\n400g pasta\n(4 servings)', 4],
      ['500g beef\n400g pasta\nServings - 6', 6],
      ['500g beef\n400g pasta\nserves up to 6', 6],
    ] as const) {
      const read = readListText(text);
      expect(read.servings?.count, text).toBe(count);
      expect(read.parts, text).toEqual(['500g beef', '400g pasta']);
    }
  });

  it('leaves no word of a servings statement behind as an ingredient', () => {
    expect(readListText('500g beef, 400g pasta, enough for 4').parts).toEqual(['500g beef', '400g pasta']);
    expect(readListText('500g beef\n400g pasta\nmakes enough for 6').parts).toEqual([
      '500g beef',
      '400g pasta',
    ]);
    // An ingredient on the same line as the statement stays, and so does a first part, which may be a title.
    expect(readListText('500g beef, 400g pasta serves 4').parts).toEqual(['500g beef', '400g pasta']);
    expect(readListText('Bolognese for 4\n500g beef\n400g pasta').parts[0]).toBe('Bolognese');
  });

  it('does not read a cooking time as servings', () => {
    expect(readListText('500g beef\nsimmer for about 20 minutes\n400g pasta').servings).toBeNull();
  });
});

describe('vague and partial amounts', () => {
  it('reads a knob of butter however it is counted', () => {
    for (const text of ['1 knob butter', 'a knob butter', 'knob of butter']) {
      expect(parseLine(text).amount).toMatchObject({ kind: 'volume', unit: 'tablespoon' });
    }
  });

  it('calls a counted handful of herbs too little to count, and not one of another food', () => {
    expect(parseLine('1 handful mint').amount.kind).toBe('negligible');
    expect(parseLine('1 handful almonds').amount.kind).not.toBe('negligible');
  });

  it('reads a spoonful as a tablespoon', () => {
    expect(parseLine('8 spoonfuls of tomato paste')).toMatchObject({
      amount: { kind: 'volume', unit: 'spoonful' },
      food: 'tomato paste',
    });
    expect(parseLine('2 spoons sugar').amount).toMatchObject({ kind: 'volume' });
  });

  it('reads a kilo as a kilogram', () => {
    expect(parseLine('1 kilo potatoes').amount).toEqual({ kind: 'mass', grams: 1000 });
    expect(parseLine('2 kilos of chicken')).toMatchObject({
      amount: { kind: 'mass', grams: 2000 },
      food: 'chicken',
    });
  });

  it('calls dried chillies counted in pieces too little to count, and weighs fresh ones', () => {
    expect(parseLine('10 dried chillies').amount.kind).toBe('negligible');
    expect(parseLine('2 red chillies').amount).toMatchObject({ kind: 'count', count: 2 });
  });

  it('calls a handful of leaves too little to count, but not leaves named alone or weighed', () => {
    expect(parseLine('1 handful spinach').amount.kind).toBe('negligible');
    expect(parseLine('2 large handfuls of spinach').amount.kind).toBe('negligible');
    expect(parseLine('spinach').amount.kind).toBe('none');
    expect(parseLine('1 bag spinach').amount).toMatchObject({ kind: 'pack', unit: 'bag' });
  });

  it('calls stock cubes and a vague amount of Thai basil too little to count', () => {
    expect(parseLine('2 stock cubes').amount.kind).toBe('negligible');
    expect(parseLine('1 chicken stock cube').amount.kind).toBe('negligible');
    expect(parseLine('handful Thai basil').amount.kind).toBe('negligible');
  });

  it('reads number words after "juice of" as "juice of 2 lemons" is read', () => {
    expect(parseLine('juice of half a lemon')).toMatchObject({
      amount: { kind: 'count', count: 0.5 },
      food: 'juice of lemon',
    });
  });

  it("drops words that state no amount from a food's name: pepper is negligible, cheese a line without one", () => {
    expect(parseLine('lots of black pepper').amount.kind).toBe('negligible');
    expect(parseLine('plenty of salt').amount.kind).toBe('negligible');
    expect(parseLine('some parmesan')).toMatchObject({ amount: { kind: 'none' }, food: 'parmesan' });
  });

  it('reads a unicode fraction after "juice of" or "zest of" as the number it is', () => {
    expect(parseLine('juice of ½ lemon')).toMatchObject({
      amount: { kind: 'count', count: 0.5 },
      food: 'juice of lemon',
    });
    expect(parseLine('zest of ¼ orange').amount).toMatchObject({ kind: 'count', count: 0.25 });
  });
});

describe('one-line lists split by bullets and by a dash before a quantity', () => {
  it('splits on a bullet between items as on a comma', () => {
    expect(readListText('fry-up for 2 • 4 pork sausages • 2 eggs • 1 tin baked beans')).toEqual({
      parts: ['fry-up', '4 pork sausages', '2 eggs', '1 tin baked beans'],
      servings: { count: 2, statement: 'for 2' },
    });
  });

  it('ends a title at a spaced dash before a quantity, but keeps a dash before words or in a range', () => {
    expect(readListText('bean wraps for 2 — 4 tortilla wraps; 1 carrot').parts).toEqual([
      'bean wraps',
      '4 tortilla wraps',
      '1 carrot',
    ]);
    expect(readListText('2 onions — chopped, 500g beef').parts).toEqual(['2 onions — chopped', '500g beef']);
    expect(readListText('500g beef, 1 onion, serves 4 – 6').servings?.count).toBe(5);
  });
});

describe('lists as chat messages write them', () => {
  const read = (text: string) => readListText(text);

  it('drops checklist boxes and emoji bullets', () => {
    expect(read('- [ ] 500g beef mince\n- [x] 1 onion\nserves 4').parts).toEqual([
      '- 500g beef mince',
      '- 1 onion',
    ]);
    expect(read('🥩 500g beef mince\n🧅 1 onion\n👥 serves 4')).toEqual({
      parts: ['500g beef mince', '1 onion'],
      servings: { count: 4, statement: 'serves 4' },
    });
  });

  it('drops headings, stops at the method, and still reads servings stated after it', () => {
    const text =
      'Ingredients:\n500g beef\nFor the sauce:\n400g tomatoes\nMethod:\nBrown the beef.\nSimmer for 20.\nServes 4';
    expect(read(text)).toEqual({
      parts: ['500g beef', '400g tomatoes'],
      servings: { count: 4, statement: 'Serves 4' },
    });
    expect(read('For the sauce:\n400g tomatoes\n200g pasta').parts).toEqual(['400g tomatoes', '200g pasta']);
    // A first line that is a dish's name stays, for the title.
    expect(read('Cottage pie:\n500g beef\n1kg potatoes').parts[0]).toBe('Cottage pie:');
  });

  it('splits "+" between ingredients, not inside one amount or before a use', () => {
    expect(read('500g beef mince + 1 onion + 400g spaghetti').parts).toEqual([
      '500g beef mince',
      '1 onion',
      '400g spaghetti',
    ]);
    expect(read('1 tbsp + 1 tsp olive oil, 200g pasta').parts[0]).toBe('1 tbsp + 1 tsp olive oil');
    expect(read('2 tbsp oil plus 1 tbsp for frying, 200g pasta').parts[0]).toBe(
      '2 tbsp oil plus 1 tbsp for frying',
    );
  });

  it('reads "gr" and "gms" as grams and an em dash as the end of the food', () => {
    expect(parseLine('500 gr beef mince').amount).toEqual({ kind: 'mass', grams: 500 });
    expect(parseLine('250 gms flour').amount).toEqual({ kind: 'mass', grams: 250 });
    expect(parseLine('500g beef mince — browned').food).toBe('beef mince');
  });

  it('reads the same amount in other units after "or"', () => {
    expect(parseLine('Around 14 ounces or 400 grams of chicken breast')).toMatchObject({
      amount: { kind: 'mass' },
      food: 'chicken breast',
    });
    expect(parseLine('1 lb or 450g beef').food).toBe('beef');
    expect(parseLine('200g butter or margarine').food).toBe('butter');
  });

  it('reads a food made of the amounts in its brackets as those ingredients', () => {
    expect(
      readListText('500g beef\ncoleslaw (1/4 white cabbage, 2 carrots, 3 tbsp mayo).\n4 buns').parts,
    ).toEqual(['500g beef', '1/4 white cabbage', '2 carrots', '3 tbsp mayo', '4 buns']);
    // A bracket with one amount, or a part with its own, is the part's weight or a note, not a list.
    expect(readListText('1 whole duck (about 2 kg)\n1 orange').parts[0]).toBe('1 whole duck (about 2 kg)');
    expect(readListText('1 pack vegan sausages (6 sausages, 300g)\n1 onion').parts[0]).toBe(
      '1 pack vegan sausages (6 sausages, 300g)',
    );
  });

  it('keeps what follows the brackets, such as the servings', () => {
    const read = readListText(
      '2kg pork shoulder, 8 buns, coleslaw (1/4 white cabbage, 2 carrots, 3 tbsp mayo). Makes 8 portions',
    );
    expect(read.servings?.count).toBe(8);
    expect(read.parts).toEqual([
      '2kg pork shoulder',
      '8 buns',
      '1/4 white cabbage',
      '2 carrots',
      '3 tbsp mayo',
    ]);
  });
});
