import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  AnyMiddlewareArgs,
  Authorize,
  AuthorizeResult,
  Logger as BoltLogger,
  Middleware,
  webApi,
} from '@slack/bolt';
import {
  AuthorizationError,
  type CallbackOptions,
  defaultCallbackSuccess,
  type Installation,
  type InstallationStore,
  InstallProvider,
  type InstallURLOptions,
} from '@slack/oauth';
import type { Logger } from 'pino';
import type { StateStore } from '../../core/state/store.js';
import type { BotHttpServer } from '../../server/bot-http.js';
import { InstallationNotFoundError } from '../../store/slack-installations.js';
import { installFailurePage, installPageHtml } from './oauth-pages.js';
import { RefreshOnceInstallationStore } from './oauth-rotation.js';
import { SingleUseStateStore, STATE_TTL_S } from './oauth-state.js';

export const SLACK_INSTALL_PATH = '/slack/install';
export const SLACK_OAUTH_REDIRECT_PATH = '/slack/oauth_redirect';

/** The bot scopes every workspace grants on install; manifest.yml asks for the same (a test holds them together). */
export const SLACK_BOT_SCOPES = ['commands', 'chat:write', 'reactions:write'] as const;

/**
 * Slack's authorize page, next to the Web API: https://slack.com/api/ → https://slack.com/oauth/v2/authorize.
 * Following SLACK_API_URL keeps the whole install flow on one host, a test's fake included.
 */
export function slackAuthorizationUrl(apiBase: string | undefined): string | undefined {
  return apiBase === undefined ? undefined : new URL('../oauth/v2/authorize', apiBase).toString();
}

/** Why a request's workspace could not be authorised; the middleware answers it instead of a handler. */
export type InstallationProblem = 'not_installed' | 'unavailable';

export interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  /** The encrypted store of installations (store/slack-installations.ts). */
  installations: InstallationStore;
  /** The shared state store: single-use states and one token refresh at a time, across replicas. */
  claims: Pick<StateStore, 'claim' | 'delete'>;
  logger: Logger;
  bolt: BoltLogger;
  /** The Web API client's options (SLACK_API_URL, retries, timeout): oauth.v2.access goes through them. */
  clientOptions: webApi.WebClientOptions;
}

export interface SlackOAuth {
  /** Bolt's authorize: each request's workspace, answered with its own token, refreshed when due. */
  authorize: Authorize<boolean>;
  /** Global middleware: answers a request whose workspace could not be authorised, once. */
  answerUnauthorised: Middleware<AnyMiddlewareArgs>;
  /** Adds GET /slack/install and GET /slack/oauth_redirect to the shared server. */
  mountRoutes(http: BotHttpServer): void;
}

/**
 * Slack for many workspaces with @slack/oauth's InstallProvider, the one Bolt itself builds from
 * clientId/clientSecret/stateSecret: its install page, its state checks (a signed state, matched
 * against the installing browser's cookie, here also single-use), its oauth.v2.access exchange,
 * and its authorize with token rotation. It runs on the bot's shared HTTP server rather than
 * Bolt's receiver, so the same routes serve HTTP mode and Socket Mode.
 */
