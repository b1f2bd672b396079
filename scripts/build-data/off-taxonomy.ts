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
  /** Categories whose code is not in this Agribalyse release (stale 2022 mappings), skipped. */
  staleCodes: number;
}

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
  for (const map of [synonyms, related]) for (const list of map.values()) list.sort();
  return { synonyms, related, staleCodes };
}
