import type { CatalogFood } from './mapping.js';

/**
 * Other names of the studies' meat entries, by animal and cut, derived from the catalog's own meat
 * names (figure-mapping.json `entries.cuts`): Agribalyse names a raw or cooked cut "<animal>, <cut>,
 * <state>" ("Lamb, shoulder, raw"; "Pork, knuckle or shank, raw"). For each entry a rule names, its
 * animals are the first fields of the foods mapped to it as that very food, and its names are every
 * animal with every cut word of any such entry ("lamb shank"), a participle before it too ("minced
 * lamb"): a cut
 * is the same meat whichever animal Agribalyse happens to list it for, and a query naming one, for a
 * cut the catalog lacks, names the animal's meat.
 */

/** The categories whose names are "<animal>, <cut>, <state>". */
export const MEAT_CATEGORIES: ReadonlySet<string> = new Set(['Raw meat', 'Cooked meat']);

/**
 * An animal names an entry when at least this many of its foods begin with it, so a one-off first
 * field (a game bird, a typo) adds no names.
 */
const MIN_FOODS_PER_ANIMAL = 2;

/**
 * Words of a cut field that name no cut: states, cooking, trims, fat levels and joining words
 * ("meat and skin", "shoulder upper half, without rind", "steak or beef steak").
 */
const NOT_CUT_WORDS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'of',
  'oh',
  'only',
  'skin',
  'raw',
  'cooked',
  'braised',
  'grilled',
  'roasted',
  'lean',
  'white',
  'race',
  'free-range',
  'eviscerated',
  'without',
  'offal',
  'upper',
  'lower',
  'half',
  'way',
  'eye',
  'trimming',
  'short',
  'thin',
  'high',
  'beef',
]);

/** Cut words English also puts before the animal: participles ("minced", "stewing"). */
const PARTICIPLE = /(ed|ing)$/;

/** Cut words of a food's name, if its first field is an animal: lower case, no digits. */
function cutWords(food: CatalogFood, animals: ReadonlySet<string>): string[] {
  const fields = food.name.split(',').map((field) => field.trim().toLowerCase());
  if (fields.length < 2 || !animals.has(fields[0]!)) return [];
  return fields[1]!.split(/\s+/).filter((word) => /^[a-z-]+$/.test(word) && !NOT_CUT_WORDS.has(word));
}

/**
 * Per entry (item index), its names by animal and cut. `foodsOf` gives, per entry a rule names, the
 * catalog foods mapped to it as that very food.
 */
export function cutNames(foodsOf: ReadonlyMap<number, readonly CatalogFood[]>): Map<number, string[]> {
  const animalsOf = new Map<number, Set<string>>();
  for (const [item, foods] of foodsOf) {
    const count = new Map<string, number>();
    for (const food of foods) {
      if (!MEAT_CATEGORIES.has(food.category)) continue;
      const first = food.name.split(',')[0]!.trim().toLowerCase();
      count.set(first, (count.get(first) ?? 0) + 1);
    }
    animalsOf.set(
      item,
      new Set([...count].filter(([, n]) => n >= MIN_FOODS_PER_ANIMAL).map(([animal]) => animal)),
    );
  }
  const cuts = new Set<string>();
  for (const [item, foods] of foodsOf)
    for (const food of foods)
      if (MEAT_CATEGORIES.has(food.category))
        for (const word of cutWords(food, animalsOf.get(item)!)) cuts.add(word);
  const result = new Map<number, string[]>();
  for (const [item, animals] of animalsOf) {
    const names = new Set<string>();
    for (const animal of animals)
      for (const cut of cuts) {
        names.add(`${animal} ${cut}`);
        // A participle goes before the animal too ("minced lamb", "stewing beef"); a noun does not.
        if (PARTICIPLE.test(cut)) names.add(`${cut} ${animal}`);
      }
    result.set(
      item,
      [...names].sort((a, b) => a.localeCompare(b, 'en')),
    );
  }
  return result;
}
