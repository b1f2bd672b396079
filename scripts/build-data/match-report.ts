/**
 * Matching quality and speed report for the built-in catalog, not part of the build:
 *   npx tsx scripts/build-data/match-report.ts [--verbose]
 * For each query fixture: correct, wrong match, wrongly not found, and not-found queries that matched
 * something anyway; then the median and p95 time of an uncached findProduct over all queries.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NotFoundError } from '../../src/core/errors.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';

interface QueryFixture {
  found: { query: string; expected: string[] }[];
  notFound: string[];
}

const verbose = process.argv.includes('--verbose');
const catalog = loadCatalog();
const data = JSON.parse(readFileSync(new URL('../../data/products.json', import.meta.url), 'utf8')) as {
  products: { code: string; name: string }[];
};
const codeByName = new Map(data.products.map((product) => [product.name, product.code]));

function lookup(query: string): { code: string | null; label: string } {
  try {
    const result = catalog.findProduct(query);
    return { code: codeByName.get(result.name) ?? '?', label: `${result.name} (${result.confidence})` };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return { code: null, label: `not found (${error.suggestions.join(' / ')})` };
  }
}

const allQueries: string[] = [];
for (const file of ['product-queries.json', 'product-queries-holdout.json', 'product-queries-blind.json']) {
  const fixture = JSON.parse(
    readFileSync(new URL(`../../test/fixtures/${file}`, import.meta.url), 'utf8'),
  ) as QueryFixture;
  let correct = 0;
  const wrong: string[] = [];
  const missed: string[] = [];
  const falsePositives: string[] = [];
  for (const { query, expected } of fixture.found) {
    allQueries.push(query);
    const { code, label } = lookup(query);
    if (code !== null && expected.includes(code)) correct++;
    else if (code === null) missed.push(`${query} → ${label}; expected ${expected.join(' or ')}`);
    else wrong.push(`${query} → ${label}; expected ${expected.join(' or ')}`);
  }
  for (const query of fixture.notFound) {
    allQueries.push(query);
    const { code, label } = lookup(query);
    if (code !== null) falsePositives.push(`${query} → ${label}`);
  }
  const n = fixture.found.length;
  const pct = (count: number, of: number) => `${((count / of) * 100).toFixed(1)}%`;
  console.log(
    `${file}: ${n} found queries: correct ${correct} (${pct(correct, n)}), wrong match ${wrong.length} (${pct(wrong.length, n)}), ` +
      `wrongly not found ${missed.length} (${pct(missed.length, n)}); not-found queries matched anyway ${falsePositives.length}/${fixture.notFound.length}`,
  );
  if (verbose) {
    for (const [title, list] of [
      ['wrong', wrong],
      ['not found', missed],
      ['should not match', falsePositives],
    ] as const) {
      if (list.length > 0) console.log(`  ${title}:\n    ${list.join('\n    ')}`);
    }
  }
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
