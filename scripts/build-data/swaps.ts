import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LexiconSchema } from '../../src/sources/catalog/lexicon.js';
import { TextNormaliser } from '../../src/sources/catalog/text.js';
import { CURATED_DIR } from './paths.js';

const text = new TextNormaliser(
  LexiconSchema.parse(JSON.parse(readFileSync(join(CURATED_DIR, 'lexicon.json'), 'utf8'))),
  [],
);
const normaliseTokens = (name: string) => text.nameTokens(name);

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

function kindTokens(name: string): Set<string> {
  return new Set(normaliseTokens(name).filter((token) => !NOT_KIND.has(token) && !/\d/.test(token)));
}

/**
 * For each product, a lower-carbon alternative from its pool: recognisable names first, then the same
 * kind of food (a shared name word, e.g. "juice"), then the lowest footprint. A candidate must be
 * recognisable or of the same kind, and shown in the same unit (kg or L). Ties break by code so
 * the output is stable.
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
    const ownKind = kinds.get(product.code)!;
    const limit = product.kgCo2ePerKg * (1 - MIN_SWAP_REDUCTION);
    let best: { candidate: SwapCandidate; key: [number, number, number, string] } | null = null;
    for (const candidate of byPool.get(product.pool) ?? []) {
      if (candidate.code === product.code || candidate.kgCo2ePerKg > limit) continue;
      if (candidate.unit !== product.unit) continue;
      if (NEVER_OFFERED.test(candidate.lciName)) continue;
      const sameKind = [...kinds.get(candidate.code)!].some((token) => ownKind.has(token));
      // An obscure food of another kind would be a puzzling suggestion.
      if (!candidate.common && !sameKind) continue;
      const key: [number, number, number, string] = [
        candidate.common ? 0 : 1,
        sameKind ? 0 : 1,
        candidate.kgCo2ePerKg,
        candidate.code,
      ];
      if (best === null || compareKeys(key, best.key) < 0) best = { candidate, key };
    }
    if (best !== null) swaps.set(product.code, best.candidate.code);
  }
  return swaps;
}

function compareKeys(a: [number, number, number, string], b: [number, number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3].localeCompare(b[3]);
}
