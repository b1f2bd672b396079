export { CATALOG_SOURCE_INFO } from './catalog.js';
export { loadCatalog } from './load.js';
export { createCatalogSource } from './source.js';
export type { Catalog } from './types.js';
