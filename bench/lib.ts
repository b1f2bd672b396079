/**
 * What the benchmark sections share: the autocannon load runner, the interleaved rounds against
 * several targets with medians, a bare node:http baseline server, and the number formatting and
 * result rows of the Markdown tables. Not a section itself: `run.ts` only loads the names it lists.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ProductsFileSchema, RecipesFileSchema } from '../src/sources/catalog/schema.js';
import { migrate } from '../src/store/migrate.js';
import { openPostgresDatabase } from '../src/store/postgres.js';
import type { Database } from '../src/store/sql.js';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Settings {
  /** Seconds per target per round (BENCH_DURATION_S). */
  durationS: number;
  /** Interleaved rounds (BENCH_ROUNDS). */
  rounds: number;
  /** Concurrent connections (BENCH_CONNECTIONS). */
  connections: number;
}

/** BENCH_DURATION_S, BENCH_ROUNDS and BENCH_CONNECTIONS, over a section's own defaults. */
export function settings(defaults: { durationS: number; rounds: number }): Settings {
  return {
    durationS: Number(process.env.BENCH_DURATION_S ?? defaults.durationS),
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? defaults.rounds)),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  };
}

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon is CommonJS without type declarations; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** data/products.json and data/recipes.json, parsed, for sections that build queries from the names. */
export function catalogFiles() {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(root, 'data', name), 'utf8'));
  return {
    products: ProductsFileSchema.parse(read('products.json')),
    recipes: RecipesFileSchema.parse(read('recipes.json')),
  };
}

/** The ten dishes the compare section compares, and the ingredient-list section's baseline looks up in turn. */
export const TEN_DISHES = [
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
] as const;

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The p-th percentile of values already sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The p-th percentile of values in any order (the upper middle for p = 50, as rounds are counted). */
export function percentileOf(values: readonly number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

export interface Target {
  label: string;
  port: number;
}

export interface Summary {
  /** Median responses per second over the rounds. */
  rps: number;
  p50: number;
  p99: number;
  /** Share of all responses over the rounds that were 200s, 0–1. */
  ok: number;
  /** Connection errors and timeouts over the rounds. */
  failures: number;
  /** The most requests one measured run sent. */
  mostPerRun: number;
}

/**
 * Loads every target with the same requests: a 1 s warm-up each, so that every server is measured
 * after JIT rather than during it, then `rounds` interleaved rounds so that noise from whatever else
 * the machine is doing falls on all of them alike. One autocannon worker thread: the load generator
 * gets its own event loop (and core) instead of competing with the server it measures.
 */
export async function compare(
  targets: readonly Target[],
  /** The requests, or per round (-1 for the warm-up) and target, for runs that must never repeat one. */
  requests:
    | readonly Record<string, unknown>[]
    | ((round: number, target: number) => readonly Record<string, unknown>[]),
  { durationS, rounds, connections }: Settings,
  options: Record<string, unknown> = {},
): Promise<Summary[]> {
  const requestsFor = typeof requests === 'function' ? requests : () => requests;
  const load = (port: number, seconds: number, round: number, target: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      workers: 1,
      ...options,
      requests: requestsFor(round, target),
    });
  for (const [index, target] of targets.entries()) await load(target.port, 1, -1, index);
  const results: AutocannonResult[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      results[index]!.push(await load(target.port, durationS, round, index));
    }
  }
  return results.map((runs) => {
    const total = runs.reduce((sum, result) => sum + result.requests.total, 0);
    const ok = runs.reduce((sum, result) => sum + (result.statusCodeStats['200']?.count ?? 0), 0);
    return {
      rps: median(runs.map((result) => result.requests.average)),
      p50: median(runs.map((result) => result.latency.p50)),
      p99: median(runs.map((result) => result.latency.p99)),
      ok: ok / Math.max(1, total),
      failures: runs.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      mostPerRun: Math.max(...runs.map((result) => result.requests.total)),
    };
  });
}

/** One table row a target: label, rate, p50, p99, ratio to the first target (the baseline), 200s, errors. */
export function rows(targets: readonly Target[], summaries: readonly Summary[]): string[] {
  const baseline = summaries[0]!.rps;
  return targets.map((target, index) => {
    const s = summaries[index]!;
    return `| ${target.label} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.rps / baseline, 2)} | ${fmt(s.ok * 100, 1)}% | ${s.failures} |`;
  });
}

/** A node:http server on an ephemeral 127.0.0.1 port, for the baselines. */
export async function startBare(
  listener: RequestListener,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A fresh schema on the benchmark's PostgreSQL (CARBON_BENCH_DATABASE_URL, default the development
 * machine's 127.0.0.1:5432, database test), migrated; or why it cannot be had, for the report.
 */
export async function openBenchPostgres(): Promise<
  { database: Database; close(): Promise<void> } | { unavailable: string }
> {
  const base = process.env.CARBON_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `carbon_bench_${randomBytes(4).toString('hex')}`;
  try {
    const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const database = await openPostgresDatabase({ url: url.toString() });
    await migrate(database);
    return {
      database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: base });
        await dropper.connect();
        await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
        await dropper.end();
      },
    };
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
}
