/**
 * Lookups timed in process, each name new, with no service or network in the way: what a cold
 * request spends matching (bench/service.ts).
 */

import { silentLogger } from '../src/logging/logger.js';
import type { ServiceCompare } from '../src/service/compare.js';
import type { Catalog } from '../src/sources/catalog/index.js';

/** Times one lookup per query, in process, each name new: what a cold request spends matching. */
export function timeMatches(
  catalog: Catalog,
  paths: readonly string[],
): { count: number; p50: number; p99: number } {
  const times: number[] = [];
  for (const path of paths) {
    const url = new URL(path, 'http://localhost');
    const name = url.searchParams.get('product') ?? url.searchParams.get('recipe') ?? '';
    const lookup =
      url.pathname === '/recipe'
        ? () => catalog.findRecipe(name)
        : url.pathname === '/product'
          ? () => catalog.findTrialMilk(name)
          : () => catalog.findProduct(name);
    const start = performance.now();
    try {
      lookup();
    } catch {
      // Not found is an answer too.
    }
    times.push(performance.now() - start);
  }
  return { count: times.length, ...percentiles(times) };
}

/** p50 and p99 of a list of milliseconds. */
function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * /recipe's names read as `/carbon recipe` reads them (the service's ServiceCompare.dish: the named
 * dish kept to what the name states, or one built from its parts), against the catalog's findRecipe
 * alone, in process, every name new to each: the names are cut in four, and the two take turns
 * (find, dish, dish, find) so that neither gains from going first.
 */
export async function timeDishReading(
  catalog: Catalog,
  compare: ServiceCompare,
  paths: readonly string[],
): Promise<{ count: number; find: { p50: number; p99: number }; dish: { p50: number; p99: number } }> {
  const context = { signal: new AbortController().signal, logger: silentLogger() };
  const names = [
    ...new Set(
      paths
        .filter((path) => path.startsWith('/recipe?'))
        .map((path) => new URL(path, 'http://localhost').searchParams.get('recipe') ?? ''),
    ),
  ];
  const quarter = Math.floor(names.length / 4);
  const part = (i: number) => names.slice(i * quarter, (i + 1) * quarter);
  const find: number[] = [];
  const dish: number[] = [];
  const timeFind = (list: string[]) => {
    for (const name of list) {
      const start = performance.now();
      try {
        catalog.findRecipe(name);
      } catch {
        // Not found is an answer too.
      }
      find.push(performance.now() - start);
    }
  };
  const timeDish = async (list: string[]) => {
    for (const name of list) {
      const start = performance.now();
      await compare.dish(name, context);
      dish.push(performance.now() - start);
    }
  };
  timeFind(part(0));
  await timeDish(part(1));
  await timeDish(part(2));
  timeFind(part(3));
  return { count: quarter * 2, find: percentiles(find), dish: percentiles(dish) };
}
