import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { compareItems } from '../../src/compare/compare.js';
import { createDishComposer } from '../../src/compare/compose.js';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import type { RankedItem } from '../../src/compare/model.js';
import { readItem } from '../../src/compare/parse.js';
import { loadServings } from '../../src/compare/servings.js';
import { createStatedChecks } from '../../src/compare/stated.js';
import { UNDERSTANDING_RULES } from '../../src/compare/understand.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';

const catalog = loadCatalog();
const templates = loadDishTemplates();
const servings = loadServings();
const composer = createDishComposer(templates, servings, catalog);
const deps = {
  source: createCatalogSource(catalog),
  car: loadEquivalences().carKm,
  logger: pino({ level: 'silent' }),
  catalog: () => catalog,
};

/** Every ranked option of a comparison of these options, by what was typed. */
async function ranked(...options: string[]): Promise<Record<string, RankedItem>> {
  const result = await compareItems(options.map(readItem), deps);
  return Object.fromEntries(result.ranked.map((item) => [item.input, item]));
}

const contributors = (item: RankedItem | undefined) => item?.notes.join(' ') ?? '';

describe('dish templates (data/curated/dish-templates.json)', () => {
  it('price every part, default and swap as a catalog food, served by a group data/servings.json has', () => {
    const codes = [
      ...templates.templates.flatMap((template) => [
        template.main.default,
        ...(template.main.plainDefault === undefined ? [] : [template.main.plainDefault]),
        ...template.parts.flatMap((part) => [
          part.code,
          ...(part.veganSwap === undefined ? [] : [part.veganSwap]),
        ]),
      ]),
      ...Object.values(templates.mains).map((main) => main.code),
    ];
    for (const code of codes) expect(catalog.food(code), code).not.toBeNull();
    for (const template of templates.templates) {
      expect(servings.groups, template.type).toHaveProperty([template.serving]);
      if (template.sideServing !== undefined)
        expect(servings.groups, template.type).toHaveProperty([template.sideServing]);
    }
  });
});

