/**
 * The state store's cost per operation (get, set, claim, increment) and on the two paths that use it
 * (a command: an idempotence claim, the user's and the workspace's limits, the comparison kept for
 * its buttons; a button press: its claim and the comparison read back), for the memory store (the
 * baseline), the embedded database and PostgreSQL, interleaved in rounds in the same run, as medians
 * and ratios to the memory store. PostgreSQL is the one at CARBON_BENCH_DATABASE_URL (default
 * 127.0.0.1:5432, database test), in a schema of its own; when it cannot be reached its rows say so.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { MemoryStateStore } from '../src/core/state/memory-store.js';
import type { StateStore } from '../src/core/state/store.js';
import { RateLimiter } from '../src/ops/rate-limit.js';
import { openEmbeddedDatabase } from '../src/store/embedded.js';
import { migrate } from '../src/store/migrate.js';
import { openPostgresDatabase } from '../src/store/postgres.js';
import type { Database } from '../src/store/sql.js';
import { SqlStateStore } from '../src/store/sql-state-store.js';
import { fmt, median, root } from './lib.js';

const OPS = Number(process.env.BENCH_STORE_OPS ?? 300);
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 5);
const URL_ = process.env.CARBON_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const COMPARISON = {
  options: ['lasagne', 'dal', 'chicken curry', 'veggie burger'],
  people: 12,
  taken: ['dish', 'dish', 'dish', 'dish'],
};

interface Target {
  label: string;
  store: StateStore;
  limiter: RateLimiter;
}

type Operation = (target: Target, i: number, round: number) => Promise<unknown>;

const OPERATIONS: Record<string, Operation> = {
  get: (t, i, r) => t.store.get(`compare:${r}:${i % 100}`),
  set: (t, i, r) => t.store.set(`compare:${r}:${i % 100}`, COMPARISON, 3_600_000),
  claim: (t, i, r) => t.store.claim(`claim:${r}:${i}`, 600_000),
  increment: (t, i, r) => t.store.increment(`rate:${r}:${i % 20}`, 60_000),
  'command path': async (t, i, r) => {
    await t.store.claim(`claim:cmd:${r}:${i}`, 600_000);
    await t.limiter.take([
      { scope: 'user', id: `bench:${r}:U${i % 20}` },
      { scope: 'workspace', id: `bench:${r}:T1` },
    ]);
    await t.store.set(`compare:cmd:${r}:${i}`, COMPARISON, 3_600_000);
  },
  'button path': async (t, i, r) => {
    await t.store.claim(`claim:btn:${r}:${i}`, 600_000);
    await t.store.get(`compare:cmd:${r}:${i}`);
  },
};

async function timeOps(target: Target, operation: Operation, round: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < OPS; i++) await operation(target, i, round);
  return ((performance.now() - start) * 1000) / OPS;
}

/**
 * A later start in a fresh process: how long opening and checking migrations take, and the resident
 * memory the embedded database adds once it has served a few thousand operations (PGlite's
 * WebAssembly heap grows with use and never shrinks; garbage collected before each reading).
 */
function warmStart(dataDir: string): { ms: number; rssMb: number } {
  const script = `import { performance } from 'node:perf_hooks';
const { openEmbeddedDatabase } = await import('./src/store/embedded.ts');
const { migrate } = await import('./src/store/migrate.ts');
const { SqlStateStore } = await import('./src/store/sql-state-store.ts');
globalThis.gc();
const rss = process.memoryUsage().rss;
const started = performance.now();
const db = await openEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, lock: { retries: 0 } });
await migrate(db);
const ms = performance.now() - started;
const store = new SqlStateStore(db);
for (let i = 0; i < 2000; i++) {
  await store.set('compare:' + (i % 500), { options: ['lasagne', 'dal'], i }, 3600000);
  await store.claim('claim:' + i, 60000);
  await store.increment('rate:' + (i % 50), 60000);
}
globalThis.gc();
const rssMb = (process.memoryUsage().rss - rss) / 2 ** 20;
await db.close();
process.stdout.write(JSON.stringify({ ms, rssMb }));`;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(output) as { ms: number; rssMb: number };
}