export function createSlackOAuth(options: SlackOAuthOptions): SlackOAuth {
  const { logger } = options;
  const authorizationUrl = slackAuthorizationUrl(options.clientOptions.slackApiUrl);
  const installUrlOptions: InstallURLOptions = { scopes: [...SLACK_BOT_SCOPES] };
  const installer = new InstallProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stateStore: new SingleUseStateStore(options.stateSecret, options.claims),
    stateCookieExpirationSeconds: STATE_TTL_S,
    installationStore: new RefreshOnceInstallationStore(options.installations, options.claims),
    installUrlOptions,
    // /slack/install goes straight to Slack's authorize page: it is the "Add to Slack" link.
    directInstall: true,
    logger: quietAboutVisitors(options.bolt),
    clientOptions: options.clientOptions,
    ...(authorizationUrl === undefined ? {} : { authorizationUrl }),
  });

  const callbackOptions: CallbackOptions = {
    success: (installation, installOptions, req, res) => {
      logger.info(
        {
          teamId: installation.team?.id,
          enterpriseId: installation.enterprise?.id,
          enterpriseInstall: installation.isEnterpriseInstall === true,
          tokenRotation: installation.bot?.refreshToken !== undefined,
        },
        'Slack app installed in a workspace',
      );
      defaultCallbackSuccess(installation as Installation, installOptions, req, res);
    },
    failure: (error, _installOptions, req, res) => {
      const page = installFailurePage(error, req, SLACK_INSTALL_PATH);
      logger.warn({ reason: page.reason, code: error.code, status: page.status }, 'Slack install failed');
      res
        .writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' })
        .end(installPageHtml('Carbon was not installed', page.text));
    },
  };

  const authorize: Authorize<boolean> = async (source) => {
    try {
      return await installer.authorize(source);
    } catch (error) {
      const cause = error instanceof AuthorizationError ? (error.original ?? error) : error;
      const where = {
        teamId: source.teamId,
        enterpriseId: source.enterpriseId,
        enterpriseInstall: source.isEnterpriseInstall,
      };
      const problem: InstallationProblem =
        cause instanceof InstallationNotFoundError ? 'not_installed' : 'unavailable';
      if (problem === 'not_installed') {
        logger.warn(where, 'Slack request from a workspace with no installation');
      } else {
        const { name, message } = cause instanceof Error ? cause : new Error(String(cause));
        logger.error({ ...where, error: { name, message } }, 'could not read the Slack installation');
      }
      const result: AuthorizeResult = { installationProblem: problem };
      if (source.teamId !== undefined) result.teamId = source.teamId;
      if (source.enterpriseId !== undefined) result.enterpriseId = source.enterpriseId;
      return result;
    }
  };

  return {
    authorize,
    answerUnauthorised,
    mountRoutes(http) {
      http.route('GET', SLACK_INSTALL_PATH, (req: IncomingMessage, res: ServerResponse) =>
        installer.handleInstallPath(req, res, {}, installUrlOptions),
      );
      http.route('GET', SLACK_OAUTH_REDIRECT_PATH, (req: IncomingMessage, res: ServerResponse) =>
        installer.handleCallback(req, res, callbackOptions),
      );
    },
  };
}

/**
 * Failures of the install flow caused by the visitor (a stale or reused link, a cancelled install):
 * the InstallProvider logs each at error level before the failure page is chosen, which then logs
 * it once, at warn, with its reason. Everything else it logs (a refused exchange, a refresh that
 * failed) stays an error.
 */
const VISITOR_FAILURES = new Set([
  'MissingStateError',
  'InvalidStateError',
  'MissingCodeError',
  'AuthorizationError',
]);

function quietAboutVisitors(bolt: BoltLogger): BoltLogger {
  return {
    ...bolt,
    error: (...parts: unknown[]) => {
      const [first] = parts;
      if (first instanceof Error && VISITOR_FAILURES.has(first.name)) bolt.debug(...parts);
      else bolt.error(...parts);
    },
  };
}

/** What the user is told when their workspace's installation cannot be used. */
export function installationProblemText(problem: InstallationProblem): string {
  return problem === 'not_installed'
    ? '⚠️ Carbon is not installed in this workspace (any more), so it cannot answer here. Ask a workspace admin to add it again.'
    : '⚠️ I can’t read this workspace’s installation right now, so this was not answered. Try again in a minute; if it keeps happening, tell whoever runs the bot.';
}

interface LooseArgs {
  body: Record<string, unknown>;
  context: { installationProblem?: InstallationProblem };
  next: () => Promise<void>;
  ack?: (response?: unknown) => Promise<void>;
  respond?: (message: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Every request is answered once: a slash command in its ack, a form submission in its modal, a
 * button or shortcut through its response_url (its ack carries nothing). Events were acked by Bolt
 * already and need no answer. No handler runs: without a token it could not post anyway.
 */
const answerUnauthorised: Middleware<AnyMiddlewareArgs> = async (args) => {
  const { body, context, next, ack, respond } = args as unknown as LooseArgs;
  const problem = context.installationProblem;
  if (problem === undefined) return next();
  const text = installationProblemText(problem);
  if (body.type === 'event_callback' || ack === undefined) return;
  if (typeof body.command === 'string') {
    await ack({ response_type: 'ephemeral', text });
    return;
  }
  if (body.type === 'view_submission') {
    await ack({
      response_action: 'update',
      view: {
        type: 'modal',
        title: { type: 'plain_text', text: 'Carbon' },
        close: { type: 'plain_text', text: 'Close' },
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text, verbatim: true } }],
      },
    });
    return;
  }
  await ack();
  await respond?.({ response_type: 'ephemeral', replace_original: false, text }).catch(() => undefined);
};
