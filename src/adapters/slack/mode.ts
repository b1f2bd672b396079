import type { Config } from '../../config/env.js';

/** How Slack reaches the bot: HTTP requests signed with the signing secret, or a Socket Mode WebSocket. */
export type SlackTransport = { kind: 'http'; signingSecret: string } | { kind: 'socket'; appToken: string };

/**
 * Whose tokens answer: one workspace's bot token (SLACK_BOT_TOKEN), or every workspace that
 * installed the app through OAuth, each answered with its own token from the installation store.
 */
export type SlackMode =
  | { kind: 'single'; token: string; transport: SlackTransport }
  | {
      kind: 'oauth';
      clientId: string;
      clientSecret: string;
      stateSecret: string;
      transport: SlackTransport;
    };

/** The configuration cannot mean one thing: `carbon start` stops with this message. */
export class SlackConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlackConfigError';
  }
}

const OAUTH_VARIABLES = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

/**
 * The mode the configuration asks for; `{ skip }` when Slack is not to start (nothing set, or a
 * credential without a way in: the reason is logged), and SlackConfigError when it is ambiguous or
 * half set. Both modes at once is refused rather than one silently winning: a deployment that
 * answers with another token than its operator expects is worse than one that does not start.
 */
export function slackMode(config: Config): { mode: SlackMode } | { skip: string | null } {
  const oauthSet = OAUTH_VARIABLES.filter((name) => config[name] !== undefined);
  const token = config.SLACK_BOT_TOKEN;
  if (token !== undefined && oauthSet.length > 0) {
    throw new SlackConfigError(
      `Slack: SLACK_BOT_TOKEN (one workspace) and ${oauthSet.join(', ')} (many workspaces, OAuth installs) are both set. ` +
        'Choose one: unset SLACK_BOT_TOKEN to serve every workspace that installs the app (your own installs it through /slack/install too), ' +
        `or unset ${OAUTH_VARIABLES.join(', ')} to serve the one workspace of SLACK_BOT_TOKEN. See docs/slack.md.`,
    );
  }
  if (oauthSet.length > 0 && oauthSet.length < OAUTH_VARIABLES.length) {
    const missing = OAUTH_VARIABLES.filter((name) => config[name] === undefined);
    throw new SlackConfigError(
      `Slack: OAuth installs need ${OAUTH_VARIABLES.join(', ')}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing. See docs/slack.md.`,
    );
  }
  const transport: SlackTransport | null =
    config.SLACK_APP_TOKEN !== undefined
      ? { kind: 'socket', appToken: config.SLACK_APP_TOKEN }
      : config.SLACK_SIGNING_SECRET !== undefined
        ? { kind: 'http', signingSecret: config.SLACK_SIGNING_SECRET }
        : null;
  const oauth = oauthSet.length === OAUTH_VARIABLES.length;
  if (token === undefined && !oauth) {
    return transport === null
      ? { skip: null }
      : {
          skip: 'Slack is not started: set SLACK_BOT_TOKEN (one workspace), or SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET (many workspaces)',
        };
  }
  if (transport === null) {
    return {
      skip: `Slack is not started: set SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN (Socket Mode) with ${oauth ? 'the OAuth variables' : 'SLACK_BOT_TOKEN'}`,
    };
  }
  if (token !== undefined) return { mode: { kind: 'single', token, transport } };
  return {
    mode: {
      kind: 'oauth',
      clientId: config.SLACK_CLIENT_ID!,
      clientSecret: config.SLACK_CLIENT_SECRET!,
      stateSecret: config.SLACK_STATE_SECRET!,
      transport,
    },
  };
}
