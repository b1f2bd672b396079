import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openEmbeddedDatabase } from '../../src/store/embedded.js';
import { describeUrl, openPostgresDatabase } from '../../src/store/postgres.js';
import type { Database } from '../../src/store/sql.js';

/**
 * The two databases the stores run on, for tests: the embedded one in a temporary data directory,
 * and the real PostgreSQL server of the development and CI machines, each test suite in a schema of
 * its own so parallel runs never meet.
 */

export const TEST_DATABASE_URL =
  process.env.CARBON_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// ── embedded ─────────────────────────────────────────────────────────────────────────────────────

const pgliteVersion = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string }
).version;
const TEMPLATE = join(tmpdir(), `carbon-test-pglite-${pgliteVersion}`);
let template: Promise<string> | null = null;

/**
 * A freshly initialised PGlite data directory, made once per machine and PGlite version and copied
 * for each test: PGlite's initdb takes seconds (more on a loaded machine), a copy milliseconds.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    if (existsSync(join(TEMPLATE, 'PG_VERSION'))) return TEMPLATE;
    const building = `${TEMPLATE}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const pglite = await PGlite.create(building);
    await pglite.close();
    // Another worker may have finished first: its copy is as good.
    await rename(building, TEMPLATE).catch(() => rm(building, { recursive: true, force: true }));
    return TEMPLATE;
  })();
  return template;
}

export interface TestEmbedded {
  db: Database;
  dataDir: string;
  /** Closes the database (if still open) and removes its directory. */
  cleanup(): Promise<void>;
}

/** A new data directory holding an initialised, unmigrated embedded database. */
export async function makeEmbeddedDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'carbon-test-data-'));
  await cp(await pgliteTemplate(), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export async function openTestEmbedded(dataDir?: string): Promise<TestEmbedded> {
  const dir = dataDir ?? (await makeEmbeddedDataDir());
  const db = await openEmbeddedDatabase({ dataDir: dir, lock: { retries: 0 } });
  return {
    db,
    dataDir: dir,
    async cleanup() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────────────────

/**
 * .ci/run sets CARBON_REQUIRE_POSTGRES=1: there PostgreSQL runs, and its tests failing to reach it
 * is a failure. Elsewhere (a laptop without PostgreSQL, a fork's CI) they are skipped, saying why.
 */
export const POSTGRES_REQUIRED = process.env.CARBON_REQUIRE_POSTGRES === '1';

/**
 * Errors that say PostgreSQL is not there (nothing listens, no such host, the user or database does
 * not exist): answered at once and the same however loaded the machine is, so they may skip.
 */
const ABSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENOENT']);
const ABSENT_SQLSTATES = new Set(['28000', '28P01', '3D000']);

/**
 * How long the probe keeps trying a server that is there but slow (a connection timing out, "too
 * many clients", "starting up"). A skip must not depend on the machine's load: a loaded machine
 * makes the probe wait, never skip. 60 s is far beyond a local connection under any load seen here.
 */
const PROBE_PATIENCE_MS = 60_000;

async function probeOnce(): Promise<{ absent: string } | { slow: string } | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 15_000 });
  // A connection dropped after connecting emits 'error' on the client; without a listener that ends the worker.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const why = `PostgreSQL unreachable at ${describeUrl(TEST_DATABASE_URL)}: ${message || code}`;
    return code !== undefined && (ABSENT_CODES.has(code) || ABSENT_SQLSTATES.has(code))
      ? { absent: why }
      : { slow: why };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Null when PostgreSQL answers; why not when it is absent, or still not answering after PROBE_PATIENCE_MS. */
async function probePostgres(): Promise<string | null> {
  const deadline = Date.now() + PROBE_PATIENCE_MS;
  for (;;) {
    const outcome = await probeOnce();
    if (outcome === null) return null;
    if ('absent' in outcome) return outcome.absent;
    if (Date.now() >= deadline)
      return `${outcome.slow} (still not answering after ${PROBE_PATIENCE_MS / 1000} s)`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Null when PostgreSQL answers; otherwise why not. */
export const postgresUnavailable = await probePostgres();

/**
 * `describe` for tests that need the PostgreSQL server: run when it answers; failed (with the
 * reason) when CARBON_REQUIRE_POSTGRES=1 and it does not; otherwise skipped with the reason in the
 * suite's name and on stderr.
 */
export function describePostgres(name: string, body: () => void): void {
  if (postgresUnavailable === null) {
    describe(name, body);
  } else if (POSTGRES_REQUIRED) {
    describe(name, () => {
      it('reaches PostgreSQL (CARBON_REQUIRE_POSTGRES=1)', () => {
        throw new Error(
          `CARBON_REQUIRE_POSTGRES=1, yet ${postgresUnavailable}: start PostgreSQL, or point CARBON_TEST_DATABASE_URL at one`,
        );
      });
    });
  } else {
    process.stderr.write(
      `\n[skipped] ${name}: ${postgresUnavailable}. These tests run against PostgreSQL 127.0.0.1:5432 (database test, user postgres) or CARBON_TEST_DATABASE_URL; CI requires them (CARBON_REQUIRE_POSTGRES=1).\n`,
    );
    describe.skip(`${name} (skipped: ${postgresUnavailable})`, body);
  }
}

export interface TestPostgres {
  db: Database;
  /** The schema this suite's tables live in. */
  schema: string;
  url: string;
  /** Closes the pool and drops the schema. */
  cleanup(): Promise<void>;
}

/** A URL whose connections work in `schema` (libpq's `options`, read by node-postgres). */
export function urlWithSchema(schema: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** A new, empty schema on the test server, and a database whose connections use it. */
export async function openTestPostgres(): Promise<TestPostgres> {
  const schema = `carbon_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = urlWithSchema(schema);
  // A loaded machine may take seconds to hand out a connection; the product's 5 s is for production.
  const db = await openPostgresDatabase({ url, connectTimeoutMs: 30_000 });
  return {
    db,
    schema,
    url,
    async cleanup() {
      await db.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dropper.end();
    },
  };
}
