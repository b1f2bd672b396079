/**
 * Every answer of the catalog matcher over ~20,000 realistic names, written to a JSON snapshot, and
 * the in-process time of each lookup: the check that a speed-up changes no answer, and its measure.
 *
 *   npx tsx bench/match-snapshot.ts write <snapshot.json>      answers now, to a file
 *   npx tsx bench/match-snapshot.ts check <snapshot.json>      answers now must be byte-identical
 *   npx tsx bench/match-snapshot.ts time [--baseline <dir>] [--rounds N] [--slowest N]
 *
 * The names: buildQueries (bench/queries.ts) with a fixed seed, each on the lookup its path names,
 * plus every "query" in test/fixtures, each through findProduct, findRecipe and the milk trial.
 * `time` measures each lookup cold (every name once per round, the rounds interleaved with the
 * baseline's when --baseline names a checkout of an earlier src/ and data/, so that both share the
 * machine's load) and reports mean, p50, p90 and p99 as ratios against the baseline.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalog } from '../src/sources/catalog/index.js';
import { loadCatalog } from '../src/sources/catalog/index.js';
import { root } from './lib.js';
import { buildQueries } from './queries.js';

type Kind = 'product' | 'recipe' | 'milk';
interface Lookup {
  kind: Kind;
  query: string;
}

const SEED = 20240601;
const GENERATED = 20_000;
/** Lookups timed on one catalog before the other takes its turn. */
const BLOCK = 500;

function fixtureQueries(directory: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'query' && typeof item === 'string') found.push(item);
        else walk(item);
      }
    }
  };
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : name.endsWith('.json') ? [path] : [];
      });
  for (const file of files(directory)) walk(JSON.parse(readFileSync(file, 'utf8')));
  return found;
}

function generated(count: number, seed: number): Lookup[] {
  const list: Lookup[] = [];
  for (const path of buildQueries(count, seed)) {
    const url = new URL(path, 'http://localhost');
    const query = url.searchParams.get('product') ?? url.searchParams.get('recipe') ?? '';
    const kind: Kind =
      url.pathname === '/recipe' ? 'recipe' : url.pathname === '/product' ? 'milk' : 'product';
    list.push({ kind, query });
  }
  return list;
}

export function lookups(): Lookup[] {
  const list = generated(GENERATED, SEED);
  for (const query of fixtureQueries(join(root, 'test/fixtures'))) {
    list.push({ kind: 'product', query }, { kind: 'recipe', query }, { kind: 'milk', query });
  }
  return list;
}

function run(catalog: Catalog, { kind, query }: Lookup) {
  return kind === 'recipe'
    ? catalog.findRecipe(query)
    : kind === 'milk'
      ? catalog.findTrialMilk(query)
      : catalog.findProduct(query);
}

/** What a user sees of one answer: name, confidence and notes, or the refusal and its suggestions. */
function answer(catalog: Catalog, lookup: Lookup): unknown {
  try {
    const result = run(catalog, lookup);
    return { name: result.name, confidence: result.confidence, notes: result.notes };
  } catch (error) {
    const { name, suggestions, outOfScope, message } = error as {
      name: string;
      suggestions?: readonly string[];
      outOfScope?: string;
      message: string;
    };
    if (suggestions === undefined) return { error: name, message };
    return { notFound: suggestions, ...(outOfScope === undefined ? {} : { outOfScope }) };
  }
}

function snapshot(catalog: Catalog): string {
  const lines = lookups().map((lookup) =>
    JSON.stringify([lookup.kind, lookup.query, answer(catalog, lookup)]),
  );
  return `[\n${lines.join(',\n')}\n]\n`;
}

function timeOnce(catalog: Catalog, lookup: Lookup): number {
  const start = performance.now();
  try {
    run(catalog, lookup);
  } catch {
    // A refusal is an answer too.
  }
  return (performance.now() - start) * 1000;
}

interface Figures {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
}

