import type { IndependentFiguresFile } from '../../../src/figures/schema.js';
import type { EntryRules } from './mapping.js';

/**
 * What the studies' entries themselves are, for answers where the catalog lacks the food and a study's
 * own entry answers (data/README.md, "Independent figures"): which other study's entry each entry's
 * food also is, and which entries' names do not name their food.
 */

/** A catalog food's mapping on one study: the entry, the kg of it in a kg of the food, and its use. */
export interface FoodEntry {
  item: number;
  kgPerKg: number;
  use: 'food' | 'ingredient';
}

/** Two factors closer than this are the same factor (they are written to two or three digits). */
const SAME_FACTOR = 1e-6;

/**
 * Per entry, the other studies' entries its food also is, with the kg of each in a kg of it. Derived
 * where every catalog food mapped to the entry as that very food maps, as that very food, to one same
 * entry of the other study with one same factor (Clark et al.'s "Cheddar cheese" foods are all Poore &
 * Nemecek's "Cheese"); reviewed (`rules.same`) for entries no catalog food maps to (Clark et al.'s
 * "Cottage cheese", which the catalog lacks). A reviewed rule the derivation contradicts fails the
 * build.
 */
export function entriesAlsoAre(
  items: IndependentFiguresFile['items'],
  itemIndex: ReadonlyMap<string, number>,
  byFood: ReadonlyMap<string, ReadonlyMap<number, FoodEntry>>,
  rules: EntryRules,
  problems: string[],
): Map<number, [number, number][]> {
  // Per entry, per other dataset: the (entry, factor) of each of its foods there, or null where one lacks it.
  const seen = new Map<number, Map<number, { item: number; factor: number } | null>>();
  const foodsOf = new Map<number, ReadonlyMap<number, FoodEntry>[]>();
  for (const mapped of byFood.values()) {
    for (const entry of mapped.values()) {
      if (entry.use !== 'food') continue;
      foodsOf.set(entry.item, [...(foodsOf.get(entry.item) ?? []), mapped]);
    }
  }
  const alsoIs = new Map<number, [number, number][]>();
  for (const [item, foods] of foodsOf) {
    const dataset = items[item]!.dataset;
    const own = new Map<number, { item: number; factor: number } | null>();
    for (const mapped of foods) {
      const self = [...mapped.values()].find((entry) => entry.item === item)!;
      for (const [other, entry] of mapped) {
        if (other === dataset || entry.use !== 'food') continue;
        const factor = entry.kgPerKg / self.kgPerKg;
        const before = own.get(other);
        if (before === undefined) own.set(other, { item: entry.item, factor });
        else if (
          before !== null &&
          (before.item !== entry.item || Math.abs(before.factor - factor) > SAME_FACTOR)
        )
          own.set(other, null);
      }
    }
    // Every food of the entry must have the other entry: one without it says the two are not the same.
    for (const [other, found] of own) {
      if (found === null) continue;
      const all = foods.every((mapped) => {
        const entry = mapped.get(other);
        return entry?.item === found.item && entry.use === 'food';
      });
      if (all)
        alsoIs.set(item, [...(alsoIs.get(item) ?? []), [found.item, Number(found.factor.toPrecision(4))]]);
    }
    seen.set(item, own);
  }
  for (const rule of rules.same) {
    const label = `entries.same ${rule.dataset} "${rule.item}"`;
    const item = itemIndex.get(`${rule.dataset}\n${rule.item}`);
    const other = itemIndex.get(`${rule.is.dataset}\n${rule.is.item}`);
    if (item === undefined || other === undefined) {
      problems.push(`${label}: no such entry`);
      continue;
    }
    if (items[item]!.dataset === items[other]!.dataset) {
      problems.push(`${label}: is an entry of its own study`);
      continue;
    }
    const derived = (alsoIs.get(item) ?? []).find(
      ([entry]) => items[entry]!.dataset === items[other]!.dataset,
    );
    if (derived !== undefined) {
      if (derived[0] !== other || Math.abs(derived[1] - rule.is.kgPerKg) > SAME_FACTOR)
        problems.push(`${label}: its catalog foods make it "${items[derived[0]]!.name}" ×${derived[1]}`);
      else problems.push(`${label}: already derived from its catalog foods; remove the rule`);
      continue;
    }
    if (seen.get(item)?.has(items[other]!.dataset) === true) {
      problems.push(`${label}: its catalog foods do not all map to "${rule.is.item}"`);
      continue;
    }
    alsoIs.set(item, [...(alsoIs.get(item) ?? []), [other, rule.is.kgPerKg]]);
  }
  for (const list of alsoIs.values()) list.sort(([a], [b]) => a - b);
  return alsoIs;
}

/** The entries whose own name does not name the food their figure is for (`rules.notByName`). */
export function entriesNotByName(
  itemIndex: ReadonlyMap<string, number>,
  rules: EntryRules,
  problems: string[],
): Set<number> {
  const notByName = new Set<number>();
  for (const rule of rules.notByName) {
    const item = itemIndex.get(`${rule.dataset}\n${rule.item}`);
    if (item === undefined) problems.push(`entries.notByName ${rule.dataset} "${rule.item}": no such entry`);
    else notByName.add(item);
  }
  return notByName;
}
