import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * Other names of the studies' entries, from the Open Food Facts categories taxonomy (2022 export; ODbL
 * 1.0, attribution "Open Food Facts"; data/README.md): a reviewed rule (figure-mapping.json
 * `entries.names`) says which OFF category is an entry's food; that category and every category below
 * it name the same food ("Tea bags", "Oolong teas" under "Teas" for Clark et al.'s "Tea"), less the
 * subtrees and names the rule excludes (brewed or flavoured teas; wild mushrooms). A query naming one is then
 * read as naming the entry, for the foods the catalog lacks (src/figures/study-answer.ts).
 */

const CategorySchema = z.object({
  name: z.record(z.string(), z.string()).optional(),
  synonyms: z.record(z.string(), z.array(z.string())).optional(),
  parents: z.array(z.string()).optional(),
});
const TaxonomySchema = z.record(z.string(), CategorySchema);

/** Longest name kept: longer OFF names are descriptions nobody types (as in off-taxonomy.ts). */
const MAX_NAME_LENGTH = 40;

export interface OffTree {
  has(id: string): boolean;
  /** The category's English name and synonyms. */
  names(id: string): string[];
  children(id: string): readonly string[];
}

export function readOffTree(path: string): OffTree {
  const taxonomy = TaxonomySchema.parse(JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')));
  const children = new Map<string, string[]>();
  for (const [id, category] of Object.entries(taxonomy))
    for (const parent of category.parents ?? []) children.set(parent, [...(children.get(parent) ?? []), id]);
  return {
    has: (id) => id in taxonomy,
    names: (id) => {
      const category = taxonomy[id];
      return [category?.name?.en, ...(category?.synonyms?.en ?? [])].filter(
        (name): name is string => name !== undefined,
      );
    },
    children: (id) => children.get(id) ?? [],
  };
}

/**
 * The English names of a category and of every category below it, less any category whose id matches
 * `exclude` (with everything below it), any name that matches it (a synonym for another food: the
 * taxonomy's common beans are also "String beans"), and names too long to be typed; sorted, without
 * repeats (case-insensitive).
 */
export function namesBelow(tree: OffTree, root: string, exclude: RegExp | null): string[] {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (exclude?.test(id) === true) continue;
    for (const name of tree.names(id)) {
      const key = name.toLowerCase();
      if (name.length <= MAX_NAME_LENGTH && exclude?.test(name) !== true && !names.has(key))
        names.set(key, name);
    }
    stack.push(...tree.children(id));
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b, 'en'));
}
