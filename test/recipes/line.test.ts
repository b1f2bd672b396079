import { describe, expect, it } from 'vitest';
import { cleanFood, parseLine } from '../../src/recipes/line.js';

function grams(text: string): number | null {
  const { amount } = parseLine(text);
  return amount.kind === 'mass' ? Math.round(amount.grams * 10) / 10 : null;
}

describe('parseLine: amounts', () => {
  it('reads metric and US masses, glued or spaced', () => {
    expect(grams('500g beef mince')).toBe(500);
    expect(grams('1.5kg flour')).toBe(1500);
    expect(grams('300 grams beef mince')).toBe(300);
    expect(grams('1 lb ground beef')).toBe(453.6);
    expect(grams('8 oz mushrooms, sliced')).toBe(226.8);
  });

  it('reads a decimal comma', () => {
    expect(grams('1,5 kg potatoes')).toBe(1500);
  });

  it('multiplies "2 x 400g tins" and drops the pack word from the food', () => {
    const line = parseLine('2 x 400g tins chopped tomatoes');
    expect(line.amount).toEqual({ kind: 'mass', grams: 800, pack: 'can' });
    expect(line.food).toBe('chopped tomatoes');
    expect(grams('3×100 g dark chocolate')).toBe(300);
  });

  it('reads pack sizes in brackets or before the pack word', () => {
    expect(parseLine('1 (400 g) can tomatoes')).toMatchObject({
      amount: { kind: 'mass', grams: 400 },
      food: 'tomatoes',
    });
    expect(grams('2 (400 g) cans chickpeas')).toBe(800);
    expect(grams('1 can (29 ounces) tomato puree')).toBe(822.1);
    expect(grams('1 15oz can diced tomatoes')).toBe(425.2);
    expect(parseLine('1 (15-ounce) can black beans, rinsed and drained').food).toBe('black beans');
  });

  it('keeps a pack without its size apart, so it is not guessed', () => {
    expect(parseLine('1 can chickpeas').amount).toEqual({ kind: 'pack', count: 1, unit: 'can' });
  });

  it('takes the middle of a range', () => {
    expect(grams('300-400g of ground beef meat')).toBe(350);
    expect(parseLine('5-6 cloves of garlic').amount).toEqual({ kind: 'count', count: 5.5, unit: 'clove' });
    expect(parseLine('**8 to 10 radishes**, julienned').amount).toEqual({
      kind: 'count',
      count: 9,
      unit: null,
    });
  });

  it('reads unicode, slash and mixed fractions', () => {
    const half = parseLine('½ cup milk').amount;
    expect(half.kind === 'volume' && Math.round(half.millilitres)).toBe(118);
    const mixed = parseLine('1 1/2 cups rice').amount;
    expect(mixed.kind === 'volume' && Math.round(mixed.millilitres)).toBe(355);
    expect(parseLine('¼ onion').amount).toEqual({ kind: 'count', count: 0.25, unit: null });
  });

  it('ignores the same amount repeated in other units', () => {
    expect(parseLine('150g (1/3 lb) bacon cubes')).toMatchObject({
      amount: { kind: 'mass', grams: 150 },
      food: 'bacon cubes',
    });
    expect(parseLine('100 g / ½ cups butter')).toMatchObject({
      amount: { kind: 'mass', grams: 100 },
      food: 'butter',
    });
  });

  it('reads a quantity after the food', () => {
    expect(parseLine('Lemon juice 1 tbsp')).toMatchObject({
      amount: { kind: 'volume', unit: 'tablespoon' },
      food: 'Lemon juice',
    });
    expect(parseLine('beef (chuck, brisket): 1kg | 2 1/4lb')).toMatchObject({
      amount: { kind: 'mass', grams: 1000 },
      food: 'beef',
    });
    expect(parseLine('Butter *50 g*')).toMatchObject({ amount: { kind: 'mass', grams: 50 }, food: 'Butter' });
  });

  it('reads counts with their portion word or size', () => {
    expect(parseLine('2 cloves garlic')).toMatchObject({
      amount: { kind: 'count', count: 2, unit: 'clove' },
      food: 'garlic',
    });
    expect(parseLine('1 large onion')).toMatchObject({
      amount: { kind: 'count', count: 1, unit: 'large' },
      food: 'onion',
    });
    expect(parseLine('3 eggs')).toMatchObject({
      amount: { kind: 'count', count: 3, unit: null },
      food: 'eggs',
    });
    expect(parseLine('12 slices of bread')).toMatchObject({
      amount: { kind: 'count', count: 12, unit: 'slice' },
      food: 'bread',
    });
  });

  it('calls pinches, "to taste", seasonings without amounts and counted herbs negligible', () => {
    for (const text of [
      'a pinch of salt',
      'Salt, to taste',
      'salt and pepper',
      '1 pinch nutmeg',
      'water',
      '2 bay leaves',
      '3 sprigs of thyme',
    ]) {
      expect(parseLine(text).amount, text).toEqual({ kind: 'negligible' });
    }
  });

  it('says when there is no quantity', () => {
    expect(parseLine('Ground beef').amount).toEqual({ kind: 'none' });
    expect(parseLine('').amount).toEqual({ kind: 'none' });
  });

  it('reads British spellings and centilitres', () => {
    expect(parseLine('1.5 litres vegetable stock').amount).toMatchObject({
      kind: 'volume',
      millilitres: 1500,
    });
    expect(parseLine('20 cl water').amount).toMatchObject({ kind: 'volume', millilitres: 200 });
    expect(parseLine('250 millilitres milk').amount).toMatchObject({ kind: 'volume', millilitres: 250 });
  });

  it('drops a heading before the ingredient', () => {
    expect(parseLine('For the dough: 300g strong white flour')).toMatchObject({
      amount: { kind: 'mass', grams: 300 },
      food: 'strong white flour',
    });
  });

  it('reads a pack word followed by its size, and a weight given for each', () => {
    expect(parseLine('1 tin (415g) baked beans')).toMatchObject({
      amount: { kind: 'mass', grams: 415 },
      food: 'baked beans',
    });
    expect(parseLine('1 block (280g) firm tofu').food).toBe('firm tofu');
    expect(parseLine('2 salmon fillets (about 140g each)')).toMatchObject({
      amount: { kind: 'mass', grams: 280 },
      food: 'salmon fillets',
    });
  });

  it('never throws on hostile text', () => {
    for (const text of [
      '((((',
      '1/0 cups',
      'x'.repeat(5000),
      '\u0000\u202e2 eggs',
      '- - -',
      '999999999999 kg gold',
    ]) {
      expect(() => parseLine(text)).not.toThrow();
    }
  });
});

