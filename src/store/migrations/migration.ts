/**
 * A migration: SQL statements run in order, in the migrator's one transaction, on the embedded
 * database and on PostgreSQL alike. Forward only: a change to a released schema is a new migration,
 * never an edit of an old one (the migrator refuses a database that has run migrations it lacks).
 */
export type SqlMigration = readonly string[];
