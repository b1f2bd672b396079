import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

/** Behaviour of the search-index matcher behind findProduct and findRecipe (issue #8). */
const catalog = loadCatalog();

/** The name a lookup answers with, or null when it refuses. */
function answered(find: (query: string) => { name: string }): (query: string) => string | null {
  return (query) => {
    try {
      return find(query).name;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  };
}
const product = answered((query) => catalog.findProduct(query));
const recipe = answered((query) => catalog.findRecipe(query));

describe('product matching', () => {
  it('finds a product by its exact catalog name, slashes and all', () => {
    expect(product('Pork, 90/10 trimming, raw')).toBe('Pork, 90/10 trimming, raw');
    expect(product('Cola, with sugar')).toBe('Cola, with sugar');
  });

  it('tolerates typos, including swapped letters, below an exact match', () => {
    expect(product('chikcen breast')).toMatch(/^Chicken, breast/);
    expect(product('brocolli')).toMatch(/^Broccoli/);
    expect(catalog.findProduct('chikcen breast').confidence).toBeLessThan(1);
    // A short word's typo is read beside its neighbour: "oat milk" is a name, so "mylk" is milk here.
    expect(product('oat mylk')).toMatch(/^Oat/);
  });

  it('does not take a lone word for a typo of a word that only describes a food', () => {
    // "gravy" is one letter from "grey", which in "Sea salt, grey" only says which salt.
    expect(product('gravy')).toBeNull();
    expect(product('mozarella')).toMatch(/^Mozzarella/);
  });

  it('answers a variety the catalog lacks with the generic food, saying it is the closest match', () => {
    const result = catalog.findProduct('Gala apples');
    expect(result.name).toMatch(/^Apple/);
    expect(catalog.findProduct('Anya potatoes').notes[0]).toMatch(/^Closest match/);
  });

  it('answers a frozen food the catalog lacks with its raw food, said to be the closest match', () => {
    const cod = catalog.findProduct('frozen cod');
    expect(cod.name).toBe('Cod, raw');
    expect(cod.notes[0]).toMatch(/^Closest match/);
    expect(product('frozen chicken breast')).toMatch(/^Chicken, breast, .*raw$/);
    // The frozen food itself first, when the catalog has it; never a dried or canned one.
    expect(product('frozen courgettes')).toBe('Courgette or zucchini, pulp and peel, frozen, raw');
    expect(catalog.findProduct('frozen peas').notes).toEqual([]);
    expect(product('dried mango')).toBeNull();
  });

  it('reads a brand as the food it sells, and a meat-free brand as meat-free', () => {
    expect(product('beyond meat burger')).toMatch(/^Veggie burger/);
    expect(product('Quorn mince')).toMatch(/^Soy-based mince/);
    expect(product('Oatly Barista 1L')).toMatch(/^Oat-based drink/);
    expect(catalog.findProduct('Oatly Barista 1L').notes[0]).toContain('Oatly');
  });

  it("reads another kind of food a brand makes from its source, not as the brand's drink", () => {
    expect(product('Alpro soya yoghurt')).toMatch(/^Soy dessert/);
    expect(product('Alpro soya cream')).toMatch(/^Soy "cream"/);
    // A food the query names that the brand's drink is made from is still the drink.
    expect(product('Alpro almond')).toMatch(/^Almond drink/);
    // A meat-free brand's food is never poultry, which now states chicken or turkey.
    expect(product('Quorn Mince 300g') ?? '').not.toMatch(/^Poultry/);
    // Its food is a "meat substitute": meat-free, though it says meat.
    expect(product('Quorn Mince 300g') ?? '').not.toMatch(/^Beef/);
    expect(product('turkey mince')).toBe('Poultry, minced meat');
  });

  it('answers a brand asked for alone with its reviewed item, said to be the closest match', () => {
    const mars = catalog.findProduct('Mars bar');
    expect(mars.name).toMatch(/chocolate bar/i);
    expect(mars.notes[0]).toMatch(/^Closest match.*Mars/);
    expect(product('Weetabix 24 pack')).toMatch(/^Breakfast cereals/);
    // Hyphenated brands are the brand, however the hyphen is typed.
    expect(catalog.findProduct('Irn-Bru').notes[0]).toContain('Irn-Bru');
    expect(catalog.findProduct('Häagen-Dazs').name).toMatch(/^Ice cream/);
    // A maker and its product line: the line, named last, is the food.
    expect(product("McVitie's Jaffa Cakes 12 pack")).toBe(product('jaffa cakes'));
    // A brand with the very food it is reviewed for, when that food alone finds nothing better.
    expect(product('Greggs sausage roll')).toBe('Meat in puff pastry');
    // Not when the query says more than the brand's food: whole milk is not its semi-skimmed item.
    expect(product('Cravendale whole milk')).toMatch(/^Milk, whole/);
    // The brand's food still holds: a jar of granules is not the drink per litre.
    expect(product('Nescafé Gold Blend 200g') ?? 'refused').not.toMatch(/ready-to-drink/);
  });

  it('never drops a modifier that changes the food', () => {
    expect(product('coke zero')).toMatch(/without sugar/);
    expect(product('cola')).toBe('Cola, with sugar');
    expect(product('cashew milk')).toBeNull();
    expect(product('oat yoghurt')).toBeNull();
    expect(product('fresh pasta')).not.toMatch(/^Dried/);
  });

  it('does not take one food of an animal for another of the same animal', () => {
    // Bacon and chorizo are pork, as are ham and the egg roll's filling, but they are other foods.
    expect(product('bacon roll') ?? '').not.toMatch(/^Egg roll/);
    expect(product('chorizo sandwich') ?? '').not.toMatch(/ham/);
  });

  it('never answers a pickled, candied or cured food with the raw one', () => {
    expect(product('pickled red cabbage')).toBeNull();
    expect(product('candied ginger')).toBeNull();
    expect(product('cured salmon')).toBeNull();
  });

  it('reads how a food was cooked however a menu words it', () => {
    expect(product('chargrilled chicken breast')).toMatch(/^Chicken, breast.*cooked/);
    expect(product('uncooked brown rice')).toBe('Rice, brown, raw');
    expect(product('pulled pork')).toMatch(/^Pork, shoulder, cooked/);
    expect(product('lasagne al forno')).toMatch(/^Lasagna/);
  });

  it('never answers a breaded or battered food with the plain one', () => {
    expect(product('breaded cod')).not.toBe('Cod, raw');
    expect(product('beer-battered cod')).not.toBe('Cod, raw');
    expect(product('battered fish')).toBe('Fish, breaded, fried');
  });

  it('does not answer a jar of coffee, tea bags or cocoa powder with the brewed drink', () => {
    expect(product('jar of instant coffee') ?? 'refused').not.toMatch(/ready-to-drink/);
    expect(product('tea bags') ?? 'refused').not.toMatch(/brewed/);
    expect(product('cocoa powder')).toMatch(/^Cocoa powder/);
    // "coffee" is the dry good, per kg, with the cup beside it (issue #20); a cup of it is the drink.
    expect(product('coffee')).toMatch(/^Coffee, ground/);
    expect(product('cup of coffee')).toMatch(/ready-to-drink/);
    // Nor dried milk or a packet of instant mash with the liquid or the made-up dish: a powder is dried.
    expect(product('dried skimmed milk')).toMatch(/^Milk, powder, skimmed/);
    expect(product('instant mash')).toMatch(/^Potato flakes, dehydrated/);
  });

  it('refuses what is not food, even with food words in it', () => {
    for (const query of ['laptop', 'dish soap', 'scented candle', 'dog food', 'John Smith']) {
      expect(product(query), query).toBeNull();
    }
  });

  it('finds a food named in a later part of its Agribalyse name, whose first part says its kind', () => {
    expect(product('palmiers')).toBe('Biscuit ( puff pastry), palmier, from bakery');
  });

  it('never gives a variety the catalog has to another item, nor one variety to another', () => {
    expect(product('gorgonzola')).toBe("Gorgonzola cheese, from cow's milk");
    expect(product('jasmine rice')).not.toMatch(/basmati/i);
  });

  it('reads a bulb as the form garlic and fennel come in, not as a food or a non-food', () => {
    expect(product('fennel bulb')).toBe('Fennel, raw');
    expect(product('a bulb of garlic')).toBe('Garlic, fresh');
    for (const query of ['light bulb', 'bulbs', 'tulip bulbs']) expect(product(query), query).toBeNull();
  });

  it('never reads an animal the catalog lacks as a typo for another food', () => {
    expect(product('partridge')).toBeNull();
  });

  it('reads poultry as chicken or turkey, so a turkey typo still finds the poultry mince', () => {
    expect(product('tukrey mince')).toBe('Poultry, minced meat');
  });

  it("reads past how old a cheese or a whisky is, as a pack's detail", () => {
    expect(product('Comté 18 months')).toMatch(/^Comté/);
    expect(product('12 year old whisky')).toBe('Whisky');
  });

  it("reads a pub's wine by the glass", () => {
    expect(product('glass of house red')).toBe('Wine, red');
    expect(product('house white')).toMatch(/^Wine, white/);
  });

  it('refuses non-food brands that a typo correction would read as a food', () => {
    // Whiskas is one edit from whisky, Gillette from rillettes, Bonio from bonito.
    for (const query of ['Whiskas', 'Gillette', 'Bonio']) expect(product(query), query).toBeNull();
  });

  it('refuses a utensil or appliance named after the food it serves, and answers the food', () => {
    expect(product('ice cream scoop')).toBeNull();
    expect(product('bean to cup coffee machine')).toBeNull();
    expect(product('kids lunch box with apple print')).toBeNull();
    expect(product('a scoop of ice cream')).toMatch(/^Ice cream/);
  });

  it('refuses a vessel named after what it holds, and answers what a vessel holds', () => {
    for (const query of ['wine glass', 'milk jug', 'beer glasses']) expect(product(query), query).toBeNull();
    expect(product('glass of wine')).toMatch(/^Wine/);
    expect(product('mug of hot chocolate')).not.toBeNull();
  });

  it('refuses a food the catalog lacks rather than answer its neighbour, and suggests what it has', () => {
    expect(product('plain naan bread')).toBeNull();
    expect(product('crumpets 6 pack')).toBeNull();
    expect(product('frozen yorkshire puddings')).toBeNull();
    let refusal: unknown = null;
    try {
      catalog.findProduct('plain naan bread');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(NotFoundError);
    expect((refusal as NotFoundError).suggestions.length).toBeGreaterThan(0);
    // Served with one, the food itself is still answered.
    expect(product('chicken curry with naan')).not.toBeNull();
  });

  it('refuses body care and other things sold beside food that borrow a food word', () => {
    // Before the body-care and beauty-ingredient words, "shea body butter" was answered as butter.
    for (const query of ['shea body butter', 'jojoba oil', 'coconut lip scrub', 'almond hand cream']) {
      expect(product(query), query).toBeNull();
    }
    // Pet food names the animal's food in food words: the phrase says it is not for people.
    for (const query of ['chicken dog food', 'salmon cat food 12 pouches', 'tuna chunks for cats']) {
      expect(product(query), query).toBeNull();
    }
  });

  it('refuses kitchen things whose name a typo, a stem or a dropped word would read as a food', () => {
    for (const query of ['cheese grater', 'potato masher', 'orange juicer', 'kitchen roll']) {
      expect(product(query), query).toBeNull();
    }
  });
});

describe('dish matching', () => {
  it('finds dishes by casual names and with typos', () => {
    expect(recipe('spag bol')).toBe('Spaghetti bolognese');
    expect(recipe('lasgana')).toBe('Lasagne');
  });

  it("reads past a menu's praise and flourishes, which say nothing about which dish it is", () => {
    expect(recipe('hand-stretched pepperoni pizza')).toBe('Pepperoni pizza');
    expect(recipe('our famous hearty lasagne')).toBe('Lasagne');
    expect(recipe('award-winning fish and chips')).toBe('Fish and chips');
    // How warm it is served says nothing about which dish it is.
    expect(recipe('warm apple pie with cream')).toBe('Apple pie');
  });

  it('reads past what people say around a dish in chat', () => {
    expect(recipe('got leftover lasagne')).toBe('Lasagne');
    expect(recipe('just ordered a doner kebab')).toBe('Doner kebab');
  });

  it('never answers with a dish whose defining ingredient contradicts the query', () => {
    // "shark" names an animal: it is not a typo for the "shank" of a lamb dish.
    expect(recipe('shark fajitas')).toBeNull();
    expect(recipe('kangaroo burger')).toBeNull();
    expect(recipe('prawn biryani')).toBeNull();
    expect(recipe('paneer tikka masala')).toBeNull();
    expect(recipe('lamb burger')).toBeNull();
    expect(recipe('seitan kebab')).toBeNull();
  });

  it("reads a short word's typo beside the word a dish name puts next to it", () => {
    expect(recipe('pad tai chicken')).toBe('Pad Thai with chicken');
    expect(recipe('dner kebab')).toBe('Doner kebab');
    // Alone, a short word has too many near neighbours to be corrected.
    expect(recipe('tai')).toBeNull();
  });

  it('weighs a meat-free food word as a food, not as a qualifier', () => {
    // "bean" says the dish is meat-free, but it also names what the dish is.
    expect(recipe('cheesy nachos beans')).toBe('Nachos with beans');
  });

  it('tells egg rolls from spring rolls, and reads a beer batter as a batter', () => {
    expect(recipe('egg rolls')).toMatch(/^Egg roll/);
    expect(recipe('beer battered fish and chips')).toBe('Fish and chips');
  });

  it('reads a dish served with sides its names lack as the dish, unless a side says what it is', () => {
    expect(recipe('tandoori chicken with garlic naan and salad')).toBe('Tandoori chicken');
    expect(recipe('lasagne with garlic bread and side salad')).toBe('Lasagne');
    // A side that names an animal is part of the dish: never a lasagne without it.
    expect(recipe('lasagne with chicken')).toBe('Lasagna with chicken or turkey');
    expect(recipe('lasagne with kangaroo')).toBeNull();
    // A side that only says "no meat" (potato) does not make a meat dish meat-free.
    expect(recipe('wiener schnitzel with potato salad')).toBe('Wiener schnitzel');
    // Nor is a kind of dish with sides any one dish of that kind.
    expect(recipe('soup with crusty bread')).toBeNull();
    expect(recipe('pie with mash')).toBeNull();
  });

  it('reads a bowl dish as its own dish, though "bowl" alone is a serving word', () => {
    expect(recipe('chipotle chicken burrito bowl')).toBe('Burrito bowl, chicken');
    expect(recipe('vegan buddha bowl with tahini dressing')).toBe('Buddha bowl');
    expect(recipe('chicken burrito')).toBe('Chicken burrito');
  });

  it('reads past a pack or portion word no dish name has', () => {
    expect(recipe('chicken teriyaki bento box')).toBe('Chicken teriyaki');
    expect(recipe('a rack of barbecue ribs')).toBe('BBQ ribs');
    expect(recipe('big bowl of paella')).toBe('Paella');
  });

  it('sets aside a cooking word a dish named in full lacks, not an ingredient', () => {
    expect(recipe('slow-braised beef bourguignon')).toBe('Beef bourguignon');
    // One word left is not a dish named in full; kidney is an ingredient, not a way of cooking.
    expect(recipe('grilled salmon')).toBeNull();
    expect(recipe('steak and kidney pie')).toBeNull();
  });

  it('does not set aside an unknown first word of a dish', () => {
    expect(recipe('reindeer stew')).toBeNull();
  });

  it('sets aside a word it does not know when the rest names a dish in full, saying so', () => {
    const biryani = catalog.findRecipe('kolkata chicken biryani');
    expect(biryani.name).toMatch(/biryani/i);
    expect(biryani.name).toMatch(/chicken/i);
    expect(biryani.notes.join(' ')).toMatch(/closest match/i);
    // The named dish must have every word the query knows: no other animal, no missing ingredient.
    expect(recipe('kolkata prawn biryani')).toBeNull();
  });
});
