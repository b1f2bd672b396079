import { describe, expect, it } from 'vitest';
import { computeLine } from '../../src/recipes/compute.js';
import { readPackSizesFile } from '../../src/recipes/packs.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';

const catalog = loadCatalog();
const portions = loadPortionTable();
const weigh = (text: string) => computeLine(text, catalog, portions);
const size = (food: string, kind: string) =>
  readPackSizesFile().sizes.find((entry) => entry.packs.includes(kind) && entry.foods.includes(food));

describe('pieces, lengths and packets lists name without a weight', () => {
  it('weighs a thumb of ginger, and a length of a root by the centimetre or inch', () => {
    const thumb = size('ginger', 'thumb')!.grams!;
    const perCm = size('ginger', 'centimetre')!.grams!;
    expect(weigh('1 thumb ginger')).toMatchObject({ status: 'counted', grams: thumb });
    expect(weigh('a thumb-sized piece of ginger').grams).toBe(thumb);
    expect(weigh('2cm ginger').grams).toBeCloseTo(2 * perCm, 1);
    expect(weigh('1 inch piece ginger').grams).toBeCloseTo(2.54 * perCm, 1);
    // Galangal, which Agribalyse lacks, counts as its stand-in, ginger.
    expect(weigh('5cm galangal')).toMatchObject({
      status: 'counted',
      food: catalog.matchFood('ginger')!.name,
    });
  });

  it('weighs a length of a food it has no length weight for as before, a piece', () => {
    // parse-ingredient reads "4 ¼ inch thick steaks" as 4.25 inches of steak: not a length to weigh.
    const steaks = weigh('4 ¼ inch thick boneless pork shoulder steaks');
    expect(steaks.note ?? '').not.toContain('centimetre');
  });

  it('weighs dried lasagne sheets, a butternut squash and a packet of seasoning as typical ones', () => {
    expect(weigh('12 dried lasagne sheets').grams).toBe(12 * size('lasagne sheet', 'whole')!.grams!);
    expect(weigh('1 butternut squash').grams).toBe(size('butternut squash', 'whole')!.grams);
    expect(weigh('1 packet taco seasoning').grams).toBe(size('taco seasoning', 'pack')!.grams);
  });

  it('weighs a bunch of herbs and a slice of sourdough', () => {
    expect(weigh('2 bunches flat-leaf parsley')).toMatchObject({
      status: 'counted',
      grams: 2 * size('parsley', 'bunch')!.grams!,
    });
    expect(weigh('2 slices sourdough').grams).toBe(2 * portions.find('sourdough')!.grams.slice!);
  });

  it('weighs bread, toast, baguettes, kale and hot chillies by their FNDDS portions', () => {
    expect(weigh('2 slices wholemeal toast').grams).toBe(2 * portions.find('wholemeal toast')!.grams.slice!);
    expect(weigh('1 baguette').note).toContain('USDA FNDDS');
    expect(weigh('2 cups kale').grams).toBe(2 * portions.find('kale')!.grams.cup!);
    expect(weigh('1 scotch bonnet')).toMatchObject({
      status: 'counted',
      grams: portions.find('chilli')!.grams.each,
    });
  });

  it('weighs a cup or spoon of a dry good by its SR Legacy cup, not as water', () => {
    const flour = size('flour', 'cup')!.grams!;
    expect(weigh('1 cup quinoa').grams).toBe(size('quinoa', 'cup')!.grams);
    expect(weigh('1 1/2 cups all-purpose flour').grams).toBeCloseTo(1.5 * flour, 1);
    expect(weigh('2 tbsp plain flour').grams).toBeCloseTo(flour / 8, 0);
    // Cooked rice has its own FNDDS cup; a cup of a food named otherwise is not a cup of dry rice.
    expect(weigh('1 cup cooked rice').grams).toBe(portions.find('cooked rice')!.grams.cup);
    expect(weigh('1 cup rice').grams).toBe(size('rice', 'cup')!.grams);
  });

  it('weighs a line by the portion food that is its head, not one that describes another food', () => {
    // "egg noodles" are not eggs, "orange juice" is not oranges, "tomato purée" not raw tomato.
    expect(portions.findHead('egg noodles')).toBeNull();
    expect(portions.findHead('orange juice')).toBeNull();
    expect(portions.findHead('tomato purée')).toBeNull();
    expect(portions.findHead('garlic cloves')?.name).toBe('garlic');
    expect(portions.findHead('red onion, sliced')?.name).toBe('onion');
    expect(portions.findHead('yellow peppers per person')?.name).toBe('bell pepper');
    expect(weigh('200ml orange juice').grams).toBe(200);
    // The matcher still hears the food the line names ("mustard powder" is mustard's).
    expect(weigh('1 tsp mustard powder').status).toBe('counted');
  });

  it('counts dozens and takes a weight beside a volume', () => {
    expect(weigh('1 dozen eggs').grams).toBe(12 * portions.find('egg')!.grams.each!);
    expect(weigh('half a dozen eggs').grams).toBe(6 * portions.find('egg')!.grams.each!);
    expect(weigh('2 cups egg noodles (100g)').grams).toBe(100);
    expect(weigh('1 cup (200g) rice').grams).toBe(200);
    expect(weigh('1 cup (240ml) milk').grams).toBeCloseTo(244, 0);
  });

  it('reads British amounts with a glued slash and pounds with ounces', () => {
    expect(weigh('100g/3.5oz cheddar')).toMatchObject({ status: 'counted', grams: 100 });
    expect(weigh('100g/3½oz butter')).toMatchObject({ status: 'counted', grams: 100 });
    expect(weigh('1lb 2oz flour').grams).toBeCloseTo(510.3, 1);
    expect(weigh('150g (1/3 lb) bacon').grams).toBe(150);
  });

  it('weighs pouches of rice, sheets of pastry, cans of soup, drinks and refried beans as sold', () => {
    expect(weigh('1 pouch microwave rice').grams).toBe(size('microwave rice', 'pouch')!.grams);
    expect(weigh('1 sheet puff pastry').grams).toBe(size('puff pastry', 'sheet')!.grams);
    expect(weigh('1 can of soup').grams).toBe(size('soup', 'can')!.grams);
    expect(weigh('1 can of coke').grams).toBe(size('cola', 'can')!.millilitres);
    // Refried beans are a paste: the can is eaten whole, not drained as beans are.
    expect(weigh('1 can refried beans').grams).toBe(size('refried bean', 'can')!.grams);
    expect(weigh('1 cup frozen peas').grams).toBe(portions.find('peas')!.grams.cup);
  });

  it('weighs spoons of ground spices by their SR Legacy teaspoon, and a blend the catalog lacks as its stand-in', () => {
    expect(weigh('1 tsp ground cumin').grams).toBeCloseTo(2.1, 1);
    expect(weigh('2 tsp smoked paprika').grams).toBeCloseTo(4.6, 1);
    const berbere = weigh('2 tbsp berbere');
    expect(berbere).toMatchObject({ status: 'counted', food: catalog.matchFood('curry powder')!.name });
    expect(berbere.grams).toBeCloseTo(12, 0);
    // Fresh coriander is FNDDS's leaves, not ground coriander seed.
    expect(weigh('1 cup coriander').grams).toBe(portions.find('coriander')!.grams.cup);
  });

  it('reads a glass with its size as each glass, and a glass of wine at its legal measure', () => {
    expect(weigh('4 glasses (250ml) orange juice').grams).toBe(1000);
    expect(weigh('2 glasses of red wine').grams).toBeCloseTo(2 * size('red wine', 'glass')!.millilitres!, -1);
    // After a weight, "glass" is part of the food's name.
    expect(weigh('200g glass noodles')).toMatchObject({ grams: 200, status: 'counted' });
  });

  it('reads a pack named without a number as one, and a sheet of nori at its weight', () => {
    expect(weigh('thumb-sized piece of ginger').grams).toBe(size('ginger', 'thumb')!.grams);
    expect(weigh('tin of chickpeas').grams).toBe(size('chickpea', 'can')!.grams);
    expect(weigh('1 sheet nori')).toMatchObject({ status: 'counted', grams: size('nori', 'sheet')!.grams });
    // "whole" is a pack only after a number: "whole chicken" alone has no amount.
    expect(weigh('whole chicken').status).toBe('skipped');
    // Water, salt and pepper by the vessel are as much as is needed.
    expect(weigh('Pot of water').status).toBe('negligible');
  });

  it('does not weigh a bunch of kale as one leaf, and knows cooked white rice by the cup and sriracha', () => {
    expect(weigh('1 bunch kale, stems removed').grams).not.toBe(portions.find('kale')!.grams.leaf);
    expect(weigh('4 kale leaves').grams).toBe(4 * portions.find('kale')!.grams.leaf!);
    expect(weigh('3 cups cooked white rice').grams).toBe(3 * portions.find('cooked rice')!.grams.cup!);
    expect(weigh('1 tbsp sriracha').status).toBe('counted');
  });

  it('weighs a spoon of a spice named in full before the fresh herb its last word names', () => {
    expect(weigh('1 tsp ground coriander').grams).toBeCloseTo(1.8, 1);
    expect(weigh('1 tsp dried basil').grams).toBeCloseTo(1.0, 1);
    expect(weigh('1 cup basil').note).toContain('of basil weighs');
  });

  it('takes cannelloni as the pasta they are', () => {
    expect(weigh('12 cannelloni tubes (~150g)')).toMatchObject({
      status: 'counted',
      food: catalog.matchFood('pasta')!.name,
    });
  });
});

