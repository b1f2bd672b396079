import type { Logger } from 'pino';
import { type Config, ConfigError } from '../config/env.js';
import { SourceUnavailableError } from '../core/errors.js';
import type { LookupSource, NameSuggester } from '../core/source.js';
import type { StateStore } from '../core/state/store.js';
import type { Telemetry } from '../core/telemetry.js';
import { type ApiSource, createApiSource } from './api/index.js';
import { apiRegistration } from './api/registration.js';
import { createCatalogSource, loadCatalog } from './catalog/index.js';
import { setDefaultBasis } from './catalog/load.js';
import { catalogRegistration } from './catalog/registration.js';
import type { Catalog } from './catalog/types.js';

export interface SelectedSource {
  source: LookupSource;
  /** The catalog whenever it loads, whatever answers lookups: autocomplete works with the API too. */
  suggester: NameSuggester | null;
  /** One line for banners and start-up logs; never contains a key. */
  description: string;
  close(): Promise<void>;
}

export interface SelectOptions {
  /**
   * Load the catalog for autocomplete even when the API answers lookups. One-shot CLI lookups skip
   * it: they never complete names, and loading the catalog costs start-up time.
   */
  suggester?: boolean;
  /** Where the catalog's data files are; the catalog's own default when omitted. */
  dataDir?: string;
  /** The state store, where the API client shares its 429 cool-downs; this process alone without it. */
  store?: StateStore;
  /** Where the API client reports its requests and cache lookups (the metrics). */
  telemetry?: Telemetry;
}

const CATALOG_UNAVAILABLE = `the ${catalogRegistration.label} is not available`;

/**
 * Picks the lookup source from CARBON_SOURCE: `auto` uses the API when CARBON_API_KEY is set and the
 * built-in catalog otherwise. Throws ConfigError when `api` is chosen without a key.
 */
export function createSource(config: Config, logger: Logger, options: SelectOptions = {}): SelectedSource {
  const wantApi =
    config.CARBON_SOURCE === apiRegistration.id ||
    (config.CARBON_SOURCE === 'auto' && config.CARBON_API_KEY !== undefined);
  if (wantApi && config.CARBON_API_KEY === undefined) {
    throw new ConfigError([`CARBON_API_KEY: required when CARBON_SOURCE is "${apiRegistration.id}"`]);
  }

  // Every part of the process that loads the default catalog leads with the configured figure.
  setDefaultBasis(config.CARBON_BASIS);
  const needCatalog = !wantApi || (options.suggester ?? true);
  const catalog = needCatalog ? tryLoadCatalog(logger, options.dataDir) : null;

  if (wantApi) {
    let api: ApiSource;
    try {
      api = createApiSource({
        apiKey: config.CARBON_API_KEY!,
        baseUrl: config.CARBON_API_BASE_URL,
        trialUrl: config.CARBON_API_TRIAL_URL,
        timeoutMs: config.CARBON_API_TIMEOUT_MS,
        logger,
        ...(options.store === undefined ? {} : { coolDownStore: options.store }),
        ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
      });
    } catch (error) {
      // A key the client refuses to send (e.g. non-ASCII) is a configuration mistake: fail at start-up.
      if (error instanceof SourceUnavailableError) throw new ConfigError([error.reason]);
      throw error;
    }
    return { source: api, suggester: catalog, description: apiDescription(config), close: () => api.close() };
  }

  if (catalog === null) {
    return {
      source: unavailableSource(catalogRegistration.id, CATALOG_UNAVAILABLE),
      suggester: null,
      description: `${catalogRegistration.label} (not available: its data files are missing)`,
      close: async () => {},
    };
  }
  const { products, recipes } = catalog.stats;
  return {
    source: createCatalogSource(catalog),
    suggester: catalog,
    description: `${catalogRegistration.label} (${products.toLocaleString('en-US')} products, ${recipes.toLocaleString('en-US')} recipes)`,
    close: async () => {},
  };
}

function tryLoadCatalog(logger: Logger, dataDir: string | undefined): Catalog | null {
  try {
    return loadCatalog(dataDir);
  } catch (error) {
    logger.warn({ err: error }, `${CATALOG_UNAVAILABLE}; run \`npm run build:data\` to rebuild it`);
    return null;
  }
}

/** Host only: a URL may carry credentials in its user-info part. */
function apiDescription(config: Config): string {
  if (config.CARBON_API_BASE_URL === undefined) {
    return `${apiRegistration.label}, trial endpoint at ${hostOf(config.CARBON_API_TRIAL_URL)} (milks only)`;
  }
  return `${apiRegistration.label} at ${hostOf(config.CARBON_API_BASE_URL)}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a custom URL';
  }
}

/** A source that answers every lookup with a clear "not available" instead of failing obscurely. */
export function unavailableSource(id: LookupSource['id'], reason: string): LookupSource {
  return {
    id,
    lookupProduct: async () => {
      throw new SourceUnavailableError(reason);
    },
    lookupRecipe: async () => {
      throw new SourceUnavailableError(reason);
    },
  };
}
