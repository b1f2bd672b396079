import { PRODUCT_LOW_MAX_KG_PER_KG, PRODUCT_MEDIUM_MAX_KG_PER_KG } from '../../src/core/levels.js';

/**
 * Terciles by the nearest-rank method on the sorted values: the value below which a third (two
 * thirds) of all foods lie. Agribalyse rounds to 3 significant figures, so the constants in
 * src/core/levels.ts are compared exactly.
 */
export function terciles(values: readonly number[]): [number, number] {
  if (values.length === 0) throw new Error('terciles of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
  return [at(1 / 3), at(2 / 3)];
}

export function checkProductTerciles(values: readonly number[]): void {
  const [low, medium] = terciles(values);
  if (low !== PRODUCT_LOW_MAX_KG_PER_KG || medium !== PRODUCT_MEDIUM_MAX_KG_PER_KG) {
    throw new Error(
      `Agribalyse terciles are ${low} and ${medium} kg CO2e/kg, but src/core/levels.ts says ` +
        `${PRODUCT_LOW_MAX_KG_PER_KG} and ${PRODUCT_MEDIUM_MAX_KG_PER_KG}: update the constants`,
    );
  }
}
