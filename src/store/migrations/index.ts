import { stateEntries } from './0001-state-entries.js';
import { slackInstallations } from './0002-slack-installations.js';
import type { SqlMigration } from './migration.js';

/**
 * Every migration, by name, in the order they run: a new one is a file numbered after the last and
 * a line here (test/store/migrations.test.ts holds this list to the folder).
 */
export const MIGRATIONS: Readonly<Record<string, SqlMigration>> = {
  '0001-state-entries': stateEntries,
  '0002-slack-installations': slackInstallations,
};