describe('cleanFood', () => {
  it('keeps the food words only', () => {
    expect(cleanFood('(400 g) can chopped tomatoes, drained')).toBe('chopped tomatoes');
    expect(cleanFood('butter or margarine')).toBe('butter');
    expect(cleanFood('of fresh parsley (optional)')).toBe('fresh parsley');
    expect(cleanFood('large onion, finely chopped')).toBe('onion');
  });
});

describe('parseLine: what real lists add (issue #19)', () => {
  it('reads a thousands separator, and keeps a decimal comma', () => {
    expect(grams('1,200 g chopped tomatoes')).toBe(1200);
    expect(grams('1,000g carrots, chopped')).toBe(1000);
    expect(grams('10,000 g rice')).toBe(10000);
    expect(grams('1,5 kg potatoes')).toBe(1500);
    expect(grams('2,25 kg flour')).toBe(2250);
    expect(grams('1 whole chicken (about 1,600 g)')).toBe(1600);
  });

  it('reads quantity words parse-ingredient does not: "half a", "a", "two", "a couple of"', () => {
    expect(parseLine('half a bag of spinach')).toMatchObject({
      amount: { kind: 'pack', count: 0.5, unit: 'bag' },
      food: 'spinach',
    });
    expect(parseLine('an onion').amount).toEqual({ kind: 'count', count: 1, unit: null });
    expect(parseLine('two onions').amount).toEqual({ kind: 'count', count: 2, unit: null });
    expect(parseLine('a couple of eggs').amount).toEqual({ kind: 'count', count: 2, unit: null });
    expect(parseLine('a 400g tin of chickpeas')).toMatchObject({
      amount: { kind: 'mass', grams: 400, pack: 'can' },
      food: 'chickpeas',
    });
    // "a few", "a handful" stay vague rather than one.
    expect(parseLine('a few sprigs of dill').amount.kind).not.toBe('count');
    expect(parseLine('a handful of walnuts').amount).toEqual({ kind: 'none' });
  });

  it('reads pack words as packs of their kind: a tin is a can, a pot a tub', () => {
    expect(parseLine('1 tin black beans')).toMatchObject({
      amount: { kind: 'pack', count: 1, unit: 'can' },
      food: 'black beans',
    });
    expect(parseLine('1 jar pasta sauce').amount).toEqual({ kind: 'pack', count: 1, unit: 'jar' });
    expect(parseLine('2 balls mozzarella')).toMatchObject({
      amount: { kind: 'pack', count: 2, unit: 'ball' },
      food: 'mozzarella',
    });
    expect(parseLine('1 pot natural yoghurt').amount).toEqual({ kind: 'pack', count: 1, unit: 'tub' });
    expect(parseLine('1 bottle 700ml red wine')).toMatchObject({
      amount: { kind: 'volume', millilitres: 700, pack: 'bottle' },
      food: 'red wine',
    });
  });

  it('keeps "whole" in a food after a measure, and reads "a whole head" as one head', () => {
    expect(parseLine('3 cups whole milk')).toMatchObject({ amount: { kind: 'volume' }, food: 'whole milk' });
    expect(parseLine('a whole head of garlic')).toMatchObject({
      amount: { kind: 'count', count: 1, unit: 'head' },
      food: 'garlic',
    });
  });

  it('lets a weight in brackets win over a count: the total, or one piece\'s with "each"', () => {
    expect(parseLine('1 whole duck (about 2 kg)')).toMatchObject({
      amount: { kind: 'mass', grams: 2000 },
      food: 'duck',
    });
    expect(grams('2 chicken breasts (350g)')).toBe(350);
    expect(grams('6 lamb chops (about 700g)')).toBe(700);
    expect(grams('2 sirloin steaks (250g each)')).toBe(500);
    expect(grams('1 pack vegan sausages (6 sausages, 300g)')).toBe(300);
    // A pack's own size in brackets is the size of each pack.
    expect(grams('2 cans (15 oz) black beans')).toBe(850.5);
    // "(33c)": a lone c is as likely centilitres as cups, so it is not taken.
    // (A glass is a pack since glasses have a size: '4 glasses (250ml) orange juice' is 1 litre.)
    expect(parseLine('One glass (33c) of wine').amount).toEqual({ kind: 'pack', count: 1, unit: 'glass' });
  });

  it('does not read a line longer than any ingredient line, and says why', () => {
    const long = parseLine(`500g beef ${'and more '.repeat(40)}`);
    expect(long.amount).toEqual({ kind: 'none' });
    expect(long.unreadable).toMatch(/too long/);
  });

  it('finds a quantity written last in a long line', () => {
    expect(
      grams(
        'Lamb shoulder, or something similar, like lamb shank, preferably on the bone. Get something that will fit in your pot. I usually get half a shoulder, 1 – 1.5kg.',
      ),
    ).toBe(1250);
  });

  it('reads hostile lines of the longest length in bounded time, without throwing', () => {
    for (const unit of ['1-', '1 ', '1/', '(', '[', '-', '1,', 'x ']) {
      expect(() => parseLine(unit.repeat(150))).not.toThrow();
    }
  });
});

