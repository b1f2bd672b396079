/**
 * A migration: SQL statements run in order, in the migrator's one transaction, on the embedded
 * database and on PostgreSQL alike. Forward only: a change to a released schema is a new migration,
 * never an edit of an old one (the migrator refuses a database that has run migrations it lacks).
 * Write them to only add (tables, nullable or defaulted columns, indexes): during a rolling upgrade
 * the previous release keeps running on the migrated schema (docs/deploy.md, "Upgrades").
 */
export type SqlMigration = readonly string[];
