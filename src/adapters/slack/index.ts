import { App, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import { DEFAULT_STOP, InteractionPipeline } from '../../core/pipeline.js';
import type { AdapterContext, AdapterStarter, RunningAdapter } from '../context.js';
import { boltLogger } from './bolt-logger.js';
import { registerSlackHandlers } from './handlers.js';
import { slackEventsRoute } from './http-route.js';
import { describeSlackError } from './reply.js';

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

/** Starts the Slack app in HTTP mode (signing secret) or Socket Mode (app token); null if neither. */
export const startSlack: AdapterStarter = createSlackStarter();

async function startSlackWith(
  context: AdapterContext,
  options: SlackAdapterOptions,
): Promise<RunningAdapter | null> {
  const { config } = context;
  const token = config.SLACK_BOT_TOKEN;
  const signingSecret = config.SLACK_SIGNING_SECRET;
  const appToken = config.SLACK_APP_TOKEN;
  const logger = context.logger.child({ adapter: 'slack' });
  if (token === undefined) {
    if (signingSecret !== undefined || appToken !== undefined) {
      logger.warn('Slack is not started: SLACK_BOT_TOKEN is missing');
    }
    return null;
  }
  const socketMode = appToken !== undefined;
  if (!socketMode && signingSecret === undefined) {
    logger.warn(
      'Slack is not started: set SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN (Socket Mode) with SLACK_BOT_TOKEN',
    );
    return null;
  }

  const secrets = [token, signingSecret, appToken].filter((value): value is string => value !== undefined);
  const bolt = boltLogger(logger, secrets);
  const slackApiUrl = slackApiBase(config.SLACK_API_URL);
  const retryConfig = { retries: options.retries ?? 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 };
  const clientOptions = { ...(slackApiUrl ? { slackApiUrl } : {}), retryConfig, timeout: 10_000 };

  const receiver = socketMode
    ? new SocketModeReceiver({
        appToken,
        logger: bolt,
        // A separate options object: the Socket Mode client writes its own retry policy into it.
        installerOptions: {
          clientOptions: { ...clientOptions, retryConfig: { ...retryConfig, retries: 10 } },
        },
      })
    : new HTTPReceiver({
        signingSecret: signingSecret!,
        endpoints: SLACK_EVENTS_PATH,
        logger: bolt,
        processBeforeResponse: false,
      });
  const app = new App({
    token,
    receiver,
    logger: bolt,
    clientOptions,
    deferInitialization: true,
    // No conversation state is used; Bolt's default in-memory store would cost a lookup per event.
    convoStore: false,
  });

  const pipeline = new InteractionPipeline({
    logger,
    budgetMs: options.ackBudgetMs ?? DEFAULT_ACK_BUDGET_MS,
  });
  const stopPipeline = () =>
    pipeline.stop({
      graceMs: options.graceMs ?? DEFAULT_STOP.graceMs,
      drainMs: options.drainMs ?? DEFAULT_STOP.drainMs,
    });
  registerSlackHandlers(app, { services: context.services, logger, pipeline });

  try {
    await app.init(); // auth.test: a wrong token fails here, at start-up, not on the first command
  } catch (error) {
    const { code, message } = describeSlackError(error);
    // No `cause`: the client error holds the request headers, token included.
    throw new Error(
      code === null
        ? `Slack: could not reach the Web API to check SLACK_BOT_TOKEN (auth.test: ${message})`
        : `Slack rejected SLACK_BOT_TOKEN (auth.test: ${code})`,
    );
  }

  if (receiver instanceof HTTPReceiver) {
    // Bolt never opens its own server: its request listener serves our route on the shared one.
    context.http.route('POST', SLACK_EVENTS_PATH, slackEventsRoute(receiver.requestListener, logger));
    return {
      name: 'slack',
      description: `Slack (HTTP, POST ${SLACK_EVENTS_PATH})`,
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
    description: 'Slack (Socket Mode)',
    stop: async () => {
      await stopPipeline();
      await app.stop();
    },
  };
}