describe('parseLine: vague amounts (issue #19)', () => {
  it('reads a knob of butter as a tablespoon', () => {
    expect(parseLine('knob of butter')).toMatchObject({
      amount: { kind: 'volume', unit: 'tablespoon' },
      food: 'butter',
    });
    expect(parseLine('a generous knob of butter').amount).toMatchObject({ kind: 'volume' });
  });

  it('calls a splash, a squeeze, a grating, and a handful, vague bunch or sprigs of fresh herbs, too little to count', () => {
    for (const text of [
      'splash of milk',
      'handful parsley',
      'small bunch dill',
      'few sprigs thyme',
      'a handful of rocket',
      'large bunch coriander',
      'squeeze of lemon',
      'a grating of nutmeg',
      'chilli flakes',
    ]) {
      expect(parseLine(text).amount, text).toEqual({ kind: 'negligible' });
    }
  });

  it('weighs a counted bunch, pack or bag of herbs at its typical size (a tabbouleh is mostly parsley)', () => {
    expect(parseLine('2 bunches flat-leaf parsley').amount).toEqual({
      kind: 'pack',
      count: 2,
      unit: 'bunch',
    });
    expect(parseLine('1 pack coriander').amount).toEqual({ kind: 'pack', count: 1, unit: 'pack' });
    expect(parseLine('1 pot basil').amount).toEqual({ kind: 'negligible' });
  });

  it('still counts herbs that are weighed or measured', () => {
    expect(parseLine('30g parsley').amount).toEqual({ kind: 'mass', grams: 30 });
    expect(parseLine('2 tbsp chopped parsley').amount.kind).toBe('volume');
  });
});

describe('parseLine: brackets that are not the weight', () => {
  it('does not take an alternative in brackets as the amount', () => {
    expect(parseLine('1 medium onion, finely chopped (or 1 1/2 teaspoon onion powder)').amount).toEqual({
      kind: 'count',
      count: 1,
      unit: 'medium',
    });
  });
});
