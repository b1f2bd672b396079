import { loadCurated } from '../../src/sources/catalog/load.js';
import { conflicts, ModifierReader } from '../../src/sources/catalog/modifiers.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';
import { DATA_DIR } from './paths.js';

const { lexicon } = loadCurated(DATA_DIR);
const text = new TextNormaliser(lexicon, []);
const normaliseTokens = (name: string) => text.nameTokens(name);
/** The form of a food (raw or cooked, fresh or dried, sugared or not, dry or a drink); not its animal. */
const form = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.name !== 'animal'));
const animal = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.name === 'animal'));

export interface SwapCandidate {
  code: string;
  lciName: string;
  kgCo2ePerKg: number;
  /**
   * The display unit. A swap is shown in its own unit beside a percentage computed per kg, so it must be
   * shown in the product's unit: "ground coffee" (per kg) → "Latte" (per litre) would compare unlike things.
   */
  unit: 'kg' | 'L';
  /** Has a curated everyday name, so users will recognise it. */
  common: boolean;
  /** Products in the same pool may be swapped for each other (a category, or all milks). */
  pool: string;
  /** Open Food Facts categories naming its kind of food (off-taxonomy.ts), if any. */
  kinds?: readonly string[];
  /** A pool whose members are all one kind, whatever their names (milks and plant drinks). */
  poolIsOneKind?: boolean;
}

/** A swap must be at least this much lower per kg (the ProductResult contract). */
export const MIN_SWAP_REDUCTION = 0.3;

/** Words that say how a food is prepared or packed rather than what it is. */
const NOT_KIND = new Set([
  'raw',
  'cooked',
  'plain',
  'prepacked',
  'with',
  'without',
  'sugar',
  'fat',
  'salted',
  'unsalted',
  'fresh',
  'frozen',
  'canned',
  'drained',
  'boiled',
  'cooked',
  'water',
  'in',
  'or',
  'and',
  'from',
  'pulp',
  'peel',
  'meat',
  'pure',
  'skin',
]);

/** Offal and baby foods are rarely what someone swapping a staple wants to be offered. */
const NEVER_OFFERED = /\b(heart|liver|kidney|tongue|tripe|gizzard|brain|sweetbread|blood|baby)\b/i;

/** What a name says about a food, worked out once per product. */
interface NameFacts {
  /** Words of the name's first part ("Orange juice" in "Orange juice, reconstituted"): what it is. */
  kind: Set<string>;
  /** Its form (lexicon groups other than the animal). */
  form: Map<string, Set<string>>;
  /** Meat or fish: the name states an animal. */
  fromAnimal: boolean;
  /** Words that are neither an animal nor a form: the cut ("mince", "breast"). */
  cut: Set<string>;
}

function nameFacts(name: string): NameFacts {
  const first = name.split(',')[0]!.split(/\b(?:with|without|w)\b/)[0]!;
  const tokens = normaliseTokens(name);
  const animals = animal.read(tokens).get('animal');
  return {
    kind: new Set(normaliseTokens(first).filter((token) => !NOT_KIND.has(token) && !/\d/.test(token))),
    form: form.read(tokens),
    fromAnimal: animals !== undefined && [...animals].some((value) => value !== 'meatfree'),
    cut: new Set(
      tokens.filter(
        (token) =>
          animal.valueKeys(token).length === 0 && form.valueKeys(token).length === 0 && !NOT_KIND.has(token),
      ),
    ),
  };
}

const shares = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...b].some((token) => a.has(token));

/**
 * Whether a person would put one food in place of the other: the same kind of food in the same form and
 * use. From data: the same form (lexicon groups: raw or cooked, fresh or dried, ...) and either a shared
 * Open Food Facts category of one kind (a dip for a dip), or, where the taxonomy does not know one of
 * them, a word of what their names say they are ("juice", "mince"); milks and plant drinks form one pool
 * of one kind, and so do meats and fish of one Agribalyse subgroup (raw meats, cooked fish, ...).
 */
function sameKind(product: SwapCandidate, candidate: SwapCandidate, facts: Map<string, NameFacts>): boolean {
  const own = facts.get(product.code)!;
  const theirs = facts.get(candidate.code)!;
  // A cooked grain is no swap for a raw one.
  if (conflicts(own.form, theirs.form)) return false;
  if (product.poolIsOneKind === true && product.pool === candidate.pool) return true;
  // One animal's cut for another's in the same form is the classic swap (beef mince → poultry mince).
  if (product.pool === candidate.pool && own.fromAnimal && theirs.fromAnimal)
    return shares(own.cut, theirs.cut);
  const ownKinds = product.kinds ?? [];
  const theirKinds = candidate.kinds ?? [];
  if (ownKinds.length > 0 && theirKinds.length > 0) return theirKinds.some((kind) => ownKinds.includes(kind));
  return shares(own.kind, theirs.kind);
}

/**
 * For each product, a lower-carbon alternative of the same kind from its pool (sameKind), shown in the
 * same unit (kg or L): recognisable names first, then the lowest footprint. Ties break by code so the
 * output is stable.
 */
export function chooseSwaps(products: readonly SwapCandidate[]): Map<string, string> {
  const byPool = new Map<string, SwapCandidate[]>();
  for (const product of products) {
    const pool = byPool.get(product.pool) ?? [];
    pool.push(product);
    byPool.set(product.pool, pool);
  }
  const facts = new Map(products.map((product) => [product.code, nameFacts(product.lciName)]));
  const swaps = new Map<string, string>();
  for (const product of products) {
    const limit = product.kgCo2ePerKg * (1 - MIN_SWAP_REDUCTION);
    let best: { candidate: SwapCandidate; key: [number, number, string] } | null = null;
    for (const candidate of byPool.get(product.pool) ?? []) {
      if (candidate.code === product.code || candidate.kgCo2ePerKg > limit) continue;
      if (candidate.unit !== product.unit) continue;
      if (NEVER_OFFERED.test(candidate.lciName)) continue;
      if (!sameKind(product, candidate, facts)) continue;
      const key: [number, number, string] = [candidate.common ? 0 : 1, candidate.kgCo2ePerKg, candidate.code];
      if (best === null || compareKeys(key, best.key) < 0) best = { candidate, key };
    }
    if (best !== null) swaps.set(product.code, best.candidate.code);
  }
  return swaps;
}

function compareKeys(a: [number, number, string], b: [number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]);
}
