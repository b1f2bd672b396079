/**
 * The state store's cost per operation (get, set, claim, increment) and on the two paths that use it,
 * through the code those paths run: a command (core/once.ts's delivery claim, the pipeline's limits for
 * the user and the workspace, core/commands/recent-comparisons.ts keeping the comparison for its
 * buttons) and a button press (its delivery claim and limits, the comparison read back, the Share's
 * publication claimed and its link recorded). For the memory store (the baseline), the embedded
 * database and PostgreSQL, interleaved in rounds in the same run, as medians and ratios to the memory
 * store. PostgreSQL is the one at CARBON_BENCH_DATABASE_URL (default 127.0.0.1:5432, database test),
 * in a schema of its own; when it cannot be reached its rows say so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecentComparisons } from '../src/core/commands/recent-comparisons.js';
import type { InteractionOrigin } from '../src/core/interaction.js';
import { chatSubjects } from '../src/core/limits.js';
import { AnswerOnce } from '../src/core/once.js';
import { MemoryStateStore } from '../src/core/state/memory-store.js';
import type { StateStore } from '../src/core/state/store.js';
import { silentLogger } from '../src/logging/logger.js';
import { RateLimiter } from '../src/ops/rate-limit.js';
import { openEmbeddedDatabase } from '../src/store/embedded.js';
import { migrate } from '../src/store/migrate.js';
import { SqlStateStore } from '../src/store/sql-state-store.js';
import { fmt, median, openBenchPostgres, root } from './lib.js';

const OPS = Number(process.env.BENCH_STORE_OPS ?? 300);
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 5);

const COMPARISON = {
  options: ['lasagne', 'dal', 'chicken curry', 'veggie burger'],
  people: 12,
  taken: ['dish', 'dish', 'dish', 'dish'],
};

/** A comparison request as the buttons keep it. */
const REQUEST = {
  items: COMPARISON.options.map((text) => ({ text, hint: 'auto' as const })),
  people: 12,
  capped: null,
  menu: false,
};

interface Target {
  label: string;
  store: StateStore;
  limiter: RateLimiter;
  once: AnswerOnce;
  recent: RecentComparisons;
  /** The comparison ids the command path kept, for the button path to read back. */
  kept: string[];
}

const origin = (round: number, i: number, kind: string): InteractionOrigin => ({
  platform: 'slack',
  deliveryId: `${kind}.${round}.${i}`,
  issuedAtMs: null,
  userId: `U${i % 20}`,
  workspaceId: `T${round}`,
  channelId: `C${i % 5}`,
});

type Operation = (target: Target, i: number, round: number) => Promise<unknown>;

const OPERATIONS: Record<string, Operation> = {
  get: (t, i, r) => t.store.get(`compare:${r}:${i % 100}`),
  set: (t, i, r) => t.store.set(`compare:${r}:${i % 100}`, COMPARISON, 3_600_000),
  claim: (t, i, r) => t.store.claim(`claim:${r}:${i}`, 600_000),
  increment: (t, i, r) => t.store.increment(`rate:${r}:${i % 20}`, 60_000),
  'command path': async (t, i, r) => {
    const from = origin(r, i, 'cmd');
    await t.once.firstDelivery(from);
    await t.limiter.take(chatSubjects(from));
    t.kept[i] = await t.recent.put(REQUEST, from);
  },
  'button path': async (t, i, r) => {
    const from = origin(r, i, 'btn');
    await t.once.firstDelivery(from);
    await t.limiter.take(chatSubjects(from));
    const request = await t.recent.get(t.kept[i] ?? '', from);
    const publication = await t.once.publication('share', from, request);
    if (publication.first) await publication.done(`https://chat.test/archives/${from.channelId}/p${i}`);
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
  return {
    label,
    store,
    limiter: new RateLimiter(store, { rules }),
    once: new AnswerOnce(store, { logger: silentLogger() }),
    recent: new RecentComparisons(store),
    kept: [],
  };
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

  const postgres = await openBenchPostgres();
  if ('unavailable' in postgres) notes.push(`PostgreSQL not measured: ${postgres.unavailable}.`);
  else {
    targets.push(target('PostgreSQL (local server)', new SqlStateStore(postgres.database)));
    cleanups.push(() => postgres.close());
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

${OPS} sequential operations per target per operation, ${ROUNDS} interleaved rounds; medians of the per-operation mean. Both paths run the code a chat interaction runs (core/once.ts, the pipeline's limits, core/commands/recent-comparisons.ts): the command path is the delivery's claim, the sliding-window limits of the user and the workspace (an increment and a read each) and the comparison kept for its buttons, 6 operations; the button path is the press's claim and limits, the comparison read back, the Share's publication claimed and its link recorded, 8 operations.

${header}
${rule}
${lines.join('\n')}

${notes.join('\n')}
`;
}
