/**
 * `carbon serve` throughput against a bare node:http server answering a fixed JSON body of the same
 * size, measured in the same run so that the ratio, not the absolute figure, is what carries over
 * between machines. Load is generated in an autocannon worker thread so that the client does not
 * share the server's event loop, and the servers take turns over several rounds so that noise from
 * whatever else the machine is doing falls on all of them alike; medians are reported.
 * BENCH_DURATION_S (seconds per server per round, default 10), BENCH_ROUNDS (default 3) and
 * BENCH_CONNECTIONS (default 50) shorten or widen a run.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceCompare } from '../src/app/service-compare.js';
import { MemoryStateStore } from '../src/core/state/memory-store.js';
import type { StateStore } from '../src/core/state/store.js';
import { silentLogger } from '../src/logging/logger.js';
import { RateLimiter } from '../src/ops/rate-limit.js';
import { createService, DEFAULT_CACHE_SIZE } from '../src/service/index.js';
import { type Catalog, createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { SqlStateStore } from '../src/store/sql-state-store.js';
import { measureFreshLoad } from './fresh-load.js';
import { compare, fmt, openBenchPostgres, root, rows, settings, startBare } from './lib.js';
import { timeDishReading, timeMatches } from './lookup-timing.js';
import { buildQueries } from './queries.js';

/** Comparisons and dish names as `carbon serve` is given them: /recipe reads names through them. */
const compareOver = (catalog: Catalog) => createServiceCompare(createCatalogSource(catalog), silentLogger());

const SETTINGS = settings({ durationS: 10, rounds: 3 });
const KEY = 'bench-key-not-secret';

/**
 * Distinct names per cold load run: more than one run of the service can send (a faster service
 * would need more; the run checks it did not send more than this), so none repeats.
 */
const COLD_QUERIES_PER_RUN = 200_000;
/** The warm-up run lasts 1 s. */
const COLD_QUERIES_WARM_UP = 40_000;

/**
 * A per-key limit far above the bench's traffic, so every request is counted and none refused: what
 * is measured is the counting. `lease` is how many requests one store operation reserves (the limit's
 * own, leaseFor, is 32 for a limit this high; 1 counts each request in the store).
 */
function countingLimiter(store: StateStore, lease: number): RateLimiter {
  const limit = 1_000_000_000;
  return new RateLimiter(store, {
    rules: { serviceKey: { limit, windowMs: 60_000, algorithm: 'fixed', lease } },
  });
}