describe('composing a dish the catalog does not name', () => {
  it('builds a dish of its type with the main it states, served as its type is, priced by catalog foods', () => {
    const dish = composer.compose('Thai red curry with beef')!;
    expect(dish.how).toBe('a curry recipe with beef');
    const grams = dish.result.contributors.reduce((sum, each) => sum + each.grams!, 0);
    expect(grams).toBeCloseTo(servings.groups.meals!.grams, 6);
    const beef = dish.result.contributors.find((each) => each.name === 'beef')!;
    expect(beef.kgCo2e).toBeCloseTo((beef.grams! / 1000) * catalog.food('6231')!.kgCo2ePerKg, 9);
    expect(dish.result.kgCo2ePerServing).toBeCloseTo(
      dish.result.contributors.reduce((sum, each) => sum + each.kgCo2e, 0),
      9,
    );
  });

  it('takes the type from the dish, not from its sides or a flavour', () => {
    expect(composer.read('Beef stew & dumplings').template?.type).toBe('stew');
    expect(composer.read('Scampi & chips').template?.type).toBe('plate with chips');
    expect(composer.read('Chicken caesar & bacon baguette').template?.type).toBe('sandwich');
    expect(composer.read('prawn tempura udon').template?.type).toBe('noodle dish');
    // A seasoning sharing a dish's name is no side dish.
    expect(composer.read('Edamame with chilli salt').template).toBeNull();
  });

  it('puts in every food it states, and reads a protein after "with" as the main', () => {
    expect(composer.read('Chickpea & sweet potato buddha bowl').mains.map((food) => food.label)).toEqual([
      'chickpeas',
      'sweet potato',
    ]);
    expect(composer.compose('miso ramen with tofu')!.how).toContain('tofu');
    expect(composer.read('Burger & fries').mains).toEqual([]);
  });

  it('leaves out what its diet or a "no" leaves out, and never what it states', () => {
    const vegan = composer.compose('vegan cheese pizza')!;
    expect(vegan.result.contributors.map((each) => each.name)).not.toContain('mozzarella');
    expect(vegan.result.contributors.map((each) => each.name)).toContain('plant-based mozzarella');
    const noCheese = composer.compose('pizza no cheese')!;
    expect(noCheese.result.contributors.some((each) => /mozzarella/.test(each.name))).toBe(false);
    const veggie = composer.compose('veggie burger with no egg')!;
    expect(veggie.result.contributors.map((each) => each.name)).toEqual(
      expect.arrayContaining(['plant-based patty']),
    );
  });

  it('builds nothing when the name names no dish type, or names its main only with a word it does not know', () => {
    expect(composer.compose('Festival')).toBeNull();
    expect(composer.compose('fruit platter')).toBeNull();
    // A plant food alone, with no type, is no plate.
    expect(composer.compose('cajun grilled sweetcorn')).toBeNull();
  });

  it('reads a dish type through a typo of six letters or more, but judges a message only on what it says', () => {
    expect(composer.compose('chicken shnitzel')?.how).toBe('a breaded dish recipe with chicken');
    expect(composer.compose('prawn laksaa')?.how).toBe('a noodle soup recipe with prawn');
    expect(composer.namesType('chicken shnitzel')).toBe(false);
    // A short word is not read through a typo: "match" is no matcha.
    expect(composer.compose('the match')).toBeNull();
  });

  it('builds a plate of the meat or fish a name of no type states, in whatever language', () => {
    expect(composer.compose('pollo al ajillo')?.how).toBe('a mixed plate recipe with chicken');
    expect(composer.compose('merluza a la plancha')?.how).toBe('a mixed plate recipe with hake');
    expect(composer.compose('smoked half chicken')?.how).toBe('a mixed plate recipe with chicken');
  });

  it("reads a dish's diet from its name and brackets, not from a side ('with seasonal veg')", () => {
    expect(composer.read('Roast chicken with roast potatoes and seasonal veg').diet).toBeNull();
    expect(composer.compose('Roast chicken with roast potatoes and seasonal veg')?.how).toBe(
      'a roast dinner recipe with chicken',
    );
    expect(composer.read('Pad thai with tofu (vegan)').diet).toBe('vegan');
  });

  it('reads a diet before a meat as its plant-based version (data: plantVersions), not a meat left out', () => {
    expect(composer.compose('veggie bangers & mash')?.how).toBe(
      'a plate with mash recipe with plant-based sausage, vegetarian',
    );
    expect(composer.compose('vegan burger')?.how).toBe('a burger recipe with plant-based patty, vegan');
    const mince = composer.read('vegetarian mince lasagne').mains.map((food) => food.label);
    expect(mince).toEqual(['soy-based mince']);
    // A meat without a diet before it is the meat.
    expect(composer.read('sausage & mash').mains.map((food) => food.kind)).toEqual(['meat']);
  });

  it("makes a sweet dish savoury when it states meat, and swaps a drink's milk for the plant milk it names", () => {
    expect(composer.compose('steak & kidney pud')?.how).toMatch(/^a pie recipe with .*steak/);
    expect(composer.compose('treacle sponge pudding')?.how).toMatch(/^a pudding recipe/);
    const oat = composer.compose('oat flat white')!;
    expect(oat.how).toBe('a coffee recipe with espresso and oat milk');
    const dairy = composer.compose('flat white')!;
    expect(oat.result.kgCo2ePerServing).toBeLessThan(dairy.result.kgCo2ePerServing);
    expect(oat.result.contributors.map((each) => each.name)).toContain('oat milk');
  });

  it('covers dish types the first templates missed, each served as its kind', () => {
    const types = (name: string) => composer.read(name).template?.type;
    expect(types('poutine')).toBe('poutine');
    expect(types('korean bbq')).toBe('grill');
    expect(types('onion rings')).toBe('fried side');
    expect(types('korean corn dogs')).toBe('hot dog');
    expect(types('lahmacun')).toBe('flatbread');
    expect(types('mango lassi')).toBe('milk drink');
    expect(types('tres leches cake')).toBe('cake');
    expect(types('xiao long bao')).toBe('dumpling dish');
    expect(types('pastrami on rye')).toBe('sandwich');
    expect(composer.compose('korean bbq')!.result.kgCo2ePerServing).toBeGreaterThan(
      composer.compose('onion rings')!.result.kgCo2ePerServing,
    );
  });
});

