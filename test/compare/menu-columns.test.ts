import { describe, expect, it } from 'vitest';
import { menuOptionNames } from './menu-shape-names.js';

/** Columns of labels, items not on offer and priced items between bars in a posted menu: written for this test, not taken from the blind sets. */
describe('readMenu: a column of labels, items not on offer, priced items between bars', () => {
  it('reads a column of labels as labels, whatever food they name, and the dish after each', () => {
    const colon = [
      'Works canteen, Thursday',
      'Starter: Tomato & lentil soup',
      'Meat: Pork belly with apple',
      'Fish: Grilled mackerel & new potatoes',
      'Pudding: Rhubarb fool',
    ].join('\n');
    expect(menuOptionNames(colon)).toEqual([
      'Tomato & lentil soup',
      'Pork belly with apple',
      'Grilled mackerel & new potatoes',
      'Rhubarb fool',
    ]);
    const capitals = [
      'Level 2 kitchen',
      'NOODLES – Chicken chow mein, spring onion £6',
      'CURRY – Lamb madras, rice £7',
      'PIZZA – Four cheese £6.50',
    ].join('\n');
    // What the commas list after the dish comes with it (a dish with its sides, below).
    expect(menuOptionNames(capitals)).toEqual([
      'Chicken chow mein with spring onion',
      'Lamb madras with rice',
      'Four cheese pizza',
    ]);
  });

  it('keeps a dish described after a dash, which is no column of labels', () => {
    const menu = [
      'Pizzas tonight',
      'Margherita – tomato, mozzarella, basil',
      'Diavola – tomato, mozzarella, spicy salami',
      'Funghi – tomato, mozzarella, mushrooms',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Margherita', 'Diavola', 'Funghi']);
  });

  it("reads an item's dish with the sides its commas list as one option, without a note that is not food", () => {
    const board = [
      'The Fox – lunch',
      'Pork belly, mash, red cabbage £16',
      'Halloumi burger, fries £13',
      'Lasagne, served until 2pm £12',
    ].join('\n');
    expect(menuOptionNames(board)).toEqual([
      'Pork belly with mash and red cabbage',
      'Halloumi burger with fries',
      'Lasagne',
    ]);
    // A dish already served "with" something takes the sides after it.
    expect(menuOptionNames('- Shakshuka with flatbread, feta £9\n- Granola pot £4')).toEqual([
      'Shakshuka with flatbread and feta',
      'Granola pot',
    ]);
    // In a sentence, commas list the options, not a dish's sides.
    expect(menuOptionNames('burgers, ramen or tacos today?')).toEqual(['burgers', 'ramen', 'tacos']);
  });

  it("reads a kind of dish before a dash as the kind of the item's dish, and a plain label's commas as its sides", () => {
    const board = [
      'Board today',
      'Soup – Roasted tomato w/ basil oil £4',
      'Main – Lamb hotpot, red cabbage £11',
      'Pud – Bread & butter pudding £4.50',
    ].join('\n');
    expect(menuOptionNames(board)).toEqual([
      'Roasted tomato soup with basil oil',
      'Lamb hotpot with red cabbage',
      'Bread & butter pudding',
    ]);
    // After a colon, a label's commas still list options.
    expect(
      menuOptionNames('Team lunch\n- Chicken ruby £9\n- Black daal £7\nSides: garlic naan, okra fries'),
    ).toEqual(['Chicken ruby', 'Black daal', 'garlic naan', 'okra fries']);
  });

  it("reads a column's labels as labels whatever they say, its commas as the dish's, and a kind before a label's head", () => {
    const set = [
      'Set menu',
      'Starter: Smoked mackerel pâté',
      'Main: Chicken supreme, dauphinoise',
      'Veggie main: Wild mushroom wellington',
      'Dessert: Lemon posset',
    ].join('\n');
    expect(menuOptionNames(set)).not.toContain('dauphinoise');
    expect(menuOptionNames('Ramen options: tonkotsu, shoyu')).toEqual(['tonkotsu ramen', 'shoyu ramen']);
    // A dish naming a kind of its own keeps it.
    expect(menuOptionNames('Noodle options: pad thai, laksa')).toEqual(['pad thai', 'laksa']);
  });

  it("drops a change to the item above, on a line indented or after '+'", () => {
    const order = [
      'Uber Eats order',
      '1x Chicken Pad Thai (Large) $16.99',
      '  + Extra peanuts $1.00',
      '  no onions',
      '2x Veggie Spring Rolls $6.00',
    ].join('\n');
    expect(menuOptionNames(order)).toEqual(['Chicken Pad Thai', 'Veggie Spring Rolls']);
  });

  it("reads a label ending in 'dish' as a label, like 'option' or 'special'", () => {
    const menu = [
      'Lunch menu',
      'Soup: Tomato & basil',
      'Hot dish: Beef stroganoff',
      'Veggie dish: Mushroom pie',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Tomato & basil soup', 'Beef stroganoff', 'Mushroom pie']);
  });

  it("keeps a plain list line's sides too, only those whose every word the dish reader knows", () => {
    const plain = [
      'Conference lunch',
      '🥩 Braised beef short rib, mash',
      '🐟 Grilled cod, peas',
      '🌱 Tofu bao',
    ].join('\n');
    expect(menuOptionNames(plain)).toEqual([
      'Braised beef short rib with mash',
      'Grilled cod with peas',
      'Tofu bao (vegan)',
    ]);
    // A side in words the reader does not know would leave the dish not understood: it is left out.
    expect(menuOptionNames('Bistro\n- Confit de canard, lentilles du Puy £18\n- Steak frites £21')).toEqual([
      'Confit de canard',
      'Steak frites',
    ]);
  });

  it('reads nothing a label says is served to all as an option', () => {
    const menu = [
      'Team dinner',
      'Starter (shared): hummus, flatbread',
      'Mains',
      'a. Lamb tagine',
      'b. Chickpea tagine',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Lamb tagine', 'Chickpea tagine']);
  });

  it('reads lines in capitals heading sections as headings, and three items between bars as items', () => {
    const menu = [
      'Teams menu',
      '',
      'MAIN',
      'Lamb shank',
      '',
      'VEG',
      'Squash risotto',
      '',
      'DESSERT',
      'Apple pie',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Lamb shank', 'Squash risotto', 'Apple pie']);
    expect(menuOptionNames('Lunch: 🍜 ramen | 🍣 sushi | 🍛 katsu curry')).toEqual([
      'ramen',
      'sushi',
      'katsu curry',
    ]);
    // One bar parts a dish from its description.
    expect(menuOptionNames('- Tofu banh mi | pickled veg\n- Pork bao | hoisin')).toEqual([
      'Tofu banh mi',
      'Pork bao',
    ]);
  });

  it('drops an item the menu says is not on offer', () => {
    const menu = ['• Beef brisket bap', '• Prawn laksa? (sold out)', '• Halloumi wrap'].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Beef brisket bap', 'Halloumi wrap']);
  });

  it('reads items each with its price between bars as options, not a dish and its house name', () => {
    expect(menuOptionNames('Drinks today\nMocha 3.2 | Peppermint tea 2.5 | Apple juice 2')).toEqual([
      'Mocha',
      'Peppermint tea',
      'Apple juice',
    ]);
  });
});