function target(label: string, store: StateStore): Target {
  // Limits far above the bench's traffic: every request is counted, none refused.
  const rules = {
    user: { limit: 1_000_000, windowMs: 60_000, algorithm: 'sliding' as const },
    workspace: { limit: 1_000_000, windowMs: 60_000, algorithm: 'sliding' as const },
  };
  return { label, store, limiter: new RateLimiter(store, { rules }) };
}

export async function run(): Promise<string> {
  const cleanups: (() => Promise<void>)[] = [];
  const targets: Target[] = [target('memory', new MemoryStateStore())];
  const notes: string[] = [];

  const dataDir = await mkdtemp(join(tmpdir(), 'carbon-bench-store-'));
  const started = performance.now();
  let embedded = await openEmbeddedDatabase({ dataDir, lock: { retries: 0 } });
  const firstStartMs = performance.now() - started;
  await migrate(embedded);
  await embedded.close();
  const warm = warmStart(dataDir);
  embedded = await openEmbeddedDatabase({ dataDir, lock: { retries: 0 } });
  targets.push(target('embedded (PGlite)', new SqlStateStore(embedded)));
  cleanups.push(async () => {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  notes.push(
    `Embedded: the first start of a new data directory (initdb and migrations) took ${fmt(firstStartMs)} ms; a later start (open, migrations checked) ${fmt(warm.ms)} ms; resident memory added after 6,000 operations ${fmt(warm.rssMb)} MB (a process of its own, after garbage collection).`,
  );

  const schema = `carbon_bench_${randomBytes(4).toString('hex')}`;
  let server: Database | null = null;
  try {
    const admin = new pg.Client({ connectionString: URL_, connectionTimeoutMillis: 2_000 });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(URL_);
    url.searchParams.set('options', `-c search_path=${schema}`);
    server = await openPostgresDatabase({ url: url.toString() });
    await migrate(server);
    targets.push(target('PostgreSQL (local server)', new SqlStateStore(server)));
    cleanups.push(async () => {
      await server?.close();
      const dropper = new pg.Client({ connectionString: URL_ });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    });
  } catch (error) {
    notes.push(`PostgreSQL not measured: ${(error as Error).message}.`);
  }

  const results = new Map<string, Map<string, number[]>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      for (const t of targets) {
        const perTarget = results.get(name) ?? new Map<string, number[]>();
        results.set(name, perTarget);
        const samples = perTarget.get(t.label) ?? [];
        perTarget.set(t.label, samples);
        samples.push(await timeOps(t, operation, round));
      }
    }
  }
  for (const cleanup of cleanups) await cleanup();

  const header = `| operation | ${targets.map((t) => `${t.label} µs`).join(' | ')} | ${targets
    .slice(1)
    .map((t) => `${t.label} / memory`)
    .join(' | ')} |`;
  const rule = `| --- | ${targets.map(() => '---:').join(' | ')} | ${targets
    .slice(1)
    .map(() => '---:')
    .join(' | ')} |`;
  const lines = [...results].map(([name, perTarget]) => {
    const medians = targets.map((t) => median(perTarget.get(t.label) ?? [Number.NaN]));
    const base = medians[0]!;
    return `| ${name} | ${medians.map((m) => fmt(m, 1)).join(' | ')} | ${medians
      .slice(1)
      .map((m) => fmt(m / base, 0))
      .join(' | ')} |`;
  });
  return `## state store

${OPS} sequential operations per target per operation, ${ROUNDS} interleaved rounds; medians of the per-operation mean. The command path is an idempotence claim, a sliding-window limit for the user and the workspace (an increment and a read each) and the comparison kept for its buttons; the button path is the press's claim and the comparison read back.

${header}
${rule}
${lines.join('\n')}

${notes.join('\n')}
`;
}
