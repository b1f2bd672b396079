import { randomBytes } from 'node:crypto';
import type { RunningAdapter } from '../../../src/adapters/context.js';
import { createSlackStarter } from '../../../src/adapters/slack/index.js';
import { SLACK_INSTALL_PATH, SLACK_OAUTH_REDIRECT_PATH } from '../../../src/adapters/slack/oauth.js';
import { parseConfig } from '../../../src/config/env.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { SqlInstallationStore } from '../../../src/store/slack-installations.js';
import type { Database } from '../../../src/store/sql.js';
import { SqlStateStore } from '../../../src/store/sql-state-store.js';
import { TokenCipher } from '../../../src/store/token-cipher.js';
import { FakeSlack } from '../../support/fake-slack.js';
import type { FakeOAuthApp, FakeWorkspace } from '../../support/fake-slack-oauth.js';
import { interactionForm, slashCommandForm } from '../../support/fake-slack-payloads.js';
import { answering } from '../../support/services.js';
import { LogCapture, SIGNING_SECRET } from './harness.js';
import { ScriptedSource } from './scripted-source.js';

export const CLIENT_ID = '1111111111.2222222222';
export const CLIENT_SECRET = 'client-secret-0123456789abcdef0123';
export const STATE_SECRET = 'state-secret-0123456789abcdef-0123';

/** A fresh 32-byte key, base64, as CARBON_ENCRYPTION_KEY takes it. */
export const newEncryptionKey = () => randomBytes(32).toString('base64');

export interface InstallRun {
  /** /slack/install's answer: the redirect to Slack's authorize page, and the state cookie. */
  install: Response;
  /** The state cookie as the browser sends it back (`slack-app-oauth-state=…`). */
  cookie: string;
  /** The authorize page's redirect back to the bot, with code and state. */
  callbackUrl: string;
  /** The bot's answer to the redirect. */
  callback: Response;
  callbackText: string;
}

export interface OAuthHarness {
  fake: FakeSlack;
  http: BotHttpServer;
  adapter: RunningAdapter;
  logs: LogCapture;
  source: ScriptedSource;
  state: SqlStateStore;
  /** The database the bot keeps its state and installations in. */
  database: Database;
  /** The installations as stored, read with the bot's key (for asserting on what was kept). */
  installations: SqlInstallationStore;
  baseUrl: string;
  eventsUrl: string;
  /** The whole install flow as a browser walks it, approved by `workspace` (or denied). */
  installAs(workspace: FakeWorkspace | 'deny'): Promise<InstallRun>;
  /** `/carbon <text>` typed in `teamId`'s workspace, each with its own trigger_id. */
  command(teamId: string, text: string, responseUrl?: string): ReturnType<FakeSlack['send']>;
  /** A button pressed in `teamId`'s workspace. */
  press(teamId: string, payload: Record<string, unknown>): ReturnType<FakeSlack['send']>;
  /** An Events API callback for `teamId`. */
  event(body: string): ReturnType<FakeSlack['send']>;
  close(): Promise<void>;
}

export interface OAuthHarnessOptions {
  app?: Partial<FakeOAuthApp>;
  encryptionKey?: string;
  env?: Record<string, string>;
}

/** The bot in OAuth mode (many workspaces) on `database`, against the fake Slack, over real HTTP. */
export async function startOAuthHarness(
  database: Database,
  options: OAuthHarnessOptions = {},
): Promise<OAuthHarness> {
  const fake = await new FakeSlack().start();
  const logs = new LogCapture();
  const http = new BotHttpServer(logs.logger);
  const source = new ScriptedSource();
  const key = options.encryptionKey ?? newEncryptionKey();
  const config = parseConfig({
    SLACK_CLIENT_ID: CLIENT_ID,
    SLACK_CLIENT_SECRET: CLIENT_SECRET,
    SLACK_STATE_SECRET: STATE_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    CARBON_ENCRYPTION_KEY: key,
    ...options.env,
  });
  const state = new SqlStateStore(database);
  const adapter = await createSlackStarter({ ackBudgetMs: 500, retries: 0 })({
    config,
    logger: logs.logger,
    ...answering(source, logs.logger, state),
    database,
    suggester: null,
    http,
  });
  if (adapter === null) throw new Error('Slack adapter did not start');
  const address = await http.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  fake.oauth.configure({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUrl: `${baseUrl}${SLACK_OAUTH_REDIRECT_PATH}`,
    ...options.app,
  });
  const eventsUrl = `${baseUrl}/slack/events`;
  const installations = new SqlInstallationStore(database, new TokenCipher(Buffer.from(key, 'base64')));
  let triggers = 0;

  return {
    fake,
    http,
    adapter,
    logs,
    source,
    state,
    database,
    installations,
    baseUrl,
    eventsUrl,
    async installAs(workspace) {
      fake.oauth.approveAs(workspace);
      const install = await fetch(`${baseUrl}${SLACK_INSTALL_PATH}`, { redirect: 'manual' });
      const cookie = (install.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const authorize = await fetch(install.headers.get('location') ?? 'about:blank', { redirect: 'manual' });
      const callbackUrl = authorize.headers.get('location') ?? '';
      const callback = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie } });
      return { install, cookie, callbackUrl, callback, callbackText: await callback.text() };
    },
    command: (teamId, text, responseUrl = fake.responseUrl()) => {
      triggers += 1;
      return fake.send(
        eventsUrl,
        slashCommandForm(text, responseUrl, { team_id: teamId, trigger_id: `9.${teamId}.${triggers}` }),
        SIGNING_SECRET,
      );
    },
    press: (teamId, payload) =>
      fake.send(
        eventsUrl,
        interactionForm({
          ...payload,
          team: { id: teamId, domain: teamId.toLowerCase() },
          user: { ...(payload.user as object), team_id: teamId },
        }),
        SIGNING_SECRET,
      ),
    event: (body) => fake.send(eventsUrl, body, SIGNING_SECRET, { contentType: 'application/json' }),
    async close() {
      await adapter.stop();
      await http.close();
      await fake.close();
    },
  };
}
