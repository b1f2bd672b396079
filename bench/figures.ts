/**
 * The cost of setting the independent studies' figures beside the catalog's (issue #20): catalog load,
 * and product and recipe lookups, with the figures attached against without them, interleaved in the
 * same run so that each figure reads as a ratio.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCatalog } from '../src/sources/catalog/index.js';
import type { Catalog } from '../src/sources/catalog/types.js';
import { fmt, median, root } from './lib.js';

const LOAD_ROUNDS = Number(process.env.BENCH_FIGURES_LOADS ?? 8);
const LOOKUP_ROUNDS = Number(process.env.BENCH_FIGURES_ROUNDS ?? 30);
const dataDir = join(root, 'data');

/** The queries of two development halves: what people type, products and dishes. */
function queries(file: string): string[] {
  const fixture = JSON.parse(readFileSync(join(root, 'test/fixtures/queries-2026', file), 'utf8')) as {
    found: { query: string }[];
  };
  return fixture.found.map((entry) => entry.query);
}

function lookupAll(catalog: Catalog, products: readonly string[], dishes: readonly string[]): number {
  let found = 0;
  for (const query of products) {
    try {
      catalog.findProduct(query);
      found++;
    } catch {}
  }
  for (const query of dishes) {
    try {
      catalog.findRecipe(query);
      found++;
    } catch {}
  }
  return found;
}

export async function run(): Promise<string> {
  const loads = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    for (const figures of round % 2 === 0 ? [false, true] : [true, false]) {
      const start = performance.now();
      loadCatalog(dataDir, { figures });
      loads[figures ? 'with' : 'without'].push(performance.now() - start);
    }
  }
  const plain = loadCatalog(dataDir, { figures: false });
  const withFigures = loadCatalog(dataDir, { figures: true });
  const products = queries('products-dev.json');
  const dishes = queries('dishes-dev.json');
  const total = products.length + dishes.length;
  lookupAll(plain, products, dishes);
  lookupAll(withFigures, products, dishes);
  const runs = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < LOOKUP_ROUNDS; round++) {
    for (const [key, catalog] of round % 2 === 0
      ? ([
          ['without', plain],
          ['with', withFigures],
        ] as const)
      : ([
          ['with', withFigures],
          ['without', plain],
        ] as const)) {
      const start = performance.now();
      lookupAll(catalog, products, dishes);
      runs[key].push(performance.now() - start);
    }
  }
  const perSecond = (ms: number) => (total / ms) * 1000;
  const loadRatio = median(loads.with.map((ms, round) => ms / loads.without[round]!));
  // Paired: each round's two runs sit side by side in time, so a busy moment on a shared machine
  // slows both; the median of the rounds' ratios is steadier than the ratio of the medians.
  const lookupRatio = median(runs.with.map((ms, round) => runs.without[round]! / ms));
  return `## figures (the studies' figures beside the catalog's)

Catalog load ${LOAD_ROUNDS} times each and ${LOOKUP_ROUNDS} interleaved rounds of ${total} lookups (the product and dish development halves' queries), with and without data/independent-figures.json attached.

| measure | without the figures | with them | ratio (with / without) |
| --- | ---: | ---: | ---: |
| catalog load, median ms (ratio: median of the rounds' ratios) | ${fmt(median(loads.without), 1)} | ${fmt(median(loads.with), 1)} | ${fmt(loadRatio, 3)} |
| lookups per second, median round (ratio: median of the rounds' ratios) | ${fmt(perSecond(median(runs.without)))} | ${fmt(perSecond(median(runs.with)))} | ${fmt(lookupRatio, 3)} |
`;
}
