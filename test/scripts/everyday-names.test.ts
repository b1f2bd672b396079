import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addDishEverydayNames,
  takenNames,
  usableEverydayNames,
} from '../../scripts/build-data/everyday-names.js';
import type { RecipesFile } from '../../src/sources/catalog/schema.js';
import { curatedText } from '../support/curated-text.js';

describe('everyday names', () => {
  const taken = takenNames(
    [
      { code: '1', lciName: 'Eggplant, raw' },
      { code: '2', lciName: 'Pancake, plain' },
      { code: '3', lciName: 'Saccharin sweetener' },
    ],
    { '1': ['Aubergine'] },
  );
  const nonFood = new Set(['tablet', 'mug']);

  it('keeps names that are new and given to one food', () => {
    const { byCode, dropped } = usableEverydayNames(
      { '1': ['brinjal'], '2': ['crepe', 'crêpes'] },
      taken,
      nonFood,
    );
    expect(byCode.get('1')).toEqual(['brinjal']);
    expect(byCode.get('2')).toEqual(['crepe', 'crêpes']);
    expect(dropped).toEqual([]);
  });

  it("never takes another food's catalog name or curated alias, however it is written", () => {
    const { byCode, dropped } = usableEverydayNames({ '2': ['AUBERGINE', 'eggplant raw'] }, taken, nonFood);
    expect(byCode.get('2')).toEqual([]);
    expect(dropped).toHaveLength(2);
  });

  it('drops a name given to two foods', () => {
    const { byCode } = usableEverydayNames({ '1': ['veg'], '2': ['Veg'] }, taken, nonFood);
    expect(byCode.get('1')).toEqual([]);
    expect(byCode.get('2')).toEqual([]);
  });

  it('drops a name with a non-food word, which would make "vitamin tablets" a food', () => {
    const { byCode } = usableEverydayNames({ '3': ['sweetener tablets', 'sweetener'] }, taken, nonFood);
    expect(byCode.get('3')).toEqual(['sweetener']);
  });

  it('keeps a name whose non-food word a catalog name uses as food', () => {
    // "mug" is a non-food word, but a catalog name has it ("Mug cake"), as "Hot dog" has "dog".
    const withMugCake = takenNames([{ code: '4', lciName: 'Mug cake' }], {});
    const { byCode } = usableEverydayNames({ '2': ['mug pancake', 'pancake tablets'] }, withMugCake, nonFood);
    expect(byCode.get('2')).toEqual(['mug pancake']);
  });
});

describe('everyday names for dishes', () => {
  const { text } = curatedText();
  const dishKey = (name: string) => text.nameTokens(name).join(' ');
  const dish = (name: string, aliases: string[] = []) => ({
    name,
    aliases,
    cuisine: 'Test',
    kgCo2ePerServing: 1,
    contributors: [],
  });
  const file = (names: Record<string, string[]>) => {
    const path = join(mkdtempSync(join(tmpdir(), 'dish-names-')), 'dish-everyday-names.json');
    writeFileSync(path, JSON.stringify(names));
    return path;
  };

  it("adds a dish's new names as aliases, once each however written, and drops another dish's name or alias", () => {
    const recipes = {
      source: 'test',
      recipes: [dish('Spaghetti bolognese', ['spag bol']), dish('Lasagne')],
    } as RecipesFile;
    const { added, dropped } = addDishEverydayNames(
      recipes,
      new Set(['mug']),
      dishKey,
      file({
        'Spaghetti bolognese': [
          'bolognese pasta',
          'Bolognese Pastas',
          'lasagne',
          'Spag bol',
          'mug of bolognese',
        ],
        Lasagne: ['lasagna', 'lasagne al forno'],
      }),
    );
    expect(recipes.recipes[0]!.aliases).toEqual(['spag bol', 'bolognese pasta']);
    expect(recipes.recipes[1]!.aliases).toEqual(['lasagne al forno']);
    expect(added).toBe(2);
    expect(dropped).toEqual([
      'lasagne (Spaghetti bolognese)',
      'mug of bolognese (Spaghetti bolognese)',
      'lasagna (Lasagne)',
    ]);
  });

  it('fails the build on a name that is no dish, so a typo cannot go unnoticed', () => {
    const recipes = { source: 'test', recipes: [dish('Lasagne')] } as RecipesFile;
    expect(() =>
      addDishEverydayNames(recipes, new Set(), dishKey, file({ Lasagna: ['lasagne al forno'] })),
    ).toThrow(/no dish is named "Lasagna"/);
  });

  it('reads names as the dish search does: "fried chicken dinner" is "Fried chicken" (dinner is a stop word)', () => {
    const recipes = {
      source: 'test',
      recipes: [dish('Fried chicken'), dish('Fried chicken with potatoes, vegetable')],
    } as RecipesFile;
    const { dropped } = addDishEverydayNames(
      recipes,
      new Set(),
      dishKey,
      file({ 'Fried chicken with potatoes, vegetable': ['fried chicken dinner', 'fried chicken meal deal'] }),
    );
    expect(dropped).toEqual(['fried chicken dinner (Fried chicken with potatoes, vegetable)']);
    expect(recipes.recipes[1]!.aliases).toEqual(['fried chicken meal deal']);
  });
});
