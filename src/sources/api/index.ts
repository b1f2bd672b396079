import type { Logger } from 'pino';
import { NotFoundError, SourceUnavailableError } from '../../core/errors.js';
import type { ProductResult, RecipeResult } from '../../core/result.js';
import type { LookupOptions, LookupSource } from '../../core/source.js';
import type { StateStore } from '../../core/state/store.js';
import type { Telemetry } from '../../core/telemetry.js';
import { type CacheOptions, createCachedSource } from '../cached-source.js';
import { type Clock, GreenSwappHttpClient, type RetryOptions } from './http-client.js';
import { type ProductEndpoint, productNotFound, toProductResult, toRecipeResult } from './map.js';

export type { Clock } from './http-client.js';

export interface ApiSourceOptions {
  apiKey: string;
  /** When set, products use `{baseUrl}/impact/product`; otherwise the milk-only trial `{trialUrl}/product`. */
  baseUrl?: string;
  /** Recipes always use `{trialUrl}/recipe`. */
  trialUrl: string;
  /** Deadline for a whole lookup, retry and backoff included. */
  timeoutMs: number;
  logger: Logger;
  /** Cache tuning; `false` turns the cache off (tests, benchmarks of the raw client). */
  cache?: CacheOptions | false;
  /** Retry tuning, mainly so tests can use tiny backoffs. */
  retry?: Partial<RetryOptions>;
  /** Time for the rate-limit cool-down after a 429; tests pass a fake one. */
  clock?: Clock;
  /** Connections per upstream origin (and lookups in flight to it); the client's default otherwise. */
  maxConnections?: number;
  /** Shares 429 cool-downs between replicas and across restarts (the state store). */
  coolDownStore?: StateStore;
  /** Where upstream requests and cache lookups are reported (the metrics). */
  telemetry?: Telemetry;
}

export interface ApiSource extends LookupSource {
  readonly id: 'api';
  /** Closes the keep-alive connections; lookups afterwards fail with SourceUnavailableError. */
  close(): Promise<void>;
}

/** Header values must be visible ASCII; anything else would be rejected by the HTTP stack anyway. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * The GreenSwapp API as a LookupSource, cached. Only the three current operations are ever called;
 * `/impact` and `/impact/recipe` were removed upstream (changelog in the spec).
 */
export function createApiSource(options: ApiSourceOptions): ApiSource {
  if (!HEADER_SAFE.test(options.apiKey)) {
    throw new SourceUnavailableError('CARBON_API_KEY is empty or holds characters a header cannot carry');
  }
  const client = new GreenSwappHttpClient({
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    retry: options.retry,
    clock: options.clock,
    maxConnections: options.maxConnections,
    coolDownStore: options.coolDownStore,
    telemetry: options.telemetry,
  });
  const productEndpoint: ProductEndpoint = options.baseUrl ? 'impact' : 'trial';
  const productUrl = options.baseUrl
    ? endpointUrl(options.baseUrl, 'impact/product')
    : endpointUrl(options.trialUrl, 'product');
  const recipeUrl = endpointUrl(options.trialUrl, 'recipe');

  const uncached: LookupSource = {
    id: 'api',
    async lookupProduct(name: string, lookup: LookupOptions = {}): Promise<ProductResult> {
      const url = withQuery(productUrl, 'product', name);
      let body: unknown;
      try {
        body = await client.getJson(url, { kind: 'product', query: name }, lookup.signal);
      } catch (error) {
        if (error instanceof NotFoundError) throw productNotFound(productEndpoint, name, error.suggestions);
        throw error;
      }
      return toProductResult(body, name, productEndpoint);
    },
    async lookupRecipe(name: string, lookup: LookupOptions = {}): Promise<RecipeResult> {
      const url = withQuery(recipeUrl, 'recipe', name);
      const body = await client.getJson(url, { kind: 'recipe', query: name }, lookup.signal);
      return toRecipeResult(body, name);
    },
  };

  const { telemetry } = options;
  const onLookup = telemetry === undefined ? {} : { onLookup: (hit: boolean) => telemetry.cacheLookup(hit) };
  const source: LookupSource =
    options.cache === false ? uncached : createCachedSource(uncached, { ...options.cache, ...onLookup });
  return {
    id: 'api',
    lookupProduct: (name, lookup) => source.lookupProduct(name, lookup),
    lookupRecipe: (name, lookup) => source.lookupRecipe(name, lookup),
    close: () => client.close(),
  };
}

/** Appends an operation to a base that may carry a path prefix, e.g. https://host/v1 → /v1/recipe. */
function endpointUrl(base: string, operation: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${operation}`;
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * URLSearchParams does the encoding (&, +, #, unicode, even lone surrogates). Its "+" for a space
 * becomes "%20", which every server decodes as a space, not only form-aware ones; a literal "+"
 * is already "%2B", so no "+" is left ambiguous.
 */
function withQuery(endpoint: URL, parameter: string, value: string): URL {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({ [parameter]: value }).toString().replace(/\+/g, '%20');
  return url;
}
