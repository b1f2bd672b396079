import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenLocal } from './local-server.js';

/**
 * A local stand-in for the GreenSwapp API (spec: /work/shared/spec/carbon-lookup-api.md), served
 * over real HTTP on 127.0.0.1. It answers the three current operations from default data, records
 * every request, and can be scripted per test to be slow, failing or hostile.
 *
 *   const fake = await startFakeGreenSwapp();
 *   fake.respondOnce({ status: 500 });          // next request fails, then defaults again
 *   fake.respondWith((req) => req.path === '/recipe' ? { delayMs: 5_000 } : undefined);
 *   fake.setProduct('tofu', { kg_co2_per_kg: 3.1 });
 *   fake.requests;                              // what the client sent
 *   await fake.close();
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. "/impact/product". */
  path: string;
  /** Decoded query parameters (first value of each). */
  query: Record<string, string>;
  /** The request target exactly as received, e.g. "/product?product=oat%20milk". */
  rawUrl: string;
  headers: IncomingHttpHeaders;
  /** Sequence number of the TCP connection it came on; equal numbers mean a reused keep-alive socket. */
  connection: number;
}

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and Buffers as they are. Omitted: the default answer's body. */
  body?: unknown;
  /** Wait this long before sending anything. */
  delayMs?: number;
  /** Send the headers and half the body, wait this long, then the rest. */
  slowBodyMs?: number;
  /** Send the headers and half the body, then destroy the socket (connection reset mid-body). */
  destroyMidBody?: boolean;
  /** Destroy the socket without answering at all. */
  destroyBeforeHeaders?: boolean;
}

/** Returns a response, or undefined to let the default behaviour answer. */
export type FakeHandler = (
  request: RecordedRequest,
) => ScriptedResponse | undefined | Promise<ScriptedResponse | undefined>;

export interface FakeGreenSwappOptions {
  /** When set, requests without exactly this x-api-key get 401. */
  apiKey?: string;
}

