import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { foldWords } from '../../src/core/fold.js';
import type { RecipesFile } from '../../src/sources/catalog/schema.js';
import { CURATED_DIR } from './paths.js';

/**
 * Everyday English names for Agribalyse foods beyond the hand-picked display aliases
 * (data/curated/everyday-names.json, keyed by "Code AGB"), written for this project by reviewers who
 * saw the catalog but none of the query sets it is measured on. Each means exactly that food
 * ("samphire" for "Glasswort (Salicornia sp.), fresh", "croque monsieur" for the toasted ham sandwich
 * topped with cheese); they become aliases. Names of foods the catalog lacks are not given to their
 * nearest item: a food the catalog does not have is refused, not answered with another.
 */
export const EverydayNamesFileSchema = z.record(z.string().min(1), z.array(z.string().min(1)).min(1));
export type EverydayNames = z.infer<typeof EverydayNamesFileSchema>;

export function readEverydayNames(path = join(CURATED_DIR, 'everyday-names.json')): EverydayNames {
  return EverydayNamesFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/**
 * The everyday names the build may add: none that is already another food's catalog name or curated
 * alias (an exact name always finds its own food), none given to two foods, none with a non-food word.
 */
export function usableEverydayNames(
  everyday: EverydayNames,
  taken: ReadonlyMap<string, string>,
  /** lexicon.nonFoodWords: a name with one would make "vitamin tablets" a food. */
  nonFoodWords: ReadonlySet<string>,
  /** The form in which two names are the same name (`taken` is keyed by it). */
  keyOf: (name: string) => string = foldWords,
  /**
   * Words of the catalog's names and curated aliases as written: food, as in the matcher. "dog" is a
   * pet, but "chilli dog" is named like "Hot dog".
   */
  foodWords: ReadonlySet<string> = new Set([...taken.keys()].flatMap((key) => key.split(' '))),
): { byCode: Map<string, string[]>; dropped: string[] } {
  const owners = new Map<string, Set<string>>();
  for (const [code, names] of Object.entries(everyday)) {
    for (const name of names) {
      const key = keyOf(name);
      owners.set(key, (owners.get(key) ?? new Set()).add(code));
    }
  }
  const nonFood = (word: string) =>
    [word, word.replace(/s$/, '')].some((form) => nonFoodWords.has(form) && !foodWords.has(form));
  const dropped: string[] = [];
  const byCode = new Map<string, string[]>();
  const usable = (code: string, name: string) => {
    const key = keyOf(name);
    const owner = taken.get(key);
    const ok =
      (owner === undefined || owner === code) &&
      owners.get(key)!.size === 1 &&
      !foldWords(name).split(' ').some(nonFood);
    if (!ok) dropped.push(`${name} (${code})`);
    return ok;
  };
  for (const [code, names] of Object.entries(everyday)) {
    byCode.set(
      code,
      names.filter((name) => usable(code, name)),
    );
  }
  return { byCode, dropped };
}

/** Every catalog name and curated alias, folded, with the code it belongs to. */
export function takenNames(
  items: readonly { code: string; lciName: string }[],
  aliasesByCode: Readonly<Record<string, readonly string[]>>,
): Map<string, string> {
  const taken = new Map<string, string>();
  for (const item of items) {
    taken.set(foldWords(item.lciName), item.code);
    for (const alias of aliasesByCode[item.code] ?? []) taken.set(foldWords(alias), item.code);
  }
  return taken;
}

/**
 * Everyday names for dishes (data/curated/dish-everyday-names.json, keyed by the dish's catalog name),
 * written by a reviewer who saw the dish list but no query set: "spag bol", "pb&j". Added as aliases
 * under the same rules as the foods' names: none that the dish search would read as another dish's
 * name or alias (`keyOf` is its reading: plurals, stop words and spellings folded), none given to two
 * dishes, none with a non-food word. A key naming no dish is a typo and fails the build.
 */
export function addDishEverydayNames(
  recipes: RecipesFile,
  nonFoodWords: ReadonlySet<string>,
  keyOf: (name: string) => string,
  path = join(CURATED_DIR, 'dish-everyday-names.json'),
): { added: number; dropped: string[] } {
  const everyday = readEverydayNames(path);
  const taken = new Map<string, string>();
  for (const recipe of recipes.recipes) {
    for (const name of [recipe.name, ...recipe.aliases]) taken.set(keyOf(name), recipe.name);
  }
  const byName = new Map(recipes.recipes.map((recipe) => [recipe.name, recipe]));
  for (const name of Object.keys(everyday)) {
    if (!byName.has(name))
      throw new Error(`data/curated/dish-everyday-names.json: no dish is named "${name}"`);
  }
  const written = recipes.recipes.flatMap((recipe) => [recipe.name, ...recipe.aliases]);
  const usable = usableEverydayNames(
    everyday,
    taken,
    nonFoodWords,
    keyOf,
    new Set(written.flatMap((name) => foldWords(name).split(' '))),
  );
  let added = 0;
  for (const [name, names] of usable.byCode) {
    const recipe = byName.get(name)!;
    const own = new Set([recipe.name, ...recipe.aliases].map(keyOf));
    const fresh = names.filter((alias) => {
      const key = keyOf(alias);
      if (own.has(key)) return false;
      own.add(key);
      return true;
    });
    recipe.aliases = [...recipe.aliases, ...fresh];
    added += fresh.length;
  }
  return { added, dropped: usable.dropped };
}
