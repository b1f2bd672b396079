import { describe, expect, it } from 'vitest';
import { menuOptionNames } from './menu-shape-names.js';

/** A choice of dishes written in sentences: written for this test, not taken from the blind sets. */
describe('readMenu: a choice written in sentences', () => {
  it('reads a sentence that starts with an alternative as adding to the choice, not chatter beside it', () => {
    expect(menuOptionNames('burritos or ramen? or we could do dumplings')).toEqual([
      'burritos',
      'ramen',
      'dumplings',
    ]);
    // Without the alternative, a sentence beside the poll is chatter.
    expect(menuOptionNames('burritos or ramen? we could do dumplings')).toEqual(['burritos', 'ramen']);
  });

  it("reads the words between a sentence and its option as the sentence's ('up for', 'keen on')", () => {
    expect(menuOptionNames("who's up for katsu curry or bibimbap")).toEqual(['katsu curry', 'bibimbap']);
    expect(menuOptionNames('anyone keen on a kebab or shall we get pizza')).toEqual(['kebab', 'pizza']);
  });

  it('reads a place named with its dish in brackets as the dish', () => {
    expect(
      menuOptionNames('so is it the Turkish place (chicken adana) or the Lebanese place (lamb kofta)?'),
    ).toEqual(['chicken adana', 'lamb kofta']);
  });

  it("reads 'between X and Y' as two options, and a preposition left at an option's end as no part of it", () => {
    expect(menuOptionNames("honestly it's between the mushroom risotto and the fish pie for me")).toEqual([
      'mushroom risotto',
      'fish pie',
    ]);
    expect(
      menuOptionNames('Order for the workshop: sandwiches, flapjacks and fruit salad for 14'),
    ).not.toContainEqual(expect.stringMatching(/\sfor$/));
  });

  it("shares a kind said once between bare foods ('chicken or beef burrito'), not between a menu's dishes", () => {
    expect(menuOptionNames('is it the chicken or the beef burrito this time?')).toEqual([
      'chicken burrito',
      'beef burrito',
    ]);
    expect(menuOptionNames('Mon: Cod loin / Cheese omelette (V)\nTue: Beef chilli / Bean chilli')).toEqual([
      'Cod loin',
      'Cheese omelette (vegetarian)',
      'Beef chilli',
      'Bean chilli',
    ]);
  });

  it("drops a sentence's words after an option, the people a diet names and the day an event is", () => {
    expect(menuOptionNames('is the lamb biryani better here?')).toEqual(['lamb biryani']);
    expect(menuOptionNames('Greek tonight? souvlaki, gyros, or spanakopita for the veggies')).toEqual([
      'souvlaki',
      'gyros',
      'spanakopita',
    ]);
    expect(menuOptionNames('Thu: fish pie\nFri: pizza day!')).toEqual(['fish pie', 'pizza']);
  });

  it("reads a sentence's list to its last item, a tally's counts and the sentence after an option", () => {
    expect(
      menuOptionNames("Food's here! There's a mushroom risotto, a beef lasagne and some garlic bread"),
    ).toEqual(['mushroom risotto', 'beef lasagne', 'garlic bread']);
    // "and" between two foods of one item keeps them together.
    expect(menuOptionNames('poll: pad thai, fish and chips')).toEqual(['pad thai', 'fish and chips']);
    expect(menuOptionNames('so far: 4 for katsu curry, 3 for bibimbap')).toEqual(['katsu curry', 'bibimbap']);
    expect(menuOptionNames('pizza again? or the Vietnamese place, their tofu pho is great')).toContain(
      'tofu pho',
    );
  });

  it("reads labels each with its value, parted by commas, as pairs; a kind's colon list as dishes of that kind", () => {
    expect(menuOptionNames('Which one? the diner = smash burger, veggie place = falafel wrap')).toEqual([
      'smash burger',
      'falafel wrap',
    ]);
    expect(menuOptionNames('Pizza: margherita, pepperoni')).toEqual(['margherita pizza', 'pepperoni pizza']);
    // A list of what one dish is filled with stays one dish.
    expect(menuOptionNames('Toastie: Ham, cheddar & mustard')).toEqual(['Ham, cheddar & mustard toastie']);
  });

  it('reads items lettered or numbered within a line, and a sentence joined by "and the" as two', () => {
    expect(menuOptionNames('Pls pick: A. Lasagne B. Chicken pie C. Veg curry')).toEqual([
      'Lasagne',
      'Chicken pie',
      'Veg curry',
    ]);
    expect(menuOptionNames('Thursday lunch poll: 1) ramen 2) dumplings 3) bao buns')).toEqual([
      'ramen',
      'dumplings',
      'bao buns',
    ]);
    expect(menuOptionNames("this week's soup is minestrone and the special is a beef & ale pie")).toEqual([
      'minestrone',
      'beef & ale pie',
    ]);
  });

  it("reads a kind named alone before a poll as the poll's heading, 'otherwise' as an alternative, a sentence after an option", () => {
    expect(menuOptionNames("pizza tonight? I'll order at 7. Pepperoni, margherita or bbq chicken")).toEqual([
      'Pepperoni pizza',
      'margherita',
      'bbq chicken pizza',
    ]);
    expect(menuOptionNames("I'd go for the katsu curry if it's on, otherwise the ramen")).toEqual([
      'katsu curry',
      'ramen',
    ]);
    expect(menuOptionNames('Results: sushi 5, pizza 3, salad 2. Sushi it is!')).toContain('salad');
  });

  it('reads a comparison in a sentence as two options, and a diet alone as no option', () => {
    expect(menuOptionNames('is the halloumi wrap better than the chicken wrap')).toEqual([
      'halloumi wrap',
      'chicken wrap',
    ]);
    expect(menuOptionNames('vegan or a cheeseburger')).toEqual(['cheeseburger']);
  });
});
