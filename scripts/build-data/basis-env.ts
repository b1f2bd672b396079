/**
 * The headline an operator chose (CARBON_BASIS), applied to a report as `carbon start` and the CLI
 * apply it, so a report can be read on either basis: `CARBON_BASIS=global npx tsx scripts/build-data/…`.
 */
import { BASES, type Basis } from '../../src/figures/basis.js';
import { setDefaultBasis } from '../../src/sources/catalog/load.js';

export function applyBasisFromEnvironment(): Basis | null {
  const basis = process.env.CARBON_BASIS;
  if (basis === undefined || basis === '') return null;
  if (!(BASES as readonly string[]).includes(basis))
    throw new Error(`CARBON_BASIS must be one of ${BASES.join(', ')}`);
  setDefaultBasis(basis as Basis);
  return basis as Basis;
}
