/**
 * A 10-item comparison from the built-in catalog against a single lookup, interleaved in the same
 * run: the comparison's latency is reported as a ratio to the single lookup, and against the 3 s
 * Slack and Discord give an interaction before it must be acknowledged.
 */
import { performance } from 'node:perf_hooks';
import { compareItems } from '../src/compare/compare.js';
import { loadEquivalences } from '../src/compare/equivalence.js';
import { readItem } from '../src/compare/parse.js';
import { silentLogger } from '../src/logging/logger.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { fmt } from './lib.js';

const OPTIONS = [
  'lasagne',
  'dal',
  'chicken curry',
  'beef burger',
  'veggie burger',
  'fish and chips',
  'falafel wrap',
  'mushroom risotto',
  'pad thai',
  'tomato soup',
];
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 200);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

export async function run(): Promise<string> {
  const source = createCatalogSource(loadCatalog());
  const deps = { source, car: loadEquivalences().carKm, logger: silentLogger() };
  const items = OPTIONS.map(readItem);
  const single: number[] = [];
  const singleProduct: number[] = [];
  const ten: number[] = [];
  let ranked = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await source.lookupRecipe(OPTIONS[round % OPTIONS.length]!);
    single.push(performance.now() - start);
    start = performance.now();
    await source.lookupProduct(OPTIONS[round % OPTIONS.length]!).catch(() => undefined);
    singleProduct.push(performance.now() - start);
    start = performance.now();
    const result = await compareItems(items, deps);
    ten.push(performance.now() - start);
    ranked = result.ranked.length;
  }
  const ratio = median(ten) / median(single);
  return `## compare (built-in catalog)

${ROUNDS} interleaved rounds over the same ten dish names: a single recipe lookup (the baseline), a single product lookup, and the comparison of all ten, where each option is looked up as a dish and as a product (${ranked} ranked).

| measure | median ms | p99 ms | ratio to a single lookup (median) |
| --- | ---: | ---: | ---: |
| single recipe lookup | ${fmt(median(single), 3)} | ${fmt(p99(single), 3)} | 1 |
| single product lookup | ${fmt(median(singleProduct), 3)} | ${fmt(p99(singleProduct), 3)} | ${fmt(median(singleProduct) / median(single), 1)} |
| 10-item comparison | ${fmt(median(ten), 3)} | ${fmt(p99(ten), 3)} | ${fmt(ratio, 1)} |

The comparison's p99 is ${fmt((p99(ten) / 3000) * 100, 2)}% of the 3 s Slack and Discord allow before an interaction must be acknowledged.
`;
}
