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
  /**
   * Code AGB → every category that is that food (carries it as `agribalyse_food_code`) and all their
   * ancestors: what the taxonomy says the food is ("en:cow-cheeses", "en:dairies").
   */
  ancestors: Map<string, Set<string>>;
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

/**
 * data/curated/proxy-overrides.json: Open Food Facts categories whose stand-in food (their
 * `agribalyse_proxy_food_code`) is another food than the one the taxonomy names, with why. The taxonomy
 * stands generic "Mushrooms" in with the wild morel, the one mushroom Agribalyse 3.2 has, at 6.2 kg
 * CO2e per kg, so a query for ordinary mushrooms was answered with morels.
 */
export const ProxyOverridesFileSchema = z.object({
  $comment: z.string().optional(),
  overrides: z.array(
    z.object({
      /** The OFF category id, e.g. "en:mushrooms". */
      category: z.string().regex(/^[a-z]{2}:[a-z0-9-]+$/),
      /** The Agribalyse code that stands in for it instead. */
      proxy: z.string().min(1),
      why: z.string().min(1),
    }),
  ),
});

export function readProxyOverrides(path: string): Map<string, string> {
  const file = ProxyOverridesFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new Map(file.overrides.map((override) => [override.category, override.proxy]));
}

export function readOffNames(
  path: string,
  knownCodes: ReadonlySet<string>,
  /** OFF category id → the code that stands in for it instead of the taxonomy's proxy. */
  proxyOverrides: ReadonlyMap<string, string> = new Map(),
): OffNames {
  const taxonomy = TaxonomySchema.parse(JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')));
  for (const [id, proxy] of proxyOverrides) {
    const category = taxonomy[id];
    if (category?.agribalyse_proxy_food_code === undefined)
      throw new Error(`proxy-overrides.json: ${id} is not an Open Food Facts category with a proxy food`);
    if (!knownCodes.has(proxy)) throw new Error(`proxy-overrides.json: unknown Agribalyse code ${proxy}`);
    category.agribalyse_proxy_food_code = { en: proxy };
  }
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
  return {
    synonyms,
    related,
    kinds: kindsOf(taxonomy, categoriesOf),
    staleCodes,
    ancestors: ancestorsOf(taxonomy, knownCodes),
  };
}

function ancestorsOf(
  taxonomy: z.infer<typeof TaxonomySchema>,
  knownCodes: ReadonlySet<string>,
): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const [id, category] of Object.entries(taxonomy)) {
    const code = category.agribalyse_food_code?.en;
    if (code === undefined || !knownCodes.has(code)) continue;
    const found = result.get(code) ?? new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (found.has(next)) continue;
      found.add(next);
      stack.push(...(taxonomy[next]?.parents ?? []));
    }
    result.set(code, found);
  }
  return result;
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

/**
 * Open Food Facts synonyms less those another item's own Agribalyse name says: OFF maps "Palmiers" to
 * the generic puff-pastry biscuit while Agribalyse has "Biscuit (puff pastry), palmier", and "Duck
 * confit" to preserved duck beside Agribalyse's "Duck confit (conserved in rendered fat)". A synonym
 * that is exactly one part of another item's name (its comma-separated parts, without what is in
 * brackets or what the food comes from, with or in), not within its own item's name and not of its
 * own item's kind (its head word), names that other item and is dropped; unless that other item is in
 * a state its own is not, or has something added ("Kohlrabi, boiled" does not take "kohlrabi" from the
 * raw turnip cabbage, nor "Shortbread cookie w coconut" take "shortbread cookies"). `tokensOf` is the app's reading of a name
 * (plurals and spellings folded, stop words gone).
 */
export function unshadowedSynonyms(
  synonyms: ReadonlyMap<string, readonly string[]>,
  names: ReadonlyMap<string, string>,
  tokensOf: (name: string) => readonly string[],
  /** Words of a state a food is not in by default (lexicon.nonDefaultStates: cooked, canned…). */
  states: ReadonlySet<string>,
): { synonyms: Map<string, string[]>; dropped: string[] } {
  const nameTokens = new Map<string, Set<string>>();
  const byPart = new Map<string, Set<string>>();
  const withAddition = new Set<string>();
  for (const [code, name] of names) {
    if (/\s(?:with|w)\s/i.test(name)) withAddition.add(code);
    nameTokens.set(code, new Set(tokensOf(name)));
    const itself = name.replace(/\([^)]*\)?/g, ' ').split(/\s(?:from|with|without|in|w)\s/i)[0]!;
    for (const part of itself.split(',')) {
      const key = [...new Set(tokensOf(part))].sort().join(' ');
      if (key !== '') byPart.set(key, (byPart.get(key) ?? new Set()).add(code));
    }
  }
  const kept = new Map<string, string[]>();
  const dropped: string[] = [];
  for (const [code, list] of synonyms) {
    const own = nameTokens.get(code) ?? new Set<string>();
    // An item in another state, or one with something added, is not what the plain synonym names.
    const inState = (other: string) =>
      withAddition.has(other) ||
      [...nameTokens.get(other)!].some((token) => states.has(token) && !own.has(token));
    kept.set(
      code,
      list.filter((synonym) => {
        const tokens = [...new Set(tokensOf(synonym))];
        if (tokens.length === 0 || tokens.every((token) => own.has(token))) return true;
        // A synonym whose head its own item's name shares is of that kind ("Ewe milk" for sheep milk).
        if (own.has(tokens[tokens.length - 1]!)) return true;
        const shadowedBy = [...(byPart.get([...tokens].sort().join(' ')) ?? [])].find(
          (other) => other !== code && !inState(other),
        );
        if (shadowedBy === undefined) return true;
        dropped.push(`${synonym} (${code}, named by ${shadowedBy})`);
        return false;
      }),
    );
  }
  return { synonyms: kept, dropped };
}
