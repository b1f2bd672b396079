import { describe, expect, it } from 'vitest';
import { foodJudge } from '../../src/compare/compare.js';
import { MAX_JUDGED, readMenu } from '../../src/compare/menu.js';
import { MAX_NAME_LENGTH } from '../../src/core/command.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

const catalog = loadCatalog();
/** The menu as "Rate this menu" reads it: the built-in catalog (and its dish composer) judging what reads as food. */
const names = (message: string) =>
  readMenu(message, foodJudge({ catalog: () => catalog })).options.map((option) => option.text);
/** Structure alone, with no judge. */
const structural = (message: string) => readMenu(message).options.map((option) => option.text);

describe('readMenu: structure', () => {
  it('reads a realistic menu: bullets, numbers, prices and dietary marks go, headings are skipped', () => {
    const menu = [
      "*Today's menu* <!channel>",
      '',
      'Starters:',
      '1. Tomato soup (v) £5.50',
      '2) Prawn cocktail GF – with marie rose sauce £7',
      'MAINS',
      '• **Beef lasagne** ...... £12.50',
      '- Mushroom risotto (VG, GF) 11.00',
      '* Chicken curry 🌶️ $14',
      '+ Fish and chips | served with peas',
      '## Desserts',
      '~~Cheesecake~~ 6€',
      'Dal 9.5',
    ].join('\n');
    expect(names(menu)).toEqual([
      'Tomato soup (vegetarian)',
      'Prawn cocktail',
      'Beef lasagne',
      'Mushroom risotto (vegan)',
      'Chicken curry',
      'Fish and chips',
      'Cheesecake',
      'Dal',
    ]);
  });

  it('removes Slack and Discord mentions and keeps a link label', () => {
    expect(structural('<@U123ABC> Falafel wrap <!here>')).toEqual(['Falafel wrap']);
    expect(structural('<@!1234567890> <@&42> <#99> Pad thai @everyone <:yum:123>')).toEqual(['Pad thai']);
    expect(structural('<https://example.com/dal|Dal> (v)')).toEqual(['Dal (vegetarian)']);
    expect(structural('<!subteam^S123> <@U1|bob>')).toEqual([]);
  });

  it('ends a sentence outside brackets only', () => {
    // The question inside the brackets is a remark on the item, not a sentence of its own.
    expect(structural('• Leon (chicken wrap? nah the falafel box)\n• Wasabi (teriyaki bento)')).toHaveLength(
      2,
    );
  });

  it("reads ordinal numbers ('1º', '2°') as marks, and 'thing' at an option's end as chat", () => {
    expect(structural('Menú del día\n1º Gazpacho\n2º Paella / Tortilla española')).toEqual([
      'Gazpacho',
      'Paella',
      'Tortilla española',
    ]);
    expect(structural('- potato wedges\n- cookie dough thing')).toEqual(['potato wedges', 'cookie dough']);
  });

  it('reads enclosed letters and numbers as marks, as bullets are', () => {
    expect(structural('🅲 Poke bowl')).toEqual(['Poke bowl']);
    expect(structural('Ⓓ Pho')).toEqual(['Pho']);
  });

  it('keeps letters inside words that look like marks', () => {
    expect(structural('Vegetable pizza')).toEqual(['Vegetable pizza']);
    expect(structural('GFC chicken')).toEqual(['GFC chicken']);
  });

  it('caps an oversized menu at ten options and says how many there were', () => {
    const label = (i: number) => `${'abcdefghij'[i % 10]}${'vwxyz'[Math.floor(i / 10)]}`;
    const menu = Array.from({ length: 50 }, (_, i) => `${i + 1}. Dish ${label(i)} £${i}.50`).join('\n');
    const read = readMenu(menu);
    expect(read.options).toHaveLength(10);
    expect(read.total).toBe(50);
    expect(read.options.map((option) => option.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Dish ${label(i)}`),
    );
  });

  it('drops repeats, blank and markup-only lines, and bounds every option', () => {
    const read = readMenu(`Dal\n dal \n\n***\n---\n£5\n${'x'.repeat(5000)}`);
    expect(read.options.map((option) => option.text.length)).toEqual([3, MAX_NAME_LENGTH]);
    expect(read.total).toBe(2);
  });

  it('never reads a menu line as an ingredient list', () => {
    expect(readMenu('Bowl (rice, beans)\nDal').options[0]!.ingredients).toBeNull();
  });
});

describe('readMenu: what people post', () => {
  it('reads the options of a one-sentence poll, without the chat around them', () => {
    expect(names('pasta or sushi for lunch?')).toEqual(['pasta', 'sushi']);
    expect(names('burgers / ramen / falafel? decide by 12 pls')).toEqual(['burgers', 'ramen', 'falafel']);
    expect(names('right, last call: lasagne, risotto or a chicken wrap?')).toEqual([
      'lasagne',
      'risotto',
      'chicken wrap',
    ]);
    expect(names('Fish pie or a veggie curry at the canteen today?')).toEqual(['Fish pie', 'veggie curry']);
  });

  it('keeps the dish of a line labelled with a day, and both dishes of a day with two', () => {
    expect(names('Week menu\nTue – fish pie\nWed – chilli con carne\nThu – mushroom risotto')).toEqual([
      'fish pie',
      'chilli con carne',
      'mushroom risotto',
    ]);
    expect(names('MON  Pork belly ramen, pak choi\nTUE  Tofu noodle soup')).toEqual([
      'Pork belly ramen with pak choi',
      'Tofu noodle soup',
    ]);
    expect(names('Mon: Beef chilli / Bean chilli (VG)\nTue: Cod loin / Cheese omelette (V)')).toEqual([
      'Beef chilli',
      'Bean chilli (vegan)',
      'Cod loin',
      'Cheese omelette (vegetarian)',
    ]);
  });

  it('reads numbered items under a heading and drops the chatter around them', () => {
    expect(
      names('Friday team lunch vote :tada:\n1 - pizza\n2 - sushi\n3 - burritos\nreply in the thread by noon'),
    ).toEqual(['pizza', 'sushi', 'burritos']);
  });

  it('reads a caterer menu: descriptions after a dash or comma go, what an item comes with stays, prices, section labels', () => {
    const menu = [
      'Options from the caterer for Thursday:',
      '- Chicken katsu curry – panko chicken, sticky rice £9',
      '- Salmon teriyaki, rice & greens £10.50',
      '- Aubergine massaman (VG) £8',
      'Sides: spring rolls, prawn crackers',
      'Let me know by Wednesday, thanks!',
    ].join('\n');
    expect(names(menu)).toEqual([
      'Chicken katsu curry',
      // "X, Y & Z" enumerates what one item is made of or comes with: it is one option, read whole.
      'Salmon teriyaki, rice & greens',
      'Aubergine massaman (vegan)',
      'spring rolls',
      'prawn crackers',
    ]);
  });

  it('takes a dish type before a colon as part of the dish it labels', () => {
    expect(names('Soup: roasted tomato – £4\nQuiche – £6')).toEqual(['roasted tomato soup', 'Quiche']);
  });

  it('keeps a short sibling of foods in a plain list even when the catalog does not know it', () => {
    expect(
      names(
        'what does everyone want from the chippy\ncod and chips\nsausage and chips\nbattered sav\nmushy peas',
      ),
    ).toContain('battered sav');
  });

  it('reads a 40,000-character message of any shape, one long line or many', () => {
    // Shapes that made the first reader quadratic: runs of bullets, articles, fillers, separators.
    const shapes = [
      '- ',
      '1. ',
      '(v) ',
      ' – ',
      'a ',
      'x',
      'today ',
      'dal, ',
      'lol ',
      '((a, b) ',
      ' / ',
      'w/',
      // The sentence, field, legend, allergen, house-name and label readers' shapes.
      'do you want the ',
      'Option 1: ',
      '(Contains: milk, ',
      ' · ',
      '1/2 ',
      'V = veg, ',
      '| a | ',
      '2x ',
      'Soup of the day: ',
      'Moo – beef burger – ',
      // The shapes of the readers added since: between, pairs, inline marks, sides, modifiers, spaces.
      'between ',
      'x = pizza, ',
      'A. b) 1. ',
      'steak, chips, ',
      '  + extra ',
      'pizza and the ',
      'i want the pizza if its on ',
      'pizza          ',
    ];
    for (const shape of shapes) {
      const line = shape.repeat(Math.ceil(40_000 / shape.length)).slice(0, 40_000);
      expect(readMenu(line, foodJudge({ catalog: () => catalog })).options.length).toBeLessThanOrEqual(10);
      const lines = `${shape.repeat(20)}\n`.repeat(Math.ceil(40_000 / (shape.length * 20 + 1)));
      expect(readMenu(lines).options.length).toBeLessThanOrEqual(10);
    }
  });

  it('asks the judge about a bounded number of candidates, however long the message', () => {
    let asked = 0;
    const counting = {
      readsAsFood: () => {
        asked++;
        return false;
      },
    };
    const message = Array.from({ length: 4000 }, (_, i) => `line ${i} of chatter, nothing to eat here`).join(
      '\n',
    );
    expect(message.length).toBeGreaterThan(40_000);
    expect(readMenu(message, counting).options).toEqual([]);
    expect(asked).toBeLessThanOrEqual(MAX_JUDGED);
  });
});
