import { describe, expect, it } from 'vitest';
import { menuOptionNames } from './menu-shape-names.js';

/** Lines of a posted menu that are never options: written for this test, not taken from the blind sets. */
describe('readMenu: lines that are never options', () => {
  it("drops a form's fields and a message's headers, whatever food their values name", () => {
    const form = [
      '*Lunch request* from @sam',
      '*Date:* Tuesday 3 June',
      '*Venue:* The Olive Tree',
      '*Option A:* Chicken souvlaki with chips',
      '*Option B:* Aubergine moussaka (V)',
      '*Budget per head:* £15',
      '*Notes:* tell me about allergies',
    ].join('\n');
    expect(menuOptionNames(form)).toEqual(['Chicken souvlaki with chips', 'Aubergine moussaka (vegetarian)']);
    const email = [
      'Fwd: Catering for Thursday – The Pie Shop',
      'Subject: Pie platter quote',
      '- Steak & ale pie £6',
      '- Cheese & onion pie (V) £5',
      'Subtotal £11',
    ].join('\n');
    expect(menuOptionNames(email)).toEqual(['Steak & ale pie', 'Cheese & onion pie (vegetarian)']);
  });

  it('drops a legend of marks and the allergen statements beside a dish', () => {
    const menu = [
      'V = vegetarian, VG = vegan, N = contains nuts',
      '- Chicken ruby (1, 7) £9',
      '- Lamb pie (Contains: gluten, milk, celery) £8',
      '- Okra fries (VG) £5',
      'Allergen key: 1 = gluten, 7 = milk',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Chicken ruby', 'Lamb pie', 'Okra fries (vegan)']);
  });

  it('drops a markdown heading among a menu of items, and chat around them', () => {
    const menu = ['## Taco Tuesday 🌮', '- Fish tacos', '- Mushroom tacos (VG)', 'orders in by 11 pls'].join(
      '\n',
    );
    expect(menuOptionNames(menu)).toEqual(['Fish tacos', 'Mushroom tacos (vegan)']);
  });

  it('drops a line of chatter in a plain message rather than rank it, however food-like its words', () => {
    const message = [
      'Lunch ideas for Friday?',
      'Pad thai',
      'Chicken katsu curry',
      'who wants coffee after',
      'please fill the spreadsheet, link in the thread',
    ].join('\n');
    expect(menuOptionNames(message)).toEqual(['Pad thai', 'Chicken katsu curry']);
  });

  it('drops a restaurant named alone beside foods offered, keeps restaurants alone and one with its dish', () => {
    expect(menuOptionNames('kfc or nandos? (burger vs wrap)')).toEqual(['burger', 'wrap']);
    expect(menuOptionNames('kfc or subway?')).toEqual(['kfc', 'subway']);
    expect(menuOptionNames("Nando's (peri peri chicken) or Wasabi (chicken katsu)")).toHaveLength(2);
  });

  it('drops an option out of a sentence beside the poll, and one ruled out', () => {
    expect(menuOptionNames('laksa or pho? the noodle bar shuts early on fridays')).toEqual(['laksa', 'pho']);
    expect(menuOptionNames('can we do sushi this time? or poke. not pizza again pls 😭')).toEqual([
      'sushi',
      'poke',
    ]);
  });
});
