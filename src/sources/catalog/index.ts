export { CATALOG_SOURCE_INFO, createCatalog, MIN_CONFIDENCE } from './catalog.js';
export { defaultDataDir, loadCatalog } from './load.js';
export { createCatalogSource } from './source.js';
export type { Catalog } from './types.js';
