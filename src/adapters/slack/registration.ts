import { defineRegistration } from '../../config/registration.js';
import { optionalString, optionalUrl } from '../../config/schema.js';

/**
 * Slack runs in one of two modes (docs/slack.md): one workspace with SLACK_BOT_TOKEN, or many
 * workspaces that install the app through OAuth (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and
 * SLACK_STATE_SECRET, Bolt's usual names), their tokens kept encrypted in the state database.
 * Setting both is refused at start-up (adapters/slack/mode.ts).
 */
export const slackRegistration = defineRegistration({
  id: 'slack',
  kind: 'chat',
  label: 'Slack',
  env: {
    /** One workspace: the bot token of the workspace the app was installed in. */
    SLACK_BOT_TOKEN: optionalString,
    /** HTTP mode: verifies each request Slack posts to /slack/events. */
    SLACK_SIGNING_SECRET: optionalString,
    /** Socket Mode, instead of HTTP. */
    SLACK_APP_TOKEN: optionalString,
    /** Many workspaces (OAuth): the app's client id, Basic Information → App Credentials. */
    SLACK_CLIENT_ID: optionalString,
    /** Many workspaces (OAuth): the app's client secret, exchanged with each install's code. */
    SLACK_CLIENT_SECRET: optionalString,
    /** Many workspaces (OAuth): signs the install flow's state parameter; any long random string. */
    SLACK_STATE_SECRET: optionalString,
    /** Web API base URL, for tests and proxies; the OAuth calls and the authorize page follow it. */
    SLACK_API_URL: optionalUrl,
  },
  secrets: [
    'SLACK_BOT_TOKEN',
    'SLACK_SIGNING_SECRET',
    'SLACK_APP_TOKEN',
    'SLACK_CLIENT_SECRET',
    'SLACK_STATE_SECRET',
  ],
  help: 'To connect Slack, set SLACK_SIGNING_SECRET (HTTP) or SLACK_APP_TOKEN (Socket Mode), with SLACK_BOT_TOKEN for one workspace or SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET for many (OAuth installs): see docs/slack.md.',
});
