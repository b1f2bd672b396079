import { defineRegistration } from '../../config/registration.js';

/** The built-in catalog (data/): needs no configuration. */
export const catalogRegistration = defineRegistration({
  id: 'catalog',
  kind: 'source',
  label: 'built-in catalog',
  env: {},
  secrets: [],
  help: 'Built-in catalog: needs nothing; CARBON_SOURCE=catalog uses it even when CARBON_API_KEY is set.',
});
