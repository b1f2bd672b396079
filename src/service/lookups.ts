import type { FastifyInstance } from 'fastify';
import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { InvalidInputError, NotFoundError } from '../core/errors.js';
import { toErrorView } from '../core/messages.js';
import type { HandlerContext } from '../core/pipeline.js';
import type { ProductResult } from '../core/result.js';
import type { Metrics } from '../ops/metrics.js';
import { MAX_RECIPE_TEXT_LENGTH } from '../recipes/list-text.js';
import type { Catalog } from '../sources/catalog/types.js';
import { productBody, recipeBody } from './bodies.js';
import { type ServiceCompare, userError } from './compare.js';
import { createListAnswerer } from './ingredient-list.js';
import { nameFromParam, readParam } from './query.js';
import { CANCELLED, type Responder } from './respond.js';
import { INTERNAL, type Prepared, prepareError, prepareJson } from './responses.js';

/** The lookup API's three operations. */
export const LOOKUP_PATHS = ['/impact/product', '/product', '/recipe'] as const;
type LookupPath = (typeof LOOKUP_PATHS)[number];

interface LookupRoute {
  param: 'product' | 'recipe';
  /** The command kind metrics count it as. */
  kind: 'product' | 'recipe';
  /** The longest value taken as sent; names are held to MAX_NAME_LENGTH whatever this says. */
  maxLength?: number;
  /** Whether a value that reads as an ingredient list is computed (the /recipe extension). */
  lists?: true;
  /** The answer to a name, never thrown: 200, 404, 400, or a logged 500. */
  lookup(name: string, context: HandlerContext): Prepared | Promise<Prepared>;
}

export interface LookupOptions {
  catalog: Catalog;
  compare: ServiceCompare;
  logger: Logger;
  cache: LRUCache<string, Prepared> | null;
  metrics: Metrics | undefined;
}

/**
 * GET /impact/product, /product and /recipe: a name read from the raw query (readParam, not the
 * framework's parser), its answer from the LRU when it is there, else looked up and kept. Misses are
 * answers too: they depend only on the catalog, so they are cached like hits.
 */
export function registerLookups(app: FastifyInstance, responder: Responder, options: LookupOptions): void {
  const { catalog, compare, logger, cache, metrics } = options;
  const answerList = createListAnswerer(catalog);

  const products =
    (path: LookupPath, find: (name: string) => ProductResult) =>
    (name: string): Prepared => {
      try {
        return prepareJson(200, productBody(find(name)));
      } catch (error) {
        if (error instanceof NotFoundError) return notFound(path, error);
        if (error instanceof InvalidInputError)
          return prepareError(400, 'invalid_parameter', `Invalid product name: ${error.reason}.`);
        // Internals stay in the log; the client only learns that it was our fault.
        logger.error({ err: error, path, product: name }, 'lookup failed unexpectedly');
        return INTERNAL;
      }
    };

  const routes: Record<LookupPath, LookupRoute> = {
    '/impact/product': {
      param: 'product',
      kind: 'product',
      lookup: products('/impact/product', (name) => catalog.findProduct(name)),
    },
    '/product': {
      param: 'product',
      kind: 'product',
      lookup: products('/product', (name) => catalog.findTrialMilk(name)),
    },
    '/recipe': {
      param: 'recipe',
      kind: 'recipe',
      maxLength: MAX_RECIPE_TEXT_LENGTH,
      lists: true,
      // As `/carbon recipe` reads a name: the catalog's named dish, kept to what the name states, or
      // one built from its parts when no named dish fits ("ramen with tofu"), saying so.
      lookup: async (name, context) => {
        const answer = await compare.dish(name, context);
        if (answer.type === 'dish')
          return prepareJson(200, recipeBody(answer.result, { takenAs: answer.takenAs, how: answer.how }));
        const refused = userError(answer.error);
        if (refused !== null) return refused;
        if (answer.error.code === 'cancelled') return CANCELLED;
        logger.error(
          { err: answer.cause, code: answer.error.code, path: '/recipe', recipe: name },
          'lookup failed unexpectedly',
        );
        return INTERNAL;
      },
    },
  };

  function fromCache(key: string): Prepared | undefined {
    if (cache === null) return undefined;
    const cached = cache.get(key);
    metrics?.cache('service', cached !== undefined);
    return cached;
  }

  /** Keeps an answer that depends only on the catalog: a hit or a miss, not a refusal or a failure. */
  function keep(key: string, prepared: Prepared): Prepared {
    if (prepared.status === 200 || prepared.status === 404) cache?.set(key, prepared);
    return prepared;
  }

  function answer(path: LookupPath, rawQuery: string, context: HandlerContext): Prepared | Promise<Prepared> {
    const route = routes[path];
    let name: string;
    try {
      const value = readParam(rawQuery, route.param, route.maxLength ?? Number.POSITIVE_INFINITY);
      if (route.lists) {
        // Keyed like names: a name already in normal form hits the cache before any list check, and
        // a value is a list or not whatever its key, so a list and a name never share one.
        const key = `${path}\n${value}`;
        const cached = fromCache(key);
        if (cached !== undefined) return cached;
        const list = answerList(value);
        if (list !== null) return keep(key, list);
      }
      name = nameFromParam(value, route.param);
    } catch (error) {
      if (error instanceof InvalidInputError) {
        return prepareError(400, 'invalid_parameter', `Invalid query: ${error.reason}.`);
      }
      throw error;
    }
    const key = `${path}\n${name}`;
    const cached = fromCache(key);
    if (cached !== undefined) return cached;
    const prepared = route.lookup(name, context);
    return prepared instanceof Promise ? prepared.then((ready) => keep(key, ready)) : keep(key, prepared);
  }

  for (const path of LOOKUP_PATHS) {
    // GET routes answer HEAD too (Fastify's exposeHeadRoutes); Node drops the body.
    app.get(
      path,
      responder.keyed(routes[path].kind, (request, context) => answer(path, queryOf(request.url), context)),
    );
  }
}

/**
 * The sentence is the bot's own (core/messages.ts toErrorView), so the API and the chat adapters word
 * a miss alike. The pointers to other endpoints are added here: they name this API's paths, which
 * chat users never see, and toErrorView's hints (bot commands, CARBON_API_BASE_URL) mean nothing to
 * an API client, so they are not used.
 */
function notFound(path: LookupPath, error: NotFoundError): Prepared {
  const { text } = toErrorView(error);
  if (path === '/product') {
    const trial = error.outOfScope === 'trial_milk_only';
    return prepareError(
      404,
      trial ? 'not_in_trial' : 'not_found',
      trial
        ? `${text} Use GET /impact/product for any other product.`
        : `${text} GET /product covers milks only; GET /impact/product covers all products.`,
      error.suggestions,
    );
  }
  return prepareError(404, 'not_found', text, error.suggestions);
}

/** The raw query of an origin-form target (rewriteUrl has made it one). */
export function queryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}
