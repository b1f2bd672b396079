import { describe, expect, it } from 'vitest';
import { foodJudge } from '../../src/compare/compare.js';
import { readMenu } from '../../src/compare/menu.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * Shapes of posted menus the reader tells apart by their structure, each written for this test (not
 * taken from the blind sets): the mechanism, not the case.
 */
const catalog = loadCatalog();
const names = (message: string) =>
  readMenu(message, foodJudge({ catalog: () => catalog })).options.map((option) => option.text);

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
    expect(names(form)).toEqual(['Chicken souvlaki with chips', 'Aubergine moussaka (vegetarian)']);
    const email = [
      'Fwd: Catering for Thursday – The Pie Shop',
      'Subject: Pie platter quote',
      '- Steak & ale pie £6',
      '- Cheese & onion pie (V) £5',
      'Subtotal £11',
    ].join('\n');
    expect(names(email)).toEqual(['Steak & ale pie', 'Cheese & onion pie (vegetarian)']);
  });

  it('drops a legend of marks and the allergen statements beside a dish', () => {
    const menu = [
      'V = vegetarian, VG = vegan, N = contains nuts',
      '- Chicken ruby (1, 7) £9',
      '- Lamb pie (Contains: gluten, milk, celery) £8',
      '- Okra fries (VG) £5',
      'Allergen key: 1 = gluten, 7 = milk',
    ].join('\n');
    expect(names(menu)).toEqual(['Chicken ruby', 'Lamb pie', 'Okra fries (vegan)']);
  });

  it('drops a markdown heading among a menu of items, and chat around them', () => {
    const menu = ['## Taco Tuesday 🌮', '- Fish tacos', '- Mushroom tacos (VG)', 'orders in by 11 pls'].join(
      '\n',
    );
    expect(names(menu)).toEqual(['Fish tacos', 'Mushroom tacos (vegan)']);
  });

  it('drops a line of chatter in a plain message rather than rank it, however food-like its words', () => {
    const message = [
      'Lunch ideas for Friday?',
      'Pad thai',
      'Chicken katsu curry',
      'who wants coffee after',
      'please fill the spreadsheet, link in the thread',
    ].join('\n');
    expect(names(message)).toEqual(['Pad thai', 'Chicken katsu curry']);
  });

  it('drops a restaurant named alone beside foods offered, keeps restaurants alone and one with its dish', () => {
    expect(names('kfc or nandos? (burger vs wrap)')).toEqual(['burger', 'wrap']);
    expect(names('kfc or subway?')).toEqual(['kfc', 'subway']);
    expect(names("Nando's (peri peri chicken) or Wasabi (chicken katsu)")).toHaveLength(2);
  });

  it('drops an option out of a sentence beside the poll, and one ruled out', () => {
    expect(names('laksa or pho? the noodle bar shuts early on fridays')).toEqual(['laksa', 'pho']);
    expect(names('can we do sushi this time? or poke. not pizza again pls 😭')).toEqual(['sushi', 'poke']);
  });
});

