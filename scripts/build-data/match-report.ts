/**
 * Matching quality and speed report for the built-in catalog, not part of the build:
 *   npx tsx scripts/build-data/match-report.ts [--verbose] [--validation]
 * For each query fixture: correct, wrong match, wrongly not found, and must-not-match queries that
 * matched something anyway; then the median and p99 time of an uncached findProduct over all queries.
 * The 2026 sets' validation halves are the honest figures: never tune on them.
 */
import { performance } from 'node:perf_hooks';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import {
  createMatchProbe,
  createRecipeProbe,
  describeEvaluation,
  evaluateMatching,
  loadQueryFixture,
} from './match-evaluation.js';

const verbose = process.argv.includes('--verbose');
const catalog = loadCatalog();
const lookup = createMatchProbe(catalog);
const recipeLookup = createRecipeProbe(catalog);

// The validation halves are measured on request only, so tuning runs never show them.
const withValidation = process.argv.includes('--validation');
/** A 2026 blind set's development half, and its validation half when asked for. */
const halves = (name: string): string[] => [
  `queries-2026/${name}-dev.json`,
  ...(withValidation ? [`queries-2026/${name}-validation.json`] : []),
];
const PRODUCT_SETS = [
  'queries-2026/products-dev2.json',
  ...['products', 'products-c', 'products-d', 'products-e', 'products-f', 'products-i'].flatMap(halves),
  ...['products-g-nonfood', 'products-h-nonfood'].flatMap(halves),
  'product-queries.json',
  'product-queries-holdout.json',
  'product-queries-blind.json',
];
const DISH_SETS = ['dishes', 'dishes-d', 'dishes-e', 'dishes-f', 'dishes-i'].flatMap(halves);

const allQueries: string[] = [];
for (const file of PRODUCT_SETS) {
  const fixture = loadQueryFixture(file);
  allQueries.push(...fixture.found.map(({ query }) => query), ...fixture.notFound.map(({ query }) => query));
  console.log(describeEvaluation(file, evaluateMatching(lookup, fixture), verbose));
}
for (const file of DISH_SETS) {
  console.log(describeEvaluation(file, evaluateMatching(recipeLookup, loadQueryFixture(file)), verbose));
}

// Warm up, then time every query several times; findProduct has no cache of its own.
for (const query of allQueries) lookup(query);
const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const query of allQueries) {
    const start = performance.now();
    lookup(query);
    times.push((performance.now() - start) * 1000);
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
console.log(
  `findProduct over ${allQueries.length} queries × 20: median ${at(0.5)} µs, mean ${mean.toFixed(0)} µs, p90 ${at(0.9)} µs, p99 ${at(0.99)} µs`,
);
