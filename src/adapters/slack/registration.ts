import { defineRegistration } from '../../config/registration.js';
import { optionalString, optionalUrl } from '../../config/schema.js';

export const slackRegistration = defineRegistration({
  id: 'slack',
  kind: 'chat',
  label: 'Slack',
  env: {
    SLACK_BOT_TOKEN: optionalString,
    /** HTTP mode: verifies each request Slack posts to /slack/events. */
    SLACK_SIGNING_SECRET: optionalString,
    /** Socket Mode, instead of HTTP. */
    SLACK_APP_TOKEN: optionalString,
    /** Web API base URL, for tests and proxies. */
    SLACK_API_URL: optionalUrl,
  },
  secrets: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'],
  help: 'To connect Slack, set SLACK_BOT_TOKEN with SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP): see docs/slack.md.',
});
