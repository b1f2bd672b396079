import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LexiconSchema } from '../../src/sources/catalog/lexicon.js';
import { ModifierReader } from '../../src/sources/catalog/modifiers.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';
import { CURATED_DIR } from './paths.js';

const lexicon = LexiconSchema.parse(JSON.parse(readFileSync(join(CURATED_DIR, 'lexicon.json'), 'utf8')));
const text = new TextNormaliser(lexicon, []);
const normaliseTokens = (name: string) => text.nameTokens(name);
/** The form of a food (raw or cooked, fresh or dried, sugared or not, dry or a drink); not its animal. */
const form = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.name !== 'animal'));
const animal = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.name === 'animal'));

/** Both names have a word that is neither an animal nor a form: the same cut ("mince", "breast"). */
function sharedCut(a: string, b: string): boolean {
  const cut = (name: string) =>
    normaliseTokens(name).filter(
      (token) =>
        animal.valueKeys(token).length === 0 && form.valueKeys(token).length === 0 && !NOT_KIND.has(token),
    );
  const first = new Set(cut(a));
  return cut(b).some((token) => first.has(token));
}

/** Meat or fish: a food whose name states an animal. */
function fromAnimal(name: string): boolean {
  const values = animal.read(normaliseTokens(name)).get('animal');
  return values !== undefined && [...values].some((value) => value !== 'meatfree');
}

/** Both state a value of some form group, and not the same one: a cooked grain is no swap for a raw one. */
function formsDiffer(a: string, b: string): boolean {
  const first = form.read(normaliseTokens(a));
  const second = form.read(normaliseTokens(b));
  for (const [group, values] of first) {
    const other = second.get(group);
    if (other !== undefined && ![...values].some((value) => other.has(value))) return true;
  }
  return false;
}

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
  'skin',
]);

/** Offal and baby foods are rarely what someone swapping a staple wants to be offered. */
const NEVER_OFFERED = /\b(heart|liver|kidney|tongue|tripe|gizzard|brain|sweetbread|blood|baby)\b/i;

/** Words of a name's first part ("Orange juice" in "Orange juice, reconstituted"): what the food is. */
function kindTokens(name: string): Set<string> {
  const first = name.split(',')[0]!.split(/\b(?:with|without|w)\b/)[0]!;
  return new Set(normaliseTokens(first).filter((token) => !NOT_KIND.has(token) && !/\d/.test(token)));
}

/**
 * Whether a person would put one food in place of the other: the same kind of food in the same form and
 * use. From data: the same form (lexicon groups: raw or cooked, fresh or dried, ...) and either a shared
 * Open Food Facts category of one kind (a dip for a dip), or, where the taxonomy does not know one of
 * them, a word of what their names say they are ("juice", "mince"); milks and plant drinks form one pool
 * of one kind, and so do meats and fish of one Agribalyse subgroup (raw meats, cooked fish, ...).
 */
function sameKind(
  product: SwapCandidate,
  candidate: SwapCandidate,
  kinds: Map<string, Set<string>>,
): boolean {
  if (formsDiffer(product.lciName, candidate.lciName)) return false;
  if (product.poolIsOneKind === true && product.pool === candidate.pool) return true;
  // One animal's cut for another's in the same form is the classic swap (beef mince → poultry mince).
  if (product.pool === candidate.pool && fromAnimal(product.lciName) && fromAnimal(candidate.lciName))
    return sharedCut(product.lciName, candidate.lciName);
  const own = product.kinds ?? [];
  const theirs = candidate.kinds ?? [];
  if (own.length > 0 && theirs.length > 0) return theirs.some((kind) => own.includes(kind));
  const ownWords = kinds.get(product.code)!;
  return [...kinds.get(candidate.code)!].some((token) => ownWords.has(token));
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
  const kinds = new Map(products.map((product) => [product.code, kindTokens(product.lciName)]));
  const swaps = new Map<string, string>();
  for (const product of products) {
    const limit = product.kgCo2ePerKg * (1 - MIN_SWAP_REDUCTION);
    let best: { candidate: SwapCandidate; key: [number, number, string] } | null = null;
    for (const candidate of byPool.get(product.pool) ?? []) {
      if (candidate.code === product.code || candidate.kgCo2ePerKg > limit) continue;
      if (candidate.unit !== product.unit) continue;
      if (NEVER_OFFERED.test(candidate.lciName)) continue;
      if (!sameKind(product, candidate, kinds)) continue;
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
