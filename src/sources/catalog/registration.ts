import { z } from 'zod';
import { defineRegistration } from '../../config/registration.js';
import { blankIsUnset } from '../../config/schema.js';

/** The built-in catalog (data/): needs no configuration; CARBON_BASIS chooses which figure leads. */
export const catalogRegistration = defineRegistration({
  id: 'catalog',
  kind: 'source',
  label: 'built-in catalog',
  env: {
    /**
     * Which figure an answer leads with: `agribalyse` (the catalog's own, ADEME Agribalyse 3.2) or
     * `global` (the global studies' figure where they have the food, the catalog's elsewhere). The
     * other figures stay beside it, and the verdict is judged on all of them either way.
     */
    // The values of BASES in src/figures/basis.ts (a registration imports no code; a test ties the two).
    CARBON_BASIS: blankIsUnset(z.enum(['agribalyse', 'global']).default('agribalyse')),
  },
  secrets: [],
  help: "Built-in catalog: needs nothing; CARBON_SOURCE=catalog uses it even when CARBON_API_KEY is set. CARBON_BASIS=global leads with the global studies' figure (Poore & Nemecek 2018, then Clark et al. 2022) where they have the food instead of ADEME Agribalyse 3.2's.",
});