export interface FakeGreenSwapp {
  /** Origin, e.g. "http://127.0.0.1:54321"; use it as both base URL and trial URL. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Adds or replaces a product served by /impact/product (and by /product when its name has "milk"). */
  setProduct(name: string, body?: Partial<FakeProductBody> | Record<string, unknown>): void;
  setRecipe(name: string, body?: Partial<FakeRecipeBody> | Record<string, unknown>): void;
  /** A standing handler, consulted after the respondOnce queue and before default data. */
  respondWith(handler: FakeHandler | ScriptedResponse | null): void;
  /** Responses used once each, in order, by the next requests. */
  respondOnce(...responses: ScriptedResponse[]): void;
  /** Forgets requests, scripts and data changes. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeProductBody {
  product_name: string;
  kg_co2_per_kg: number;
  percentage_impact_difference: string;
  status: string;
}

export interface FakeRecipeBody {
  recipe_name: string;
  kg_co2_per_kg: number;
  climate_friendly: string;
  status: string;
}

function product(name: string, kg: number, difference: string): FakeProductBody {
  return {
    product_name: name,
    kg_co2_per_kg: kg,
    percentage_impact_difference: difference,
    status: 'success',
  };
}

function recipe(name: string, kg: number, climateFriendly: string): FakeRecipeBody {
  return { recipe_name: name, kg_co2_per_kg: kg, climate_friendly: climateFriendly, status: 'success' };
}

export const DEFAULT_PRODUCTS: readonly FakeProductBody[] = [
  product('oat milk', 0.9, '71% lower than the average product in the same category'),
  product('whole milk', 3.15, '5% higher than the average product in the same category'),
  product('soy milk', 0.98, '69% lower than the average product in the same category'),
  product('beef mince', 35.4, '180% higher than the average product in the same category'),
  product('tofu', 3.0, '40% lower than the average product in the same category'),
  product('orange juice', 0.7, '12% lower than the average product in the same category'),
];

export const DEFAULT_RECIPES: readonly FakeRecipeBody[] = [
  recipe('lasagne', 1.9, 'No'),
  recipe('vegetable curry', 0.42, 'Yes'),
  recipe('spaghetti bolognese', 2.3, 'No'),
];

const key = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export async function startFakeGreenSwapp(options: FakeGreenSwappOptions = {}): Promise<FakeGreenSwapp> {
  let products = new Map<string, Record<string, unknown>>();
  let recipes = new Map<string, Record<string, unknown>>();
  const loadDefaults = () => {
    products = new Map(DEFAULT_PRODUCTS.map((body) => [key(body.product_name), { ...body }]));
    recipes = new Map(DEFAULT_RECIPES.map((body) => [key(body.recipe_name), { ...body }]));
  };
  loadDefaults();

  const requests: RecordedRequest[] = [];
  let queue: ScriptedResponse[] = [];
  let standing: FakeHandler | null = null;
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const connectionIds = new WeakMap<Socket, number>();
  let connections = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const notFound = (
    kind: 'product' | 'recipe',
    name: string,
    pool: Map<string, unknown>,
  ): ScriptedResponse => {
    const words = key(name).split(' ');
    const suggestions = [...pool.keys()].filter((known) => words.some((word) => known.includes(word)));
    return { status: 404, body: { error: `${kind} not found`, suggestions } };
  };

  const defaultResponse = (request: RecordedRequest): ScriptedResponse => {
    if (options.apiKey !== undefined && request.headers['x-api-key'] !== options.apiKey) {
      return { status: 401, body: { error: 'invalid api key' } };
    }
    const productName = request.query.product;
    const recipeName = request.query.recipe;
    if (request.path === '/impact/product' && productName !== undefined) {
      const found = products.get(key(productName));
      return found ? { body: found } : notFound('product', productName, products);
    }
    if (request.path === '/product' && productName !== undefined) {
      // The trial only knows milks.
      const milks = new Map([...products].filter(([name]) => name.includes('milk')));
      const found = milks.get(key(productName));
      return found ? { body: found } : notFound('product', productName, milks);
    }
    if (request.path === '/recipe' && recipeName !== undefined) {
      const found = recipes.get(key(recipeName));
      return found ? { body: found } : notFound('recipe', recipeName, recipes);
    }
    return { status: 404, body: { error: 'no such operation' } };
  };

  const send = async (res: ServerResponse, scripted: ScriptedResponse, fallback: ScriptedResponse) => {
    if (scripted.delayMs) await wait(scripted.delayMs);
    if (res.destroyed) return;
    if (scripted.destroyBeforeHeaders) {
      res.socket?.destroy();
      return;
    }
    const status = scripted.status ?? 200;
    const source =
      'body' in scripted ? scripted.body : status === 200 ? fallback.body : { error: 'scripted' };
    const body =
      typeof source === 'string' || Buffer.isBuffer(source)
        ? Buffer.from(source)
        : Buffer.from(JSON.stringify(source ?? null));
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(body.length),
      ...scripted.headers,
    });
    if (!scripted.slowBodyMs && !scripted.destroyMidBody) {
      res.end(body);
      return;
    }
    const half = Math.max(1, Math.floor(body.length / 2));
    res.write(body.subarray(0, half));
    if (scripted.destroyMidBody) {
      // Let the first half reach the client before the reset.
      await wait(20);
      res.socket?.destroy();
      return;
    }
    await wait(scripted.slowBodyMs ?? 0);
    if (!res.destroyed) res.end(body.subarray(half));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      rawUrl: req.url ?? '/',
      headers: req.headers,
      connection: connectionIds.get(req.socket) ?? 0,
    };
    requests.push(request);
    const respond = async () => {
      const fallback = defaultResponse(request);
      const scripted = queue.shift() ?? (standing ? await standing(request) : undefined) ?? fallback;
      await send(res, scripted, fallback);
    };
    respond().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    connections++;
    connectionIds.set(socket, connections);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const port = await listenLocal(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setProduct(name, body = {}) {
      products.set(key(name), { ...product(name, 1, '10% lower than the average product'), ...body });
    },
    setRecipe(name, body = {}) {
      recipes.set(key(name), { ...recipe(name, 0.5, 'Yes'), ...body });
    },
    respondWith(handler) {
      standing = handler === null || typeof handler === 'function' ? handler : () => handler;
    },
    respondOnce(...responses) {
      queue.push(...responses);
    },
    reset() {
      requests.length = 0;
      queue = [];
      standing = null;
      loadDefaults();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
