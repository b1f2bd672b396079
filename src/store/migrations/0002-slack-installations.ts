import type { SqlMigration } from './migration.js';

/**
 * Slack installations (store/slack-installations.ts), one row per workspace or per Enterprise Grid
 * organisation (id "T:<team>" or "E:<enterprise>"), and one per user who granted user scopes.
 * Tokens are only ever in `secrets`, encrypted (store/token-cipher.ts); `data` holds the rest of
 * what @slack/oauth's Installation carries (names, scopes, bot ids, expiry times).
 */
export const slackInstallations: SqlMigration = [
  `CREATE TABLE slack_installations (
     id text COLLATE "C" PRIMARY KEY,
     enterprise_id text,
     team_id text,
     is_enterprise_install boolean NOT NULL,
     installer_user_id text NOT NULL,
     data text NOT NULL,
     secrets text NOT NULL,
     installed_at bigint NOT NULL,
     updated_at bigint NOT NULL
   )`,
  `CREATE TABLE slack_installation_users (
     installation_id text COLLATE "C" NOT NULL REFERENCES slack_installations (id) ON DELETE CASCADE,
     user_id text NOT NULL,
     data text NOT NULL,
     secrets text NOT NULL,
     updated_at bigint NOT NULL,
     PRIMARY KEY (installation_id, user_id)
   )`,
];
