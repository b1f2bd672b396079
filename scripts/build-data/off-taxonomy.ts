/**
 * English names and synonyms for Agribalyse foods from the Open Food Facts categories taxonomy
 * (2022 export; ODbL 1.0, attribution "Open Food Facts"; see data/README.md). A category carrying an
 * `agribalyse_food_code` names that food directly; one carrying only an `agribalyse_proxy_food_code`
 * names a food the code merely stands in for, so its names are kept apart as "related".
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

const LocalisedSchema = z.record(z.string(), z.string());
const CategorySchema = z.object({
  name: LocalisedSchema.optional(),
  synonyms: z.record(z.string(), z.array(z.string())).optional(),
  agribalyse_food_code: LocalisedSchema.optional(),
  agribalyse_proxy_food_code: LocalisedSchema.optional(),
  parents: z.array(z.string()).optional(),
});
const TaxonomySchema = z.record(z.string(), CategorySchema);

export interface OffNames {
  /** Code AGB → English names of categories that are that food. */
  synonyms: Map<string, string[]>;
  /** Code AGB → English names of categories the food stands in for. */
  related: Map<string, string[]>;
  /**
   * Code AGB → the categories that say what kind of food it is: those carrying its code and their
   * direct parents, as long as they span at most MAX_KIND_SIZE Agribalyse foods.
   */
  kinds: Map<string, string[]>;
  /** Categories whose code is not in this Agribalyse release (stale 2022 mappings), skipped. */
  staleCodes: number;
}

/**
 * A category spanning at most this many Agribalyse foods still names one kind of food in one use
 * (dips 2, salty snacks 22, plant-based drinks 33, cow's-milk cheeses 54); the next ones up mix uses
 * (sauces 65 hold mayonnaise and soy sauce, poultry 66, cheeses 114, cereals and potatoes 221 hold
 * crisps and raw sweet potatoes, meats 382). Read off the taxonomy's sizes, not tuned on any query.
 */
export const MAX_KIND_SIZE = 60;

/** Longest name kept: longer OFF names are descriptions nobody types. */
const MAX_NAME_LENGTH = 80;

function add(map: Map<string, string[]>, code: string, names: readonly string[]): void {
  const list = map.get(code) ?? [];
  for (const name of names) if (!list.includes(name)) list.push(name);
  map.set(code, list);
}

export function readOffNames(path: string, knownCodes: ReadonlySet<string>): OffNames {
  const taxonomy = TaxonomySchema.parse(JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')));
  const synonyms = new Map<string, string[]>();
  const related = new Map<string, string[]>();
  const categoriesOf = new Map<string, string[]>();
  let staleCodes = 0;
  for (const category of Object.values(taxonomy)) {
    const names = [category.name?.en, ...(category.synonyms?.en ?? [])]
      .filter(
        (name): name is string => name !== undefined && name.trim() !== '' && name.length <= MAX_NAME_LENGTH,
      )
      .map((name) => name.trim());
    if (names.length === 0) continue;
    const direct = category.agribalyse_food_code?.en;
    const proxy = category.agribalyse_proxy_food_code?.en;
    const code = direct ?? proxy;
    if (code === undefined) continue;
    if (!knownCodes.has(code)) {
      staleCodes++;
      continue;
    }
    add(direct !== undefined ? synonyms : related, code, names);
  }
  for (const [id, category] of Object.entries(taxonomy)) {
    const code = category.agribalyse_food_code?.en ?? category.agribalyse_proxy_food_code?.en;
    if (code !== undefined && knownCodes.has(code)) add(categoriesOf, code, [id]);
  }
  for (const map of [synonyms, related]) for (const list of map.values()) list.sort();
  return { synonyms, related, kinds: kindsOf(taxonomy, categoriesOf), staleCodes };
}

function kindsOf(
  taxonomy: z.infer<typeof TaxonomySchema>,
  categoriesOf: Map<string, string[]>,
): Map<string, string[]> {
  const ancestorsCache = new Map<string, Set<string>>();
  const ancestors = (id: string, trail = new Set<string>()): Set<string> => {
    const cached = ancestorsCache.get(id);
    if (cached !== undefined) return cached;
    const found = new Set<string>([id]);
    trail.add(id);
    for (const parent of taxonomy[id]?.parents ?? []) {
      if (trail.has(parent)) continue;
      for (const ancestor of ancestors(parent, trail)) found.add(ancestor);
    }
    trail.delete(id);
    ancestorsCache.set(id, found);
    return found;
  };
  const size = new Map<string, number>();
  for (const ids of categoriesOf.values()) {
    const all = new Set<string>();
    for (const id of ids) for (const ancestor of ancestors(id)) all.add(ancestor);
    for (const id of all) size.set(id, (size.get(id) ?? 0) + 1);
  }
  // A kind is a category carrying the code or a direct parent of one: siblings share a kind (hummus and
  // guacamole under "dips"), cousins do not (crisps under "crisps", frozen fries under "fries").
  const kinds = new Map<string, string[]>();
  for (const [code, ids] of categoriesOf) {
    const near = new Set<string>();
    for (const id of ids) {
      near.add(id);
      for (const parent of taxonomy[id]?.parents ?? []) near.add(parent);
    }
    kinds.set(code, [...near].filter((id) => (size.get(id) ?? 0) <= MAX_KIND_SIZE).sort());
  }
  return kinds;
}
