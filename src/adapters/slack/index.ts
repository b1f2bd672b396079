import { App, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import { DEFAULT_STOP, InteractionPipeline } from '../../core/pipeline.js';
import { SqlInstallationStore } from '../../store/slack-installations.js';
import { SqlStateStore } from '../../store/sql-state-store.js';
import { cipherFromConfig } from '../../store/token-cipher.js';
import type { WorkspaceDataStores } from '../../store/workspace-data.js';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../context.js';
import { boltLogger } from './bolt-logger.js';
import { registerSlackHandlers } from './handlers.js';
import { slackEventsRoute } from './http-route.js';
import { registerLifecycleEvents } from './lifecycle.js';
import { SlackConfigError, type SlackMode, slackMode } from './mode.js';
import { createSlackOAuth, SLACK_INSTALL_PATH, SLACK_OAUTH_REDIRECT_PATH } from './oauth.js';
import { describeSlackError } from './reply.js';

interface WorkspaceStores {
  /** Each workspace's installation, tokens encrypted; OAuth mode only. */
  installations: SqlInstallationStore | null;
  /** What app_uninstalled and tokens_revoked delete. */
  data: WorkspaceDataStores;
}

export const SLACK_EVENTS_PATH = '/slack/events';
/** Slack wants an answer within 3 s; 2 s leaves room for the network and Bolt itself. */
export const DEFAULT_ACK_BUDGET_MS = 2_000;

export interface SlackAdapterOptions {
  ackBudgetMs?: number;
  /** Web API retries for chat.postMessage and friends; lower in tests. */
  retries?: number;
  /** On stop, how long lookups in flight may still finish before their users are told to retry. */
  graceMs?: number;
  /** On stop, how long the "restarting" notices may take to go out. */
  drainMs?: number;
}

/** WebClient wants its base URL to end with "/" and resolves method names against it. */
export function slackApiBase(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return url.endsWith('/') ? url : `${url}/`;
}

export function createSlackStarter(options: SlackAdapterOptions = {}): AdapterStarter {
  return (context) => startSlackWith(context, options);
}

/**
 * Starts the Slack app in HTTP mode (signing secret) or Socket Mode (app token), for one workspace
 * (SLACK_BOT_TOKEN) or many (OAuth installs); null when Slack is not configured.
 */
export const startSlack: AdapterStarter = createSlackStarter();

async function startSlackWith(
  context: AdapterContext,
  options: SlackAdapterOptions,
): Promise<RunningAdapter | null> {
  const { config } = context;
  const logger = context.logger.child({ adapter: 'slack' });
  const chosen = slackMode(config);
  if ('skip' in chosen) {
    if (chosen.skip !== null) logger.warn(chosen.skip);
    return null;
  }
  const { mode } = chosen;
  const { transport } = mode;

  const secrets = [
    mode.kind === 'single' ? mode.token : mode.clientSecret,
    mode.kind === 'oauth' ? mode.stateSecret : undefined,
    transport.kind === 'http' ? transport.signingSecret : transport.appToken,
  ].filter((value): value is string => value !== undefined);
  const bolt = boltLogger(logger, secrets);
  const slackApiUrl = slackApiBase(config.SLACK_API_URL);
  const retryConfig = { retries: options.retries ?? 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 };
  const clientOptions = { ...(slackApiUrl ? { slackApiUrl } : {}), retryConfig, timeout: 10_000 };

  const receiver =
    transport.kind === 'socket'
      ? new SocketModeReceiver({
          appToken: transport.appToken,
          logger: bolt,
          // A separate options object: the Socket Mode client writes its own retry policy into it.
          installerOptions: {
            clientOptions: { ...clientOptions, retryConfig: { ...retryConfig, retries: 10 } },
          },
        })
      : new HTTPReceiver({
          signingSecret: transport.signingSecret,
          endpoints: SLACK_EVENTS_PATH,
          logger: bolt,
          processBeforeResponse: false,
        });
  const workspaces = workspaceStores(context, mode);
  const oauth =
    mode.kind === 'oauth' && workspaces?.installations
      ? createSlackOAuth({
          ...mode,
          installations: workspaces.installations,
          claims: context.store,
          logger,
          bolt,
          clientOptions,
        })
      : null;
  const app = new App({
    // One workspace: its token for everything. Many: each request's workspace's token, from its installation.
    ...(mode.kind === 'single' ? { token: mode.token } : { authorize: oauth!.authorize }),
    receiver,
    logger: bolt,
    clientOptions,
    deferInitialization: true,
    // No conversation state is used; Bolt's default in-memory store would cost a lookup per event.
    convoStore: false,
  });
  if (oauth !== null) app.use(oauth.answerUnauthorised);

  const { once, limiter, onLimited } = context.interactions;
  const pipeline = new InteractionPipeline({
    logger,
    budgetMs: options.ackBudgetMs ?? DEFAULT_ACK_BUDGET_MS,
    ...(limiter === null ? {} : { limiter }),
    ...(onLimited === undefined ? {} : { onLimited }),
  });
  const stopPipeline = () =>
    pipeline.stop({
      graceMs: options.graceMs ?? DEFAULT_STOP.graceMs,
      drainMs: options.drainMs ?? DEFAULT_STOP.drainMs,
    });
  registerSlackHandlers(app, { services: context.services, logger, pipeline, store: context.store, once });
  if (workspaces !== null) registerLifecycleEvents(app, { logger, stores: workspaces.data });

  try {
    // One workspace: auth.test, so a wrong token fails here, at start-up, not on the first command.
    // Many: nothing to check until a workspace installs.
    await app.init();
  } catch (error) {
    const { code, message } = describeSlackError(error);
    // No `cause`: the client error holds the request headers, token included.
    throw new Error(
      code === null
        ? `Slack: could not reach the Web API to check SLACK_BOT_TOKEN (auth.test: ${message})`
        : `Slack rejected SLACK_BOT_TOKEN (auth.test: ${code})`,
    );
  }
  oauth?.mountRoutes(context.http);
  const whose =
    mode.kind === 'oauth'
      ? `many workspaces: OAuth installs at GET ${SLACK_INSTALL_PATH}, redirect ${SLACK_OAUTH_REDIRECT_PATH}`
      : 'one workspace: SLACK_BOT_TOKEN';
  logger.info(
    { mode: mode.kind === 'oauth' ? 'many workspaces (OAuth)' : 'one workspace (SLACK_BOT_TOKEN)' },
    mode.kind === 'oauth'
      ? 'Slack serves every workspace that installs the app, each with its own token'
      : "Slack serves SLACK_BOT_TOKEN's workspace only",
  );

  if (receiver instanceof HTTPReceiver) {
    // Bolt never opens its own server: its request listener serves our route on the shared one.
    context.http.route('POST', SLACK_EVENTS_PATH, slackEventsRoute(receiver.requestListener, logger));
    return {
      name: 'slack',
      description: `Slack (HTTP, POST ${SLACK_EVENTS_PATH}; ${whose})`,
      stop: stopPipeline,
    };
  }

  try {
    await app.start();
  } catch (error) {
    const { code, message } = describeSlackError(error);
    throw new Error(
      code === null
        ? `Slack: could not open the Socket Mode connection (${message})`
        : `Slack rejected SLACK_APP_TOKEN (apps.connections.open: ${code})`,
    );
  }
  return {
    name: 'slack',
    description: `Slack (Socket Mode; ${whose})`,
    stop: async () => {
      await stopPipeline();
      await app.stop();
    },
  };
}

/**
 * Where a workspace's installation and data live: the encrypted installation store and the state
 * table on the state database. Required for OAuth installs (refused at start-up without a database
 * or CARBON_ENCRYPTION_KEY); with one workspace, only its state is deleted on uninstall.
 */
function workspaceStores(context: AdapterContext, mode: SlackMode): WorkspaceStores | null {
  const { database } = context;
  if (database === undefined) {
    if (mode.kind === 'oauth') {
      throw new SlackConfigError(
        'Slack: OAuth installs are kept in the state database, and this process has none open (see docs/deploy.md)',
      );
    }
    return null;
  }
  const state = new SqlStateStore(database);
  if (mode.kind === 'single') {
    const none = { deleteInstallation: async () => {}, deleteUsers: async () => 0 };
    return { installations: null, data: { installations: none, state } };
  }
  const cipher = cipherFromConfig(context.config, 'Slack OAuth installs (SLACK_CLIENT_ID)');
  const installations = new SqlInstallationStore(database, cipher);
  return { installations, data: { installations, state } };
}
