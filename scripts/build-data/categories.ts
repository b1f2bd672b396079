import type { AgribalyseItem } from './agribalyse.js';
import type { CiqualNames } from './ciqual.js';

/**
 * English names for Agribalyse subgroups where CIQUAL 2020 does not give one unambiguous name:
 * the subgroup mixes CIQUAL subgroups (most common one below MIN_MAJORITY_SHARE), CIQUAL has no
 * English subgroup for it, or two Agribalyse subgroups would share a name. Translated by hand from
 * the French Agribalyse subgroup name.
 */
const HAND_NAMES: Record<string, string> = {
  'céréales de petit-déjeuner et biscuits': 'Breakfast cereals and biscuits',
  'farines et pâtes à tarte': 'Flours and pastry doughs',
  'pains et viennoiseries': 'Breads and Viennese pastries',
  'plats composés': 'Composite dishes',
  'plats végétariens': 'Vegetarian dishes',
  'substituts de charcuterie': 'Delicatessen meat substitutes',
  'substituts de viande': 'Meat substitutes',
  'ingrédients divers': 'Miscellaneous ingredients',
  'aides culinaires': 'Cooking aids',
};

/**
 * English names for Agribalyse groups whose foods CIQUAL 2020 files under more than one group (cereal
 * products: biscuits and cakes under "sugar and confectionery", bread and pasta under "cereal
 * products"). Translated by hand from the French group name.
 */
const GROUP_HAND_NAMES: Record<string, string> = {
  'produits céréaliers': 'Cereal products',
};

/** Spelling mistakes in CIQUAL 2020's English subgroup names, corrected on the way in. */
const CIQUAL_TYPOS: Record<string, string> = {
  'baby deserts': 'baby desserts',
};

/** Below this share of a subgroup's foods, the most common CIQUAL name does not describe it. */
const MIN_MAJORITY_SHARE = 0.75;

export interface Category {
  /** French Agribalyse subgroup, the key. */
  subgroup: string;
  /** French Agribalyse group the subgroup belongs to. */
  group: string;
  name: string;
  count: number;
  /** Arithmetic mean of the per-kg values of the foods in the subgroup. */
  meanKgCo2ePerKg: number;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function groupBy(
  items: AgribalyseItem[],
  key: (item: AgribalyseItem) => string,
): Map<string, AgribalyseItem[]> {
  const groups = new Map<string, AgribalyseItem[]>();
  for (const item of items) {
    const members = groups.get(key(item)) ?? [];
    members.push(item);
    groups.set(key(item), members);
  }
  return groups;
}

/**
 * The English name most of the members carry in CIQUAL, capitalised, or null when fewer than
 * MIN_MAJORITY_SHARE of those with a name share it.
 */
function majorityName(
  members: AgribalyseItem[],
  nameOf: (item: AgribalyseItem) => string | null | undefined,
): string | null {
  const counts = new Map<string, number>();
  let matched = 0;
  for (const item of members) {
    const name = nameOf(item);
    if (name === undefined || name === null) continue;
    matched += 1;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const [majority, majorityCount] = [...counts].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0] ?? [null, 0];
  return majority !== null && majorityCount / matched >= MIN_MAJORITY_SHARE ? capitalise(majority) : null;
}

/** One category per Agribalyse subgroup, sorted by English name; throws if a name is missing or shared. */
export function buildCategories(items: AgribalyseItem[], ciqual: Map<number, CiqualNames>): Category[] {
  const categories: Category[] = [];
  for (const [subgroup, members] of groupBy(items, (item) => item.subgroup)) {
    const fromCiqual = majorityName(members, (item) => {
      const raw = ciqual.get(item.ciqualCode)?.subgroup;
      return raw === undefined || raw === null ? null : (CIQUAL_TYPOS[raw.toLowerCase()] ?? raw);
    });
    const name = HAND_NAMES[subgroup] ?? fromCiqual;
    if (name === null)
      throw new Error(`no English name for Agribalyse subgroup "${subgroup}": add it to HAND_NAMES`);
    const total = members.reduce((sum, item) => sum + item.kgCo2ePerKg, 0);
    categories.push({
      subgroup,
      group: members[0]!.group,
      name,
      count: members.length,
      meanKgCo2ePerKg: total / members.length,
    });
  }
  categories.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const names = new Set(categories.map((category) => category.name));
  if (names.size !== categories.length) {
    const seen = new Set<string>();
    const duplicates = categories.filter((c) => seen.has(c.name) || !seen.add(c.name)).map((c) => c.name);
    throw new Error(`two Agribalyse subgroups share an English name: ${duplicates.join(', ')}`);
  }
  return categories;
}

export interface Group {
  /** French Agribalyse group, the key. */
  group: string;
  name: string;
  count: number;
  meanKgCo2ePerKg: number;
}

/**
 * One parent group per Agribalyse group ("viandes, œufs, poissons"), named with the most common CIQUAL
 * 2020 English group of its foods; its mean is over all its foods. Sorted by English name.
 */
export function buildGroups(items: AgribalyseItem[], ciqual: Map<number, CiqualNames>): Group[] {
  const groups: Group[] = [];
  for (const [group, members] of groupBy(items, (item) => item.group)) {
    const fromCiqual = majorityName(members, (item) => ciqual.get(item.ciqualCode)?.group);
    const name = GROUP_HAND_NAMES[group] ?? fromCiqual;
    if (name === null)
      throw new Error(`no English name for Agribalyse group "${group}": add it to GROUP_HAND_NAMES`);
    const total = members.reduce((sum, item) => sum + item.kgCo2ePerKg, 0);
    groups.push({ group, name, count: members.length, meanKgCo2ePerKg: total / members.length });
  }
  groups.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  if (new Set(groups.map((group) => group.name)).size !== groups.length)
    throw new Error('two Agribalyse groups share an English name: add one to GROUP_HAND_NAMES');
  return groups;
}
