import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { compareItems } from '../../src/compare/compare.js';
import { createDishComposer } from '../../src/compare/compose.js';
import { loadDishTemplates } from '../../src/compare/dish-templates.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import { readItem } from '../../src/compare/parse.js';
import { loadServings } from '../../src/compare/servings.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';

/**
 * The composer's vocabulary of dishes served at team lunches worldwide (data/curated/dish-templates.json):
 * each word names its dish type, and the main it holds where the word implies one. Names written for
 * these tests, not taken from the evaluation sets.
 */

const catalog = loadCatalog();
const composer = createDishComposer(loadDishTemplates(), loadServings(), catalog);
const deps = {
  source: createCatalogSource(catalog),
  car: loadEquivalences().carKm,
  logger: pino({ level: 'silent' }),
  catalog: () => catalog,
};

const how = (name: string) => composer.compose(name)?.how ?? null;

describe('words naming a dish whose type has a usual main', () => {
  it.each([
    ['tsukune', 'a kebab recipe with chicken'],
    ['negima', 'a kebab recipe with chicken'],
    ['joojeh kabab', 'a kebab recipe with chicken'],
    ['mishkaki', 'a kebab recipe with beef'],
    ['chuanr', 'a kebab recipe with lamb'],
    ['samgyeopsal', 'a grill recipe with pork'],
    ['bossam', 'a grill recipe with pork'],
    ['dak galbi', 'a grill recipe with chicken'],
    ['picanha', 'a grill recipe with beef'],
    ['sfiha', 'a flatbread recipe with minced meat'],
    ['choripan', 'a hot dog recipe with sausage'],
    ['tamagoyaki', 'an egg dish recipe with eggs'],
    ['menemen', 'an egg dish recipe with eggs'],
    ['tostones', 'a fried side recipe with plantain'],
    ['tater tots', 'a fried side recipe with potatoes'],
    ['cafe con leche', 'a coffee recipe with espresso'],
    ['karak chai', 'a tea with milk recipe with tea'],
    ['bissap', 'a tea drink recipe with tea'],
    ['falooda', 'a milk drink recipe with fruit'],
    ['alfajores', 'a cake recipe with vanilla'],
    ['pineapple bun', 'a cake recipe with vanilla'],
    ['gulab jamun', 'a pudding recipe with fruit'],
    ['kulcha', 'a bread recipe with herbs'],
    ['kofte', 'a kebab recipe with lamb'],
    ['kopi susu', 'a coffee recipe with espresso'],
    ['sausage sizzle', 'a hot dog recipe with sausage'],
  ])('builds "%s" as %s', (name, built) => {
    expect(how(name)).toBe(built);
  });

  it('ranks such a word named alone as a composed dish, its main known', async () => {
    const result = await compareItems([readItem('tsukune'), readItem('bossam'), readItem('tostones')], deps);
    const ranked = Object.fromEntries(result.ranked.map((item) => [item.input, item]));
    expect(ranked.tsukune?.takenAs).toBe('composed dish');
    expect(ranked.bossam?.takenAs).toBe('composed dish');
    expect(ranked.tostones?.takenAs).toBe('composed dish');
    // Grilled pork belly is a meat dish, fried plantain a plant side: the word decides the order.
    expect(ranked.bossam!.kgCo2e).toBeGreaterThan(ranked.tostones!.kgCo2e);
  });

  it('lets a stated diet or main win over the main a word implies', () => {
    expect(how('vegan tsukune')).toBe('a kebab recipe with vegetables, vegan');
    expect(how('vegetarian bossam')).not.toMatch(/pork/);
    expect(how('prawn tsukune')).toBe('a kebab recipe with prawn');
  });

  it('takes the longest phrase: a dessert is not the rice or bun its name holds', () => {
    expect(composer.read('mango sticky rice').template?.type).toBe('pudding');
    expect(composer.read('arroz con leche').template?.type).toBe('pudding');
    expect(composer.read('pineapple bun').template?.type).toBe('cake');
    expect(composer.read('masala chai').template?.type).toBe('tea with milk');
    expect(composer.read('curry puff').template?.type).toBe('pie');
  });
});

describe('main words in the languages menus are written in', () => {
  it.each([
    ['tonkotsu ramen', 'a noodle soup recipe with pork'],
    ['pad krapow gai', 'a stir fry recipe with chicken'],
    ['khao man gai', 'a rice dish recipe with chicken'],
    ['lo mai gai', 'a rice dish recipe with chicken'],
    ['gaeng keow wan gai', 'a curry recipe with chicken'],
    ['sinigang na baboy', 'a soup recipe with pork'],
    ['sundubu jjigae', 'a soup recipe with tofu'],
    ['meen curry', 'a curry recipe with fish'],
    ['kosha mangsho', 'a curry recipe with mutton'],
    ['beef tibs', 'a stir fry recipe with beef'],
    ['tuna kimbap', 'a sushi recipe with tuna'],
    ['bacon barm', 'a sandwich recipe with bacon'],
    ['frango wrap', 'a wrap recipe with chicken'],
    ['vaca frita', 'a mixed plate recipe with beef'],
  ])('builds "%s" as %s', (name, built) => {
    expect(how(name)).toBe(built);
  });

  it('reads "gai lan" as a vegetable, not chicken', () => {
    expect(composer.read('gai lan stir fry').mains.map((food) => food.kind)).not.toContain('meat');
  });
});

describe('type words of dishes whose main varies', () => {
  it('name the type, but alone do not say the main, so the option is not ranked as if it did', async () => {
    expect(composer.read('manti').template?.type).toBe('dumpling dish');
    expect(composer.read('mandi').template?.type).toBe('rice dish');
    const result = await compareItems([readItem('manti'), readItem('chicken mandi')], deps);
    expect(result.ranked.map((item) => item.input)).toEqual(['chicken mandi']);
    expect(result.notUnderstood.map((item) => item.input)).toEqual(['manti']);
  });

  it('leave common English phrases alone ("corn on the cob" is no sandwich)', () => {
    expect(composer.read('corn on the cob').template).toBeNull();
  });
});
