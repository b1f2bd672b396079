import { describe, expect, it } from 'vitest';
import { menuOptionNames } from './menu-shape-names.js';

/** Where the dish is within a line of a posted menu: written for this test, not taken from the blind sets. */
describe('readMenu: where the dish is in a line', () => {
  it('reads the option out of the sentence around it, and where it is bought', () => {
    expect(
      menuOptionNames('quick q — do people want the chicken shawarma or the falafel wraps for the offsite?'),
    ).toEqual(['chicken shawarma', 'falafel wraps']);
    expect(
      menuOptionNames("who's in for the chippy? cod & chips, sausage & chips or a battered halloumi"),
    ).toEqual(['cod & chips', 'sausage & chips', 'battered halloumi']);
    expect(menuOptionNames('Lunch tomorrow — thinking either the burrito van or the ramen place?')).toEqual([
      'burrito',
      'ramen',
    ]);
  });

  it('reads a house name before its dish as the dish, with the name beside it', () => {
    const menu = [
      '| # | Burger | Price |',
      '|---|---|---|',
      '| 1 | Moo Moo – double beef cheeseburger | £13 |',
      '| 2 | Hen Party – crispy chicken burger | £12 |',
      '| 3 | Garden Classic – halloumi burger (V) | £11 |',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual([
      'double beef cheeseburger (Moo Moo)',
      'crispy chicken burger (Hen Party)',
      'halloumi burger (Garden Classic) (vegetarian)',
    ]);
  });

  it('keeps what an unknown name is made of beside it, and a known dish alone', () => {
    const menu = [
      '1) Margherita - tomato, mozzarella, basil - £9',
      '2) Capricciosa - ham, artichoke, mushroom, olives - £12',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Margherita', 'Capricciosa (ham, artichoke, mushroom, olives)']);
  });

  it('takes a kind of dish that labels a line as part of its dish', () => {
    const board = [
      'Soup of the week: pea & mint 🌱',
      'Sandwich of the week: coronation chicken',
      'Pizza: nduja or four cheese',
    ].join('\n');
    expect(menuOptionNames(board)).toEqual([
      'pea & mint soup (vegan)',
      'coronation chicken sandwich',
      'nduja pizza',
      'four cheese pizza',
    ]);
  });

  it('reads options after a label that introduces them, whatever separates them', () => {
    expect(menuOptionNames('burger night: smash burger or bean burger?')).toEqual([
      'smash burger',
      'bean burger',
    ]);
    expect(menuOptionNames('Turkish tonight? Options: lahmacun · adana kebab · lentil soup')).toEqual([
      'lahmacun',
      'adana kebab',
      'lentil soup',
    ]);
    expect(
      menuOptionNames('Option 1: Beef brisket bap\nOption 2: Jackfruit bap (VG)\nDeadline: Wed 5pm'),
    ).toEqual(['Beef brisket bap', 'Jackfruit bap (vegan)']);
  });

  it("reads an order's counts, fractions and weights as no part of the dish", () => {
    const basket = [
      'Basket – Grill House',
      '2x Half chicken 1/2 w/ fries £12',
      '1 × Ribeye 10oz £24',
      '10pc wings £9',
    ].join('\n');
    expect(menuOptionNames(basket)).toEqual(['Half chicken with fries', 'Ribeye', 'wings']);
  });

  it('keeps a kind of food beside a food as one of the choices, not alone', () => {
    expect(menuOptionNames('BBQ or Lebanese for the team lunch?')).toEqual(['BBQ', 'Lebanese']);
    expect(menuOptionNames('thai or indian tonight?')).toEqual([]);
  });

  it('drops a remark in brackets that is not food, keeps one that is', () => {
    const menu = [
      '- pizza (someone said 3 larges)',
      '- wings (lemon pepper)',
      '- salad (if anyone is being good)',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['pizza', 'wings (lemon pepper)', 'salad']);
  });

  it('takes the kind of dish a heading names to the items under it, not to a poll of kinds', () => {
    const menu = [
      '🍜 Ramen Thursday 🍜',
      'Tonkotsu — pork broth, chashu, egg',
      'Shoyu — chicken broth',
      'Vegan miso — tofu, corn',
    ].join('\n');
    expect(menuOptionNames(menu)).toEqual(['Tonkotsu ramen', 'Shoyu ramen', 'Vegan miso ramen']);
    expect(menuOptionNames('Pizza\nBurgers\nTacos')).toEqual(['Pizza', 'Burgers', 'Tacos']);
  });

  it("trims who shares an item off its end ('for the table', 'to share'; menu-words.json sharedWords)", () => {
    expect(menuOptionNames('- Padron peppers to share\n- jasmine tea for the table\n- Prawn toast')).toEqual([
      'Padron peppers',
      'jasmine tea',
      'Prawn toast',
    ]);
  });

  it('reads a milk offered for a drink as a choice of the order, not an option nor a side', () => {
    expect(menuOptionNames('- croissant\n- flat whites or lattes, oat or dairy')).toEqual([
      'croissant',
      'flat whites',
      'lattes',
    ]);
    expect(menuOptionNames('coffee run: latte or cappuccino? oat or soy')).toEqual(['latte', 'cappuccino']);
    // A milk word inside a dish's name is the dish's.
    expect(menuOptionNames('- almond croissant\n- oat porridge\n- soy latte')).toEqual([
      'almond croissant',
      'oat porridge',
      'soy latte',
    ]);
  });

  it("drops the alternative word that starts a line ('or', French 'ou'), as in a sentence", () => {
    expect(menuOptionNames('Set lunch:\nLasagne\nor fish pie\nor mushroom risotto')).toEqual([
      'Lasagne',
      'fish pie',
      'mushroom risotto',
    ]);
    expect(
      menuOptionNames('Formule midi:\nPlat du jour: boeuf bourguignon\nou quiche lorraine\nou ratatouille'),
    ).toEqual(['boeuf bourguignon', 'quiche lorraine', 'ratatouille']);
  });

  it('reads a part naming a dish of a kind of its own beside a dish as another item, not a side', () => {
    const board = ['CANTEEN', 'GRILL – cheeseburger, chicken wrap', 'DELI – ham sandwich', 'SOUP – tomato'];
    expect(menuOptionNames(board.join('\n'))).toEqual([
      'cheeseburger',
      'chicken wrap',
      'ham sandwich',
      'tomato soup',
    ]);
    // Sides stay sides: rice and peas, garlic bread, mash name no meal of their own.
    expect(menuOptionNames('- Chicken curry, rice & peas\n- Veg lasagne, garlic bread\n- Cod, mash')).toEqual(
      ['Chicken curry, rice & peas', 'Veg lasagne with garlic bread', 'Cod with mash'],
    );
  });

  it("reads a change to any item at a supplement's price as no option ('extra cheese +50p')", () => {
    const van = ['Spud van', 'Beans & cheese – £6', 'Tuna mayo – £7', 'add butter free, extra cheese +50p'];
    expect(menuOptionNames(van.join('\n'))).toEqual(['Beans & cheese', 'Tuna mayo']);
    expect(menuOptionNames('- Tofu katsu £9\n- Chicken katsu £10\nswap to brown rice + £1.50')).toEqual([
      'Tofu katsu',
      'Chicken katsu',
    ]);
    // An item whose name starts with such a word is still an item.
    expect(menuOptionNames('Extra hot wings £7\nHalloumi fries £5')).toEqual([
      'Extra hot wings',
      'Halloumi fries',
    ]);
  });

  it("reads an emoji code between words as one space and a time's colon as no label", () => {
    const menu = [
      'Noodle bar lunch :ramen: all veg, order at 12:30',
      '1 - Veg ramen',
      '2 - Tofu bao',
      '3 - Kimchi fried rice',
    ];
    expect(menuOptionNames(menu.join('\n'))).toEqual(['Veg ramen', 'Tofu bao', 'Kimchi fried rice']);
    expect(menuOptionNames('- Pad thai\n- Green curry\nback by 1:15 latest')).toEqual([
      'Pad thai',
      'Green curry',
    ]);
    // A label's colon still labels; a board's two spaces still part its columns.
    expect(menuOptionNames('Sam: pizza?\nJo: tacos\nAl: pizza')).toEqual(['pizza', 'tacos']);
    expect(menuOptionNames('MON  Bbq bun\nTUE  Fish pie :fish:\nWED  Dal')).toEqual([
      'Bbq bun',
      'Fish pie',
      'Dal',
    ]);
  });

  it("reads quote marks on some of a message's lines as bullets, not when they quote a message", () => {
    const set = [
      'Set lunch €12, pick a main:',
      '> Chicken curry',
      '> Veg lasagne',
      '> Fish pie',
      'dessert +€3: brownie',
    ];
    expect(menuOptionNames(set.join('\n'))).toEqual(['Chicken curry', 'Veg lasagne', 'Fish pie', 'brownie']);
    // A quoted email's own numbers mark its items; its greeting and signature are no options.
    const email = [
      'Pasted from the caterer:',
      '> Hello team, the options for Friday:',
      '> 1) Lamb tagine with couscous',
      '> 2) Mushroom stroganoff (V)',
      '> Best wishes, Pam',
    ];
    expect(menuOptionNames(email.join('\n'))).toEqual([
      'Lamb tagine with couscous',
      'Mushroom stroganoff (vegetarian)',
    ]);
  });

  it('reads a line wholly in bold among items starting in bold as an item, not a heading over the next', () => {
    const stall = [
      'Hawker stall picks',
      '*Laksa* (prawn)',
      '*Char kway teow*',
      '*Roti canai* w/ dhal',
      '*Teh tarik*',
    ];
    expect(menuOptionNames(stall.join('\n'))).toEqual([
      'Laksa (prawn)',
      'Char kway teow',
      'Roti canai with dhal',
      'Teh tarik',
    ]);
    expect(menuOptionNames('Lunch\n*Ramen*\n*Pad thai*\n*Katsu curry*')).toEqual([
      'Ramen',
      'Pad thai',
      'Katsu curry',
    ]);
    // Set apart from its items, a bold line still heads them.
    expect(menuOptionNames('*Burgers*\nclassic beef\nfalafel')).toEqual([
      'classic beef burgers',
      'falafel burgers',
    ]);
    expect(menuOptionNames('*Pizzas*\n*four cheese* £9\n*nduja* £10')).toEqual([
      'four cheese pizzas',
      'nduja pizzas',
    ]);
  });

  it('reads a first line naming a dish type alone as a dish, not a heading, unless something marks it', () => {
    // Unmarked: each line is a dish, whatever the next line names.
    expect(menuOptionNames('lasagne\ndal\nfish pie')).toEqual(['lasagne', 'dal', 'fish pie']);
    expect(menuOptionNames('pizza\ndal\npizza')).toEqual(['pizza', 'dal']);
    expect(menuOptionNames('curry\nchicken\nlamb')).toEqual(['curry', 'chicken', 'lamb']);
    expect(menuOptionNames('burrito\npaneer\nfalafel wrap')).toEqual(['burrito', 'paneer', 'falafel wrap']);
    expect(menuOptionNames('ramen\ntonkotsu\nshoyu')).toEqual(['ramen', 'tonkotsu', 'shoyu']);
    // Marked by a colon, styling, capitals or a word of when it is served: a heading.
    expect(menuOptionNames('Pizza:\nfour cheese\nspicy salami')).toEqual([
      'four cheese pizza',
      'spicy salami pizza',
    ]);
    expect(menuOptionNames('*Tacos*\nfish\nmushroom')).toEqual(['fish tacos', 'mushroom tacos']);
    expect(menuOptionNames('TACOS\nfish\nmushroom')).toEqual(['fish tacos', 'mushroom tacos']);
    expect(menuOptionNames('Taco Tuesday\nfish\nmushroom')).toEqual(['fish taco', 'mushroom taco']);
    expect(menuOptionNames('Burger menu\nclassic beef\nfalafel')).toEqual([
      'classic beef burger',
      'falafel burger',
    ]);
    expect(menuOptionNames('Tacos today\nfish\nbean')).toEqual(['fish tacos', 'bean tacos']);
    // Over items with bullets or prices it lacks, the line is set apart as a heading.
    expect(menuOptionNames('Pizza\n- four cheese\n- nduja')).toEqual(['four cheese pizza', 'nduja pizza']);
    expect(menuOptionNames('lasagne £9\ndal £7\nfish pie £10')).toEqual(['lasagne', 'dal', 'fish pie']);
  });

  it("reads '#1' numbering and a chat log's times as no part of the dish", () => {
    expect(menuOptionNames('#1 Smash burger\n#2 Crispy chicken sandwich\nvote with the number!')).toEqual([
      'Smash burger',
      'Crispy chicken sandwich',
    ]);
    expect(menuOptionNames('[12:03] Sam: pizza?\n[12:05] Priya: burritos!!\n[12:06] Al: ramen')).toEqual([
      'pizza',
      'burritos',
      'ramen',
    ]);
  });
});
