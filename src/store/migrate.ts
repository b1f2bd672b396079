import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { DatabaseStartError } from './errors.js';
import { MIGRATIONS } from './migrations/index.js';
import type { SqlMigration } from './migrations/migration.js';
import type { Database } from './sql.js';

/** Where the migrator records what has run, and the row its lock hangs on. */
export const MIGRATION_TABLE = 'carbon_migration';
export const MIGRATION_LOCK_TABLE = 'carbon_migration_lock';

/**
 * Brings the schema up to date at start-up, with Kysely's migrator: every pending migration runs in
 * one transaction under PostgreSQL's advisory lock, so replicas starting together apply each one
 * once (the others wait for the lock, then find nothing pending) and a failed migration leaves the
 * schema as it was. Returns the names applied now.
 *
 * The migrator's own tables go in the schema the migrations create theirs in (the connection's
 * current schema), named explicitly: without a schema, Kysely decides whether its tables exist by
 * looking for the name in every schema of the database, so a second deployment (or a test suite) in
 * another schema of the same database would skip creating them and then fail on
 * `relation "carbon_migration_lock" does not exist`.
 */
export async function migrate(
  database: Database,
  migrations: Readonly<Record<string, SqlMigration>> = MIGRATIONS,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.kysely(),
    provider: { getMigrations: async () => toKysely(migrations) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    migrationTableSchema: await currentSchema(database),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    throw new DatabaseStartError(
      `the database schema could not be brought up to date${failed ? ` (migration ${failed} failed)` : ''}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return results.map((result) => result.migrationName);
}

/** The schema unqualified names are created in; an error for the operator when search_path names none. */
async function currentSchema(database: Database): Promise<string> {
  const { rows } = await database.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema ?? null;
  if (schema === null) {
    throw new DatabaseStartError(
      'the database has no schema to create tables in: its search_path names no schema that exists (create it, or fix search_path)',
    );
  }
  return schema;
}

function toKysely(migrations: Readonly<Record<string, SqlMigration>>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, statements]) => [
      name,
      {
        async up(db) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      } satisfies Migration,
    ]),
  );
}