/** A Markdown table of the servers, each against the first (the bare baseline). */
function table(...[targets, summaries, baseline = 'bare']: [...Parameters<typeof rows>, string?]): string[] {
  return [
    `| server | req/s | p50 ms | p99 ms | ratio vs ${baseline} | 200s | errors |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows(targets, summaries),
  ];
}

export async function run(): Promise<string> {
  // Three fresh processes, the median load: one process start varies by ±100 ms on a shared machine.
  const loads = [await measureFreshLoad(), await measureFreshLoad(), await measureFreshLoad()].sort(
    (a, b) => a.loadMs - b.loadMs,
  );
  const fresh = loads[1]!;
  const catalog = loadCatalog();
  const queries = buildQueries(1_500);

  const warm = createService({ catalog, compare: compareOver(catalog), keys: [KEY], logger: silentLogger() });
  // Limits on: counted in this process's memory (one `carbon serve`), and in PostgreSQL (replicas).
  const limited = (store: StateStore, lease: number) =>
    createService({
      catalog,
      compare: compareOver(catalog),
      keys: [KEY],
      logger: silentLogger(),
      limiter: countingLimiter(store, lease),
    });
  const limitedMemory = limited(new MemoryStateStore(), 1);
  const postgres = await openBenchPostgres();
  const shared =
    'unavailable' in postgres
      ? []
      : [
          {
            label: 'limits on, PostgreSQL, each request counted (lease 1)',
            service: limited(new SqlStateStore(postgres.database), 1),
          },
          {
            label: 'limits on, PostgreSQL, blocks of 32 (leaseFor)',
            service: limited(new SqlStateStore(postgres.database), 32),
          },
        ];
  const limitedMemoryPort = (await limitedMemory.listen(0, '127.0.0.1')).port;
  const sharedTargets = [];
  for (const { label, service } of shared)
    sharedTargets.push({ label, port: (await service.listen(0, '127.0.0.1')).port });
  const cold = createService({
    catalog,
    compare: compareOver(catalog),
    keys: [KEY],
    logger: silentLogger(),
    cacheSize: 0,
  });
  const warmPort = (await warm.listen(0, '127.0.0.1')).port;
  const coldPort = (await cold.listen(0, '127.0.0.1')).port;
  // For cold lookups: sent only names no request has sent yet (see below).
  const coldNew = createService({
    catalog,
    compare: compareOver(catalog),
    keys: [KEY],
    logger: silentLogger(),
    cacheSize: 0,
  });
  const freshPort = (await coldNew.listen(0, '127.0.0.1')).port;

  // One pass over the queries: the status mix, and the body size the bare server must match.
  const sizes: number[] = [];
  const statuses: Record<string, number> = {};
  for (const path of queries) {
    const response = await fetch(`http://127.0.0.1:${coldPort}${path}`, { headers: { 'x-api-key': KEY } });
    const body = await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 200) sizes.push(body.byteLength);
  }
  sizes.sort((a, b) => a - b);
  const typical = sizes[Math.floor(sizes.length / 2)] ?? 512;
  const filler = 'x'.repeat(Math.max(0, typical - JSON.stringify({ status: 'found', padding: '' }).length));
  const fixed = Buffer.from(JSON.stringify({ status: 'found', padding: filler }));
  const bare = await startBare((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': fixed.length });
    res.end(fixed);
  });

  try {
    const targets = [
      { label: 'bare node:http', port: bare.port },
      { label: `carbon serve (answer cache, ${fmt(DEFAULT_CACHE_SIZE)} entries)`, port: warmPort },
      { label: 'carbon serve, cache disabled', port: coldPort },
    ];
    const requests = queries.map((path) => ({ method: 'GET', path }));
    const summaries = await compare(targets, requests, SETTINGS, { headers: { 'x-api-key': KEY } });
    const ratio = summaries[1]!.rps / summaries[0]!.rps;
    // Limits on against limits off (both with the answer cache), interleaved in the same rounds.
    const limitTargets = [
      { label: 'carbon serve, limits off', port: warmPort },
      { label: 'limits on, counted in memory (one process)', port: limitedMemoryPort },
      ...sharedTargets,
    ];
    const limitSummaries = await compare(limitTargets, requests, SETTINGS, { headers: { 'x-api-key': KEY } });
    const limitRatios = limitSummaries
      .slice(1)
      .map(
        (summary, index) =>
          `${limitTargets[index + 1]!.label}: **${fmt(summary.rps / limitSummaries[0]!.rps, 2)}**`,
      );
    // Cold lookups: names never sent before in this run, so no cache (the service's or the matcher's)
    // can help; against the same bare server, measured again beside it.
    // Each run of the service gets its own slice of the names, so none is ever sent to it twice.
    const coldQueries = buildQueries(COLD_QUERIES_WARM_UP + COLD_QUERIES_PER_RUN * SETTINGS.rounds, 7);
    const coldTargets = [
      { label: 'bare node:http', port: bare.port },
      { label: 'carbon serve, cold lookups (cache disabled, every name new)', port: freshPort },
    ];
    // One file of paths per run (round -1 is the warm-up), read by cold-paths.cjs in autocannon's
    // worker: every request of the run, on any connection, gets the next name.
    const pathsDir = mkdtempSync(join(tmpdir(), 'carbon-bench-cold-'));
    const slice = (round: number) => {
      const start = round < 0 ? 0 : COLD_QUERIES_WARM_UP + round * COLD_QUERIES_PER_RUN;
      const end = round < 0 ? COLD_QUERIES_WARM_UP : start + COLD_QUERIES_PER_RUN;
      const pathsFile = join(pathsDir, `round-${round}.json`);
      if (!existsSync(pathsFile)) writeFileSync(pathsFile, JSON.stringify(coldQueries.slice(start, end)));
      return [{ method: 'GET', path: '/', pathsFile, setupRequest: join(root, 'bench/cold-paths.cjs') }];
    };
    const coldSummaries = await compare(coldTargets, slice, SETTINGS, {
      headers: { 'x-api-key': KEY },
    }).finally(() => rmSync(pathsDir, { recursive: true, force: true }));
    const coldMostPerRun = coldSummaries[1]!.mostPerRun;
    if (coldMostPerRun + SETTINGS.connections > COLD_QUERIES_PER_RUN) {
      throw new Error(
        `a cold run sent ${coldMostPerRun} requests, more than its ${COLD_QUERIES_PER_RUN} names`,
      );
    }
    const coldRatio = coldSummaries[1]!.rps / coldSummaries[0]!.rps;
    const match = timeMatches(loadCatalog(), buildQueries(2_000, 11));
    const dishCatalog = loadCatalog();
    const dishes = await timeDishReading(dishCatalog, compareOver(dishCatalog), buildQueries(12_000, 13));
    const [one, five] = loadavg();
    return [
      '## carbon serve',
      '',
      `${queries.length} distinct queries (${fmt(((statuses['200'] ?? 0) / queries.length) * 100, 1)}% found, ${fmt(((statuses['404'] ?? 0) / queries.length) * 100, 1)}% not found; products, the milk trial and recipes with brands, pack sizes, plurals and typos), ${SETTINGS.connections} connections, autocannon in a worker thread; ${SETTINGS.rounds} interleaved rounds of ${SETTINGS.durationS} s per server, medians shown. The bare server answers a fixed ${fixed.length}-byte JSON body (median 200 body of the service: ${typical} bytes). Load average at the end: ${fmt(one ?? 0, 1)} (1 min), ${fmt(five ?? 0, 1)} (5 min).`,
      '',
      ...table(targets, summaries),
      '',
      `Ratio of carbon serve to bare node:http: **${fmt(ratio, 2)}** (target ≥ 0.50).`,
      '',
      `Limits per client key (\`CARBON_LIMIT_SERVICE_KEY_PER_MINUTE\`), the same queries with one key, every request counted and none refused, against the same service with limits off, in the same interleaved rounds (the first row is the baseline of this table, not bare node:http). In PostgreSQL (replicas sharing the count) one key's counter is one row, whose increments queue on its lock and each wait for a commit; a block reserved per store operation (\`lease\`, src/ops/rate-limit.ts) spreads one operation over that many requests:`,
      '',
      ...table(limitTargets, limitSummaries, 'limits off'),
      '',
      `Throughput with limits on, as a ratio to limits off: ${limitRatios.join('; ')}.${'unavailable' in postgres ? ` PostgreSQL not measured: ${postgres.unavailable}.` : ''}`,
      '',
      `Cold lookups: ${fmt(coldQueries.length)} further distinct queries, a fresh slice for each load run (${fmt(COLD_QUERIES_WARM_UP)} for the 1 s warm-up, ${fmt(COLD_QUERIES_PER_RUN)} for each measured run; the most one run sent: ${fmt(coldMostPerRun)}), each request on any connection taking the next name (\`bench/cold-paths.cjs\`), so the service (its cache disabled) never sees a name twice; the bare server gets the same slices.`,
      '',
      ...table(coldTargets, coldSummaries),
      '',
      `Ratio of cold lookups to bare node:http: **${fmt(coldRatio, 2)}** (target ≥ 0.50).`,
      '',
      `One match, in process, each name new (${fmt(match.count)} lookups: products, the milk trial and recipes): p50 ${fmt(match.p50, 3)} ms, p99 ${fmt(match.p99, 3)} ms (target p99 < 1 ms).`,
      '',
      `A /recipe name read as \`/carbon recipe\` reads it (the named dish kept to what the name states, or one built from its parts), in process, each name new (${fmt(dishes.count)} names): p50 ${fmt(dishes.dish.p50, 3)} ms, p99 ${fmt(dishes.dish.p99, 3)} ms; the catalog's findRecipe alone on as many other new names, in turns with it: p50 ${fmt(dishes.find.p50, 3)} ms, p99 ${fmt(dishes.find.p99, 3)} ms (p50 ratio ${fmt(dishes.dish.p50 / dishes.find.p50, 1)}).`,
      '',
      `Catalog (${fmt(fresh.stats.products)} products, ${fmt(fresh.stats.recipes)} recipes, ${fmt(fresh.stats.categories)} categories), median of three fresh processes (${fresh.runtime}; loads ${loads.map((load) => fmt(load.loadMs)).join(', ')} ms): module import ${fmt(fresh.importMs)} ms, \`loadCatalog()\` ${fmt(fresh.loadMs)} ms; RSS ${fmt(fresh.rssBeforeMb, 1)} MB before load, ${fmt(fresh.rssAfterMb, 1)} MB after (heap used ${fmt(fresh.heapUsedMb, 1)} MB).`,
      '',
    ].join('\n');
  } finally {
    await Promise.all([
      warm.close(),
      cold.close(),
      coldNew.close(),
      bare.close(),
      limitedMemory.close(),
      ...shared.map(({ service }) => service.close()),
    ]);
    if (!('unavailable' in postgres)) await postgres.close();
  }
}