describe('understanding an option: ordered rules that keep what it states', () => {
  it('are named, each with its reason, in order', () => {
    expect(UNDERSTANDING_RULES.map((rule) => rule.name)).toEqual([
      'contradicts what is stated',
      'a guess by its ingredients',
      'drops a stated food',
      'a diet a ready meal cannot show',
      'a drink as its type is made',
      'a dish, not its main food',
      'a plate of its main food',
      'as named',
      'built from its parts',
      'as looked up',
    ]);
    for (const rule of UNDERSTANDING_RULES) expect(rule.why.length).toBeGreaterThan(20);
  });

  it('never answers a dish with one that contradicts it', async () => {
    const found = await ranked('ramen with tofu', 'vegan pesto pasta', 'beef lasagne');
    expect(found['ramen with tofu']!.howTaken).toMatch(
      /^the named dish Ramen with tofu instead of chashu pork/,
    );
    expect(found['vegan pesto pasta']!.name).toBe('Pasta al pesto without parmesan');
    const checks = createStatedChecks(templates, (text) => catalog.animalsIn(text));
    const reading = composer.read('ramen with tofu');
    expect(checks.contradiction('ramen with tofu', reading, catalog.findRecipe('ramen'))).toMatch(/pork/);
    // A tofu dish made with pork too is not a contradiction: mapo tofu has both.
    expect(
      checks.contradiction('mapo tofu', composer.read('mapo tofu'), catalog.findRecipe('mapo tofu')),
    ).toBeNull();
  });

  it('takes a dish of the type an option names over a guess by ingredients that adds a meat', async () => {
    const found = await ranked('garlic naan', 'katsu curry', 'dal');
    expect(found['garlic naan']).toMatchObject({ takenAs: 'composed dish' });
    expect(found['garlic naan']!.name).not.toMatch(/chicken/i);
    // A variant keeping every word of the option is the dish itself.
    expect(found['katsu curry']!.name).toMatch(/katsu curry/i);
  });

  it('sets a qualifier the catalog lacks aside, never a stated meat or a word it does not know', async () => {
    const found = await ranked('fresh mint lemonade', 'pistachio baklava', 'dal');
    expect(found['fresh mint lemonade']!.name).toMatch(/^Lemonade/);
    expect(found['pistachio baklava']!.name).toMatch(/^Baklava/);
    const result = await compareItems(
      ['burrata and tomatoes', 'duck spring rolls deluxe', 'dal'].map(readItem),
      deps,
    );
    expect(result.ranked.map((item) => item.name)).not.toContain(expect.stringMatching(/^Tomato/));
  });

  it('builds a dish for a stated diet a ready meal cannot show it keeps', async () => {
    const found = await ranked('veg gyoza', 'vegan pizza', 'dal');
    expect(found['veg gyoza']).toMatchObject({ takenAs: 'composed dish' });
    expect(found['vegan pizza']).toMatchObject({ takenAs: 'composed dish' });
    expect(found['vegan pizza']!.name).toMatch(/vegan/);
  });

  it('gives way to a dish built with a stated food a named dish leaves out', async () => {
    const found = await ranked('halloumi burger', 'Jollof rice with grilled chicken', 'dal');
    expect(found['halloumi burger']).toMatchObject({
      takenAs: 'composed dish',
      howTaken: 'a burger recipe with halloumi',
    });
    expect(found['Jollof rice with grilled chicken']!.howTaken).toMatch(
      /^the named dish Jollof rice with grilled chicken/,
    );
  });

  it('takes a dish named by its type and main food as that dish, not the food alone', async () => {
    const found = await ranked('massaman beef', 'pad see ew chicken', 'chips');
    expect(found['massaman beef']).toMatchObject({
      takenAs: 'composed dish',
      howTaken: 'a curry recipe with beef',
    });
    expect(found['pad see ew chicken']!.howTaken).toBe('a noodle dish recipe with chicken');
    // A type alone stays the product.
    expect(found.chips!.takenAs).toBe('product');
  });

  it('does not rank a meal named beyond the food it was found as ("combo over rice" is not rice)', async () => {
    const result = await compareItems(
      ['combo over rice', 'mezze over couscous', 'falafel wrap', 'rice'].map(readItem),
      deps,
    );
    const notRanked = result.notUnderstood.map((item) => item.input);
    expect(notRanked).toContain('combo over rice');
    expect(result.ranked.map((item) => item.input)).not.toContain('mezze over couscous');
    // The food named alone, or with its own words only, stays the food.
    expect(result.ranked.find((item) => item.input === 'rice')?.takenAs).toBe('product');
  });

  it("builds a type's word with the main it names where that differs from the type's default (suya is beef)", async () => {
    const found = await ranked('suya', 'anticuchos', 'lamb kebab', 'chicken suya');
    expect(found.suya).toMatchObject({ takenAs: 'composed dish', howTaken: 'a kebab recipe with beef' });
    expect(found.anticuchos!.howTaken).toBe('a kebab recipe with beef');
    expect(found['lamb kebab']!.howTaken).toBe('a kebab recipe with lamb');
    // A stated main wins over the one the word names.
    expect(found['chicken suya']!.howTaken).toBe('a kebab recipe with chicken');
  });

  it('reads a spice a name states as its flavour, not its main (data: flavourCategories)', async () => {
    expect(composer.read('cinnamon bun').mains).toEqual([]);
    expect(composer.read('paprika chicken').mains.map((food) => food.label)).toEqual(['chicken']);
    const result = await compareItems(['cinnamon bun', 'paprika chicken'].map(readItem), deps);
    // A bun whose filling is unknown is not ranked on 60 g of cinnamon powder.
    expect(result.notUnderstood.map((item) => item.input)).toContain('cinnamon bun');
    expect(result.ranked.find((item) => item.input === 'paprika chicken')?.name).not.toMatch(/paprika/i);
  });

  it('answers a dish the catalog does not name, saying it was built', async () => {
    const found = await ranked('katsu sando with chicken', 'tofu banh mi', 'lamb kofta');
    expect(found['tofu banh mi']).toMatchObject({
      takenAs: 'composed dish',
      howTaken: 'a sandwich recipe with tofu',
    });
    expect(contributors(found['tofu banh mi'])).toMatch(/Built from a sandwich recipe with tofu/);
    expect(found['katsu sando with chicken']!.takenAs).toBe('composed dish');
  });

  it('makes a drink named by its type as its recipe is, not as a ready-to-drink mixture', async () => {
    const found = await ranked('latte', 'matcha latte', 'black coffee', 'flapjack');
    expect(found.latte).toMatchObject({
      takenAs: 'composed dish',
      takenAsReason: 'a coffee, made as its recipe is',
    });
    expect(found.latte!.notes.join(' ')).toMatch(/Built from a coffee recipe with espresso/);
    expect(contributors(found['matcha latte'])).toMatch(/tea with milk/);
    // A coffee with no milk in its name is no latte: the catalog's coffee answers it.
    expect(found['black coffee']!.takenAs).toBe('product');
  });

  it("reads a plural whose singular ends in 'e' as its singular ('flat whites', 'sausages', 'sauces')", () => {
    expect(composer.read('flat whites').template?.type).toBe(composer.read('flat white').template?.type);
    expect(composer.read('flat whites').byType).toBe(true);
    expect(composer.read('sausages and mash').template?.type).toBe(
      composer.read('sausage and mash').template?.type,
    );
    // "-es" after a hiss or an "o" still goes: "sandwiches" is "sandwich", "tomatoes" "tomato".
    expect(composer.read('chicken sandwiches').template?.type).toBe(
      composer.read('chicken sandwich').template?.type,
    );
    expect(composer.read('chicken sandwiches').template).not.toBeNull();
  });

  it('makes a plural drink named by its type as its recipe is', async () => {
    const found = await ranked('flat whites', 'croissants');
    expect(found['flat whites']).toMatchObject({ takenAs: 'composed dish' });
  });

  it('makes a meat named as a dish a plate of it, served as a meal; the meat named alone stays the food', async () => {
    const found = await ranked('jerk chicken', 'cajun chicken breast', 'lasagne');
    expect(found['jerk chicken']).toMatchObject({
      takenAs: 'composed dish',
      howTaken: 'a mixed plate recipe with chicken',
    });
    expect(found['cajun chicken breast']!.takenAs).toBe('composed dish');
    const foods = await compareItems(['chicken', 'salmon', 'tofu'].map(readItem), deps);
    expect(foods.basis).toBe('kg');
    expect(foods.ranked.every((item) => item.takenAs === 'product')).toBe(true);
  });

  it('reads a cut named after a plant food as its shape, not a meat; after a seasoning it is the meat', () => {
    const labels = (text: string) => composer.read(text).mains.map((food) => food.kind);
    expect(labels('cauliflower steak')).toEqual(['plant']);
    expect(labels('tofu nuggets')).not.toContain('meat');
    expect(labels('mushroom bacon roll')).toEqual(['plant']);
    expect(labels('garlic steak')).toContain('meat');
    expect(labels('chicken and mushroom pie')).toContain('meat');
  });

  it('serves a side alone as a side, and a plate of chips with a main as a meal', async () => {
    const found = await ranked('sweet potato fries', 'fish and chips', 'halloumi and chips');
    const side = servings.groups.potatoes!.grams;
    const grams = (item: RankedItem | undefined) => Number(/A (\d+) g serving/.exec(contributors(item))?.[1]);
    expect(grams(found['sweet potato fries'])).toBe(Math.round(side));
    expect(grams(found['halloumi and chips'])).toBeGreaterThanOrEqual(
      Math.round(servings.groups.meals!.grams),
    );
  });

  it('serves dumplings stating no meat, fish or protein as a starter, and with one as its dumplings', async () => {
    const found = await ranked('veg gyoza', 'duck gyoza', 'pork belly ramen');
    const grams = (item: RankedItem | undefined) => Number(/A (\d+) g serving/.exec(contributors(item))?.[1]);
    expect(grams(found['veg gyoza'])).toBe(
      Math.round(servings.groups['savoury pastries and starters']!.grams),
    );
    expect(grams(found['duck gyoza'])).toBeGreaterThanOrEqual(
      Math.round(servings.groups['dumplings and sushi']!.grams),
    );
  });
});

describe('every dish of a kind on one serving', () => {
  it('serves a named dish as its kind is served, whatever grams its recipe is for, and says so', async () => {
    const found = await ranked('chana masala', 'massaman beef', 'fish and chips');
    const meal = servings.groups.meals!.grams;
    const chana = found['chana masala']!;
    const recipe = catalog.findRecipe('chana masala');
    const own = recipe.contributors.reduce((sum, each) => sum + each.grams!, 0);
    expect(own).not.toBeCloseTo(meal, 0);
    expect(chana.kgCo2e).toBeCloseTo((recipe.kgCo2ePerServing * meal) / own, 9);
    expect(chana.howTaken).toBe(`a named dish, a ${Math.round(meal)} g serving (meal, FNDDS)`);
    expect(chana.notes.join(' ')).toMatch(/the catalog's recipe is for \d+ g/);
    // The dish built from parts is already on its kind's serving.
    expect(found['massaman beef']!.howTaken).toBe('a curry recipe with beef');
  });
});
