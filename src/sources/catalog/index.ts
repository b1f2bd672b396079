export { CATALOG_SOURCE_INFO } from './answers.js';
export { loadCatalog } from './load.js';
export { createCatalogSource } from './source.js';
export type { Catalog } from './types.js';