function figures(times: readonly number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    mean: sorted.reduce((sum, time) => sum + time, 0) / sorted.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
  };
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function time(): Promise<void> {
  const rounds = Number(option('--rounds') ?? 3);
  const slowest = Number(option('--slowest') ?? 0);
  const baselineDir = option('--baseline');
  const list = lookups();
  let load: () => Catalog = loadCatalog;
  if (baselineDir !== undefined) {
    const entry = pathToFileURL(resolve(baselineDir, 'src/sources/catalog/index.ts')).href;
    load = ((await import(entry)) as { loadCatalog: () => Catalog }).loadCatalog;
  }
  // Per lookup, its fastest round: a lookup the scheduler paused is not a slow lookup.
  const fastest = list.map(() => Number.POSITIVE_INFINITY);
  const nowAll: number[] = [];
  const beforeAll: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round on freshly loaded catalogs, warmed up (the JIT, the matcher's per-word memories) on
    // other names, as a running service is: every timed name is new to the catalog that answers it.
    const current = loadCatalog();
    const baseline = baselineDir === undefined ? undefined : load();
    for (const lookup of generated(5_000, 1_000 + round)) {
      timeOnce(current, lookup);
      if (baseline) timeOnce(baseline, lookup);
    }
    // Interleaved in blocks, alternating who goes first, so both see the same machine; blocks rather
    // than single lookups, so that neither runs with its caches just evicted by the other.
    for (let start = 0; start < list.length; start += BLOCK) {
      const block = list.slice(start, start + BLOCK);
      const mine = () =>
        block.forEach((lookup, i) => {
          const t = timeOnce(current, lookup);
          fastest[start + i] = Math.min(fastest[start + i]!, t);
          nowAll.push(t);
        });
      const theirs = () => {
        if (baseline) for (const lookup of block) beforeAll.push(timeOnce(baseline, lookup));
      };
      if ((round + start / BLOCK) % 2 === 0) {
        mine();
        theirs();
      } else {
        theirs();
        mine();
      }
    }
  }
  const show = (label: string, f: Figures) =>
    `${label}: mean ${f.mean.toFixed(1)} µs, p50 ${f.p50.toFixed(1)}, p90 ${f.p90.toFixed(1)}, p99 ${f.p99.toFixed(1)}`;
  const mine = figures(nowAll);
  console.log(`${list.length} lookups × ${rounds} rounds`);
  console.log(show('now', mine));
  if (baselineDir !== undefined) {
    const theirs = figures(beforeAll);
    console.log(show('baseline', theirs));
    const ratio = (key: keyof Figures) => (mine[key] / theirs[key]).toFixed(2);
    console.log(
      `ratio now/baseline: mean ${ratio('mean')}, p50 ${ratio('p50')}, p90 ${ratio('p90')}, p99 ${ratio('p99')}`,
    );
  }
  if (slowest > 0) {
    const order = list.map((_, i) => i).sort((a, b) => fastest[b]! - fastest[a]!);
    for (const i of order.slice(0, slowest)) {
      console.log(`${fastest[i]!.toFixed(0).padStart(6)} µs  ${list[i]!.kind}  ${list[i]!.query}`);
    }
  }
}

const [command, file] = process.argv.slice(2);
if (process.argv[1]?.endsWith('match-snapshot.ts')) {
  if (command === 'write' && file) {
    writeFileSync(file, snapshot(loadCatalog()));
    console.log(`wrote ${file}`);
  } else if (command === 'check' && file) {
    const now = snapshot(loadCatalog());
    const then = readFileSync(file, 'utf8');
    if (now === then) console.log(`identical to ${file}`);
    else {
      const a = then.split('\n');
      const b = now.split('\n');
      const diffs = b.filter((line, i) => line !== a[i]);
      console.log(`DIFFERENT from ${file}: ${diffs.length} lines, first:`);
      for (const line of diffs.slice(0, 10)) console.log(line);
      process.exitCode = 1;
    }
  } else if (command === 'time') {
    await time();
  } else {
    console.error(
      'usage: match-snapshot.ts write|check <file> | time [--baseline dir] [--rounds N] [--slowest N]',
    );
    process.exitCode = 2;
  }
}