describe('pieces of duck and prawns from USDA FNDDS, and a carton of coconut milk', () => {
  it('weighs duck breasts and prawns by the piece, raw, and king prawns larger than prawns', () => {
    const duck = weigh('2 duck breasts');
    expect(duck).toMatchObject({ status: 'counted' });
    expect(duck.grams).toBeGreaterThan(2 * 120); // more than FNDDS's cooked breast, as raw
    const king = weigh('12 king prawns');
    const plain = weigh('12 prawns');
    expect(king.status).toBe('counted');
    expect(plain.status).toBe('counted');
    expect(king.grams!).toBeGreaterThan(plain.grams!);
  });

  it('counts a carton of coconut milk at its cited size, smaller than a tin', () => {
    const carton = size('coconut milk', 'carton')!.millilitres!;
    const tin = size('coconut milk', 'can')!.millilitres!;
    expect(carton).toBeLessThan(tin);
    expect(weigh('1 carton coconut milk').status).toBe('counted');
    expect(weigh('1 carton coconut milk').grams).toBeGreaterThan(carton); // denser than water
  });
});

describe('a pack word after the food', () => {
  it('reads "1 chorizo ring" as one ring of chorizo, as "1 ring chorizo" is read', () => {
    const ring = size('chorizo', 'ring')!.grams!;
    expect(weigh('1 chorizo ring, sliced')).toMatchObject({ status: 'counted', grams: ring });
    expect(weigh('1 chorizo ring, sliced').food).toBe(weigh('1 ring chorizo').food);
    expect(weigh('2 mozzarella balls').grams).toBe(2 * size('mozzarella', 'ball')!.grams!);
  });

  it('keeps a count it can weigh as it was: "2 onion rings" are not rings of an unknown size', () => {
    expect(weigh('2 onion rings').status).toBe('counted');
  });
});

describe('a word for a whole thing after the food', () => {
  it('counts "2 garlic bulbs" as two heads of garlic, not two cloves', () => {
    expect(weigh('2 garlic bulbs').grams).toBe(2 * weigh('1 bulb garlic').grams!);
    expect(weigh('2 garlic bulbs').grams!).toBeGreaterThan(weigh('2 garlic cloves').grams! * 5);
  });
});