describe('readMenu: where the dish is in a line', () => {
  it('reads the option out of the sentence around it, and where it is bought', () => {
    expect(
      names('quick q — do people want the chicken shawarma or the falafel wraps for the offsite?'),
    ).toEqual(['chicken shawarma', 'falafel wraps']);
    expect(names("who's in for the chippy? cod & chips, sausage & chips or a battered halloumi")).toEqual([
      'cod & chips',
      'sausage & chips',
      'battered halloumi',
    ]);
    expect(names('Lunch tomorrow — thinking either the burrito van or the ramen place?')).toEqual([
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
    expect(names(menu)).toEqual([
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
    expect(names(menu)).toEqual(['Margherita', 'Capricciosa (ham, artichoke, mushroom, olives)']);
  });

  it('takes a kind of dish that labels a line as part of its dish', () => {
    const board = [
      'Soup of the week: pea & mint 🌱',
      'Sandwich of the week: coronation chicken',
      'Pizza: nduja or four cheese',
    ].join('\n');
    expect(names(board)).toEqual([
      'pea & mint soup (vegan)',
      'coronation chicken sandwich',
      'nduja pizza',
      'four cheese pizza',
    ]);
  });

  it('reads options after a label that introduces them, whatever separates them', () => {
    expect(names('burger night: smash burger or bean burger?')).toEqual(['smash burger', 'bean burger']);
    expect(names('Turkish tonight? Options: lahmacun · adana kebab · lentil soup')).toEqual([
      'lahmacun',
      'adana kebab',
      'lentil soup',
    ]);
    expect(names('Option 1: Beef brisket bap\nOption 2: Jackfruit bap (VG)\nDeadline: Wed 5pm')).toEqual([
      'Beef brisket bap',
      'Jackfruit bap (vegan)',
    ]);
  });

  it("reads an order's counts, fractions and weights as no part of the dish", () => {
    const basket = [
      'Basket – Grill House',
      '2x Half chicken 1/2 w/ fries £12',
      '1 × Ribeye 10oz £24',
      '10pc wings £9',
    ].join('\n');
    expect(names(basket)).toEqual(['Half chicken with fries', 'Ribeye', 'wings']);
  });

  it('keeps a kind of food beside a food as one of the choices, not alone', () => {
    expect(names('BBQ or Lebanese for the team lunch?')).toEqual(['BBQ', 'Lebanese']);
    expect(names('thai or indian tonight?')).toEqual([]);
  });

  it('drops a remark in brackets that is not food, keeps one that is', () => {
    const menu = [
      '- pizza (someone said 3 larges)',
      '- wings (lemon pepper)',
      '- salad (if anyone is being good)',
    ].join('\n');
    expect(names(menu)).toEqual(['pizza', 'wings (lemon pepper)', 'salad']);
  });

  it('takes the kind of dish a heading names to the items under it, not to a poll of kinds', () => {
    const menu = [
      '🍜 Ramen Thursday 🍜',
      'Tonkotsu — pork broth, chashu, egg',
      'Shoyu — chicken broth',
      'Vegan miso — tofu, corn',
    ].join('\n');
    expect(names(menu)).toEqual(['Tonkotsu ramen', 'Shoyu ramen', 'Vegan miso ramen']);
    expect(names('Pizza\nBurgers\nTacos')).toEqual(['Pizza', 'Burgers', 'Tacos']);
  });

  it("trims who shares an item off its end ('for the table', 'to share'; menu-words.json sharedWords)", () => {
    expect(names('- Padron peppers to share\n- jasmine tea for the table\n- Prawn toast')).toEqual([
      'Padron peppers',
      'jasmine tea',
      'Prawn toast',
    ]);
  });

  it('reads a milk offered for a drink as a choice of the order, not an option nor a side', () => {
    expect(names('- croissant\n- flat whites or lattes, oat or dairy')).toEqual([
      'croissant',
      'flat whites',
      'lattes',
    ]);
    expect(names('coffee run: latte or cappuccino? oat or soy')).toEqual(['latte', 'cappuccino']);
    // A milk word inside a dish's name is the dish's.
    expect(names('- almond croissant\n- oat porridge\n- soy latte')).toEqual([
      'almond croissant',
      'oat porridge',
      'soy latte',
    ]);
  });

  it("drops the alternative word that starts a line ('or', French 'ou'), as in a sentence", () => {
    expect(names('Set lunch:\nLasagne\nor fish pie\nor mushroom risotto')).toEqual([
      'Lasagne',
      'fish pie',
      'mushroom risotto',
    ]);
    expect(
      names('Formule midi:\nPlat du jour: boeuf bourguignon\nou quiche lorraine\nou ratatouille'),
    ).toEqual(['boeuf bourguignon', 'quiche lorraine', 'ratatouille']);
  });

  it('reads a part naming a dish of a kind of its own beside a dish as another item, not a side', () => {
    const board = ['CANTEEN', 'GRILL – cheeseburger, chicken wrap', 'DELI – ham sandwich', 'SOUP – tomato'];
    expect(names(board.join('\n'))).toEqual(['cheeseburger', 'chicken wrap', 'ham sandwich', 'tomato soup']);
    // Sides stay sides: rice and peas, garlic bread, mash name no meal of their own.
    expect(names('- Chicken curry, rice & peas\n- Veg lasagne, garlic bread\n- Cod, mash')).toEqual([
      'Chicken curry, rice & peas',
      'Veg lasagne with garlic bread',
      'Cod with mash',
    ]);
  });

  it("reads a change to any item at a supplement's price as no option ('extra cheese +50p')", () => {
    const van = ['Spud van', 'Beans & cheese – £6', 'Tuna mayo – £7', 'add butter free, extra cheese +50p'];
    expect(names(van.join('\n'))).toEqual(['Beans & cheese', 'Tuna mayo']);
    expect(names('- Tofu katsu £9\n- Chicken katsu £10\nswap to brown rice + £1.50')).toEqual([
      'Tofu katsu',
      'Chicken katsu',
    ]);
    // An item whose name starts with such a word is still an item.
    expect(names('Extra hot wings £7\nHalloumi fries £5')).toEqual(['Extra hot wings', 'Halloumi fries']);
  });

  it("reads an emoji code between words as one space and a time's colon as no label", () => {
    const menu = [
      'Noodle bar lunch :ramen: all veg, order at 12:30',
      '1 - Veg ramen',
      '2 - Tofu bao',
      '3 - Kimchi fried rice',
    ];
    expect(names(menu.join('\n'))).toEqual(['Veg ramen', 'Tofu bao', 'Kimchi fried rice']);
    expect(names('- Pad thai\n- Green curry\nback by 1:15 latest')).toEqual(['Pad thai', 'Green curry']);
    // A label's colon still labels; a board's two spaces still part its columns.
    expect(names('Sam: pizza?\nJo: tacos\nAl: pizza')).toEqual(['pizza', 'tacos']);
    expect(names('MON  Bbq bun\nTUE  Fish pie :fish:\nWED  Dal')).toEqual(['Bbq bun', 'Fish pie', 'Dal']);
  });

  it("reads quote marks on some of a message's lines as bullets, not when they quote a message", () => {
    const set = [
      'Set lunch €12, pick a main:',
      '> Chicken curry',
      '> Veg lasagne',
      '> Fish pie',
      'dessert +€3: brownie',
    ];
    expect(names(set.join('\n'))).toEqual(['Chicken curry', 'Veg lasagne', 'Fish pie', 'brownie']);
    // A quoted email's own numbers mark its items; its greeting and signature are no options.
    const email = [
      'Pasted from the caterer:',
      '> Hello team, the options for Friday:',
      '> 1) Lamb tagine with couscous',
      '> 2) Mushroom stroganoff (V)',
      '> Best wishes, Pam',
    ];
    expect(names(email.join('\n'))).toEqual([
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
    expect(names(stall.join('\n'))).toEqual([
      'Laksa (prawn)',
      'Char kway teow',
      'Roti canai with dhal',
      'Teh tarik',
    ]);
    expect(names('Lunch\n*Ramen*\n*Pad thai*\n*Katsu curry*')).toEqual(['Ramen', 'Pad thai', 'Katsu curry']);
    // Set apart from its items, a bold line still heads them.
    expect(names('*Burgers*\nclassic beef\nfalafel')).toEqual(['classic beef burgers', 'falafel burgers']);
    expect(names('*Pizzas*\n*four cheese* £9\n*nduja* £10')).toEqual(['four cheese pizzas', 'nduja pizzas']);
  });

  it('reads a first line naming a dish type alone as a dish, not a heading, unless something marks it', () => {
    // Unmarked: each line is a dish, whatever the next line names.
    expect(names('lasagne\ndal\nfish pie')).toEqual(['lasagne', 'dal', 'fish pie']);
    expect(names('pizza\ndal\npizza')).toEqual(['pizza', 'dal']);
    expect(names('curry\nchicken\nlamb')).toEqual(['curry', 'chicken', 'lamb']);
    expect(names('burrito\npaneer\nfalafel wrap')).toEqual(['burrito', 'paneer', 'falafel wrap']);
    expect(names('ramen\ntonkotsu\nshoyu')).toEqual(['ramen', 'tonkotsu', 'shoyu']);
    // Marked by a colon, styling, capitals or a word of when it is served: a heading.
    expect(names('Pizza:\nfour cheese\nspicy salami')).toEqual(['four cheese pizza', 'spicy salami pizza']);
    expect(names('*Tacos*\nfish\nmushroom')).toEqual(['fish tacos', 'mushroom tacos']);
    expect(names('TACOS\nfish\nmushroom')).toEqual(['fish tacos', 'mushroom tacos']);
    expect(names('Taco Tuesday\nfish\nmushroom')).toEqual(['fish taco', 'mushroom taco']);
    expect(names('Burger menu\nclassic beef\nfalafel')).toEqual(['classic beef burger', 'falafel burger']);
    expect(names('Tacos today\nfish\nbean')).toEqual(['fish tacos', 'bean tacos']);
    // Over items with bullets or prices it lacks, the line is set apart as a heading.
    expect(names('Pizza\n- four cheese\n- nduja')).toEqual(['four cheese pizza', 'nduja pizza']);
    expect(names('lasagne £9\ndal £7\nfish pie £10')).toEqual(['lasagne', 'dal', 'fish pie']);
  });

  it("reads '#1' numbering and a chat log's times as no part of the dish", () => {
    expect(names('#1 Smash burger\n#2 Crispy chicken sandwich\nvote with the number!')).toEqual([
      'Smash burger',
      'Crispy chicken sandwich',
    ]);
    expect(names('[12:03] Sam: pizza?\n[12:05] Priya: burritos!!\n[12:06] Al: ramen')).toEqual([
      'pizza',
      'burritos',
      'ramen',
    ]);
  });
});

describe('readMenu: a choice written in sentences', () => {
  it('reads a sentence that starts with an alternative as adding to the choice, not chatter beside it', () => {
    expect(names('burritos or ramen? or we could do dumplings')).toEqual(['burritos', 'ramen', 'dumplings']);
    // Without the alternative, a sentence beside the poll is chatter.
    expect(names('burritos or ramen? we could do dumplings')).toEqual(['burritos', 'ramen']);
  });

  it("reads the words between a sentence and its option as the sentence's ('up for', 'keen on')", () => {
    expect(names("who's up for katsu curry or bibimbap")).toEqual(['katsu curry', 'bibimbap']);
    expect(names('anyone keen on a kebab or shall we get pizza')).toEqual(['kebab', 'pizza']);
  });

  it('reads a place named with its dish in brackets as the dish', () => {
    expect(names('so is it the Turkish place (chicken adana) or the Lebanese place (lamb kofta)?')).toEqual([
      'chicken adana',
      'lamb kofta',
    ]);
  });

  it("reads 'between X and Y' as two options, and a preposition left at an option's end as no part of it", () => {
    expect(names("honestly it's between the mushroom risotto and the fish pie for me")).toEqual([
      'mushroom risotto',
      'fish pie',
    ]);
    expect(names('Order for the workshop: sandwiches, flapjacks and fruit salad for 14')).not.toContainEqual(
      expect.stringMatching(/\sfor$/),
    );
  });

  it("shares a kind said once between bare foods ('chicken or beef burrito'), not between a menu's dishes", () => {
    expect(names('is it the chicken or the beef burrito this time?')).toEqual([
      'chicken burrito',
      'beef burrito',
    ]);
    expect(names('Mon: Cod loin / Cheese omelette (V)\nTue: Beef chilli / Bean chilli')).toEqual([
      'Cod loin',
      'Cheese omelette (vegetarian)',
      'Beef chilli',
      'Bean chilli',
    ]);
  });

  it("drops a sentence's words after an option, the people a diet names and the day an event is", () => {
    expect(names('is the lamb biryani better here?')).toEqual(['lamb biryani']);
    expect(names('Greek tonight? souvlaki, gyros, or spanakopita for the veggies')).toEqual([
      'souvlaki',
      'gyros',
      'spanakopita',
    ]);
    expect(names('Thu: fish pie\nFri: pizza day!')).toEqual(['fish pie', 'pizza']);
  });

  it("reads a sentence's list to its last item, a tally's counts and the sentence after an option", () => {
    expect(names("Food's here! There's a mushroom risotto, a beef lasagne and some garlic bread")).toEqual([
      'mushroom risotto',
      'beef lasagne',
      'garlic bread',
    ]);
    // "and" between two foods of one item keeps them together.
    expect(names('poll: pad thai, fish and chips')).toEqual(['pad thai', 'fish and chips']);
    expect(names('so far: 4 for katsu curry, 3 for bibimbap')).toEqual(['katsu curry', 'bibimbap']);
    expect(names('pizza again? or the Vietnamese place, their tofu pho is great')).toContain('tofu pho');
  });

  it("reads labels each with its value, parted by commas, as pairs; a kind's colon list as dishes of that kind", () => {
    expect(names('Which one? the diner = smash burger, veggie place = falafel wrap')).toEqual([
      'smash burger',
      'falafel wrap',
    ]);
    expect(names('Pizza: margherita, pepperoni')).toEqual(['margherita pizza', 'pepperoni pizza']);
    // A list of what one dish is filled with stays one dish.
    expect(names('Toastie: Ham, cheddar & mustard')).toEqual(['Ham, cheddar & mustard toastie']);
  });

  it('reads items lettered or numbered within a line, and a sentence joined by "and the" as two', () => {
    expect(names('Pls pick: A. Lasagne B. Chicken pie C. Veg curry')).toEqual([
      'Lasagne',
      'Chicken pie',
      'Veg curry',
    ]);
    expect(names('Thursday lunch poll: 1) ramen 2) dumplings 3) bao buns')).toEqual([
      'ramen',
      'dumplings',
      'bao buns',
    ]);
    expect(names("this week's soup is minestrone and the special is a beef & ale pie")).toEqual([
      'minestrone',
      'beef & ale pie',
    ]);
  });

  it("reads a kind named alone before a poll as the poll's heading, 'otherwise' as an alternative, a sentence after an option", () => {
    expect(names("pizza tonight? I'll order at 7. Pepperoni, margherita or bbq chicken")).toEqual([
      'Pepperoni pizza',
      'margherita',
      'bbq chicken pizza',
    ]);
    expect(names("I'd go for the katsu curry if it's on, otherwise the ramen")).toEqual([
      'katsu curry',
      'ramen',
    ]);
    expect(names('Results: sushi 5, pizza 3, salad 2. Sushi it is!')).toContain('salad');
  });

  it('reads a comparison in a sentence as two options, and a diet alone as no option', () => {
    expect(names('is the halloumi wrap better than the chicken wrap')).toEqual([
      'halloumi wrap',
      'chicken wrap',
    ]);
    expect(names('vegan or a cheeseburger')).toEqual(['cheeseburger']);
  });
});

describe('readMenu: a column of labels, items not on offer, priced items between bars', () => {
  it('reads a column of labels as labels, whatever food they name, and the dish after each', () => {
    const colon = [
      'Works canteen, Thursday',
      'Starter: Tomato & lentil soup',
      'Meat: Pork belly with apple',
      'Fish: Grilled mackerel & new potatoes',
      'Pudding: Rhubarb fool',
    ].join('\n');
    expect(names(colon)).toEqual([
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
    expect(names(capitals)).toEqual([
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
    expect(names(menu)).toEqual(['Margherita', 'Diavola', 'Funghi']);
  });

  it("reads an item's dish with the sides its commas list as one option, without a note that is not food", () => {
    const board = [
      'The Fox – lunch',
      'Pork belly, mash, red cabbage £16',
      'Halloumi burger, fries £13',
      'Lasagne, served until 2pm £12',
    ].join('\n');
    expect(names(board)).toEqual([
      'Pork belly with mash and red cabbage',
      'Halloumi burger with fries',
      'Lasagne',
    ]);
    // A dish already served "with" something takes the sides after it.
    expect(names('- Shakshuka with flatbread, feta £9\n- Granola pot £4')).toEqual([
      'Shakshuka with flatbread and feta',
      'Granola pot',
    ]);
    // In a sentence, commas list the options, not a dish's sides.
    expect(names('burgers, ramen or tacos today?')).toEqual(['burgers', 'ramen', 'tacos']);
  });

  it("reads a kind of dish before a dash as the kind of the item's dish, and a plain label's commas as its sides", () => {
    const board = [
      'Board today',
      'Soup – Roasted tomato w/ basil oil £4',
      'Main – Lamb hotpot, red cabbage £11',
      'Pud – Bread & butter pudding £4.50',
    ].join('\n');
    expect(names(board)).toEqual([
      'Roasted tomato soup with basil oil',
      'Lamb hotpot with red cabbage',
      'Bread & butter pudding',
    ]);
    // After a colon, a label's commas still list options.
    expect(names('Team lunch\n- Chicken ruby £9\n- Black daal £7\nSides: garlic naan, okra fries')).toEqual([
      'Chicken ruby',
      'Black daal',
      'garlic naan',
      'okra fries',
    ]);
  });

  it("reads a column's labels as labels whatever they say, its commas as the dish's, and a kind before a label's head", () => {
    const set = [
      'Set menu',
      'Starter: Smoked mackerel pâté',
      'Main: Chicken supreme, dauphinoise',
      'Veggie main: Wild mushroom wellington',
      'Dessert: Lemon posset',
    ].join('\n');
    expect(names(set)).not.toContain('dauphinoise');
    expect(names('Ramen options: tonkotsu, shoyu')).toEqual(['tonkotsu ramen', 'shoyu ramen']);
    // A dish naming a kind of its own keeps it.
    expect(names('Noodle options: pad thai, laksa')).toEqual(['pad thai', 'laksa']);
  });

  it("drops a change to the item above, on a line indented or after '+'", () => {
    const order = [
      'Uber Eats order',
      '1x Chicken Pad Thai (Large) $16.99',
      '  + Extra peanuts $1.00',
      '  no onions',
      '2x Veggie Spring Rolls $6.00',
    ].join('\n');
    expect(names(order)).toEqual(['Chicken Pad Thai', 'Veggie Spring Rolls']);
  });

  it("reads a label ending in 'dish' as a label, like 'option' or 'special'", () => {
    const menu = [
      'Lunch menu',
      'Soup: Tomato & basil',
      'Hot dish: Beef stroganoff',
      'Veggie dish: Mushroom pie',
    ].join('\n');
    expect(names(menu)).toEqual(['Tomato & basil soup', 'Beef stroganoff', 'Mushroom pie']);
  });

  it("keeps a plain list line's sides too, only those whose every word the dish reader knows", () => {
    const plain = [
      'Conference lunch',
      '🥩 Braised beef short rib, mash',
      '🐟 Grilled cod, peas',
      '🌱 Tofu bao',
    ].join('\n');
    expect(names(plain)).toEqual([
      'Braised beef short rib with mash',
      'Grilled cod with peas',
      'Tofu bao (vegan)',
    ]);
    // A side in words the reader does not know would leave the dish not understood: it is left out.
    expect(names('Bistro\n- Confit de canard, lentilles du Puy £18\n- Steak frites £21')).toEqual([
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
    expect(names(menu)).toEqual(['Lamb tagine', 'Chickpea tagine']);
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
    expect(names(menu)).toEqual(['Lamb shank', 'Squash risotto', 'Apple pie']);
    expect(names('Lunch: 🍜 ramen | 🍣 sushi | 🍛 katsu curry')).toEqual(['ramen', 'sushi', 'katsu curry']);
    // One bar parts a dish from its description.
    expect(names('- Tofu banh mi | pickled veg\n- Pork bao | hoisin')).toEqual(['Tofu banh mi', 'Pork bao']);
  });

  it('drops an item the menu says is not on offer', () => {
    const menu = ['• Beef brisket bap', '• Prawn laksa? (sold out)', '• Halloumi wrap'].join('\n');
    expect(names(menu)).toEqual(['Beef brisket bap', 'Halloumi wrap']);
  });

  it('reads items each with its price between bars as options, not a dish and its house name', () => {
    expect(names('Drinks today\nMocha 3.2 | Peppermint tea 2.5 | Apple juice 2')).toEqual([
      'Mocha',
      'Peppermint tea',
      'Apple juice',
    ]);
  });
});
