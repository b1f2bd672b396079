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
});

describe('everyday names for dishes', () => {
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
      file({
        'Spaghetti bolognese': ['spaghetti bol', 'Spaghetti Bol', 'lasagne', 'Spag bol', 'mug of bolognese'],
        Lasagne: ['lasagna'],
      }),
    );
    expect(recipes.recipes[0]!.aliases).toEqual(['spag bol', 'spaghetti bol']);
    expect(recipes.recipes[1]!.aliases).toEqual(['lasagna']);
    expect(added).toBe(2);
    expect(dropped).toEqual(['lasagne (Spaghetti bolognese)', 'mug of bolognese (Spaghetti bolognese)']);
  });

  it('fails the build on a name that is no dish, so a typo cannot go unnoticed', () => {
    const recipes = { source: 'test', recipes: [dish('Lasagne')] } as RecipesFile;
    expect(() => addDishEverydayNames(recipes, new Set(), file({ Lasagna: ['lasagne al forno'] }))).toThrow(
      /no dish is named "Lasagna"/,
    );
  });
});
