import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSlackStarter } from '../../../src/adapters/slack/index.js';
import { SlackConfigError, slackMode } from '../../../src/adapters/slack/mode.js';
import { slackAuthorizationUrl } from '../../../src/adapters/slack/oauth.js';
import { parseConfig } from '../../../src/config/env.js';
import { SECRET_VARIABLES } from '../../../src/config/registry.js';
import { BotHttpServer } from '../../../src/server/bot-http.js';
import { workspaceKey } from '../../../src/store/keys.js';
import { migrate } from '../../../src/store/migrate.js';
import { SqlStateStore } from '../../../src/store/sql-state-store.js';
import { openTestEmbedded, type TestEmbedded } from '../../support/databases.js';
import { FakeSlack } from '../../support/fake-slack.js';
import { eventCallbackBody } from '../../support/fake-slack-payloads.js';
import { answering } from '../../support/services.js';
import { APP_TOKEN, BOT_TOKEN, LogCapture, SIGNING_SECRET } from './harness.js';
import { CLIENT_ID, CLIENT_SECRET, newEncryptionKey, STATE_SECRET } from './oauth-harness.js';
import { ScriptedSource } from './scripted-source.js';

const OAUTH = {
  SLACK_CLIENT_ID: CLIENT_ID,
  SLACK_CLIENT_SECRET: CLIENT_SECRET,
  SLACK_STATE_SECRET: STATE_SECRET,
};

let embedded: TestEmbedded;
beforeAll(async () => {
  embedded = await openTestEmbedded();
  await migrate(embedded.db);
});
afterAll(async () => {
  await embedded.cleanup();
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function context(env: Record<string, string>, options: { database?: boolean } = {}) {
  const logs = new LogCapture();
  return {
    logs,
    context: {
      config: parseConfig(env),
      logger: logs.logger,
      ...answering(new ScriptedSource(), logs.logger),
      ...(options.database === false ? {} : { database: embedded.db }),
      suggester: null,
      http: new BotHttpServer(logs.logger),
    },
  };
}

const failure = async (env: Record<string, string>, options: { database?: boolean } = {}) => {
  const { context: ctx } = context(env, options);
  return (await createSlackStarter({ retries: 0 })(ctx).catch((error: unknown) => error)) as Error;
};

describe('Slack: which mode runs', () => {
  it('refuses SLACK_BOT_TOKEN and the OAuth variables together, saying what to unset, without echoing values', async () => {
    const error = await failure({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      ...OAUTH,
    });
    expect(error).toBeInstanceOf(SlackConfigError);
    expect(error.message).toContain('SLACK_BOT_TOKEN (one workspace)');
    expect(error.message).toContain(
      'SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET (many workspaces',
    );
    expect(error.message).toContain('unset SLACK_BOT_TOKEN');
    for (const secret of [BOT_TOKEN, CLIENT_SECRET, STATE_SECRET])
      expect(error.message).not.toContain(secret);
    // One OAuth variable beside the token is as ambiguous.
    expect(
      (
        await failure({
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          SLACK_CLIENT_ID: CLIENT_ID,
        })
      ).message,
    ).toContain('SLACK_CLIENT_ID (many workspaces');
  });

  it('refuses a half-set OAuth configuration, naming what is missing', async () => {
    const error = await failure({
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
    });
    expect(error).toBeInstanceOf(SlackConfigError);
    expect(error.message).toBe(
      'Slack: OAuth installs need SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET; SLACK_STATE_SECRET is missing. See docs/slack.md.',
    );
  });

  it('refuses OAuth without a state database or without CARBON_ENCRYPTION_KEY', async () => {
    const noDatabase = await failure(
      { SLACK_SIGNING_SECRET: SIGNING_SECRET, ...OAUTH, CARBON_ENCRYPTION_KEY: newEncryptionKey() },
      { database: false },
    );
    expect(noDatabase.message).toContain('OAuth installs are kept in the state database');
    const noKey = await failure({ SLACK_SIGNING_SECRET: SIGNING_SECRET, ...OAUTH });
    expect(noKey.message).toContain(
      'CARBON_ENCRYPTION_KEY is not set, and Slack OAuth installs (SLACK_CLIENT_ID) needs it',
    );
  });

  it('does not start, with a reason, when a mode has no way in, and stays silent with nothing set', () => {
    expect(slackMode(parseConfig({}))).toEqual({ skip: null });
    const noTransport = slackMode(parseConfig(OAUTH));
    expect('skip' in noTransport && noTransport.skip).toContain(
      'SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN',
    );
    const noCredentials = slackMode(parseConfig({ SLACK_SIGNING_SECRET: SIGNING_SECRET }));
    expect('skip' in noCredentials && noCredentials.skip).toContain(
      'SLACK_BOT_TOKEN (one workspace), or SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET (many workspaces)',
    );
  });

  it('treats the client secret and the state secret as secrets (redacted from logs)', () => {
    expect(SECRET_VARIABLES).toEqual(expect.arrayContaining(['SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET']));
    expect(SECRET_VARIABLES).not.toContain('SLACK_CLIENT_ID');
  });

  it('puts the authorize page beside SLACK_API_URL, and leaves Slack’s own by default', () => {
    expect(slackAuthorizationUrl('https://slack.com/api/')).toBe('https://slack.com/oauth/v2/authorize');
    expect(slackAuthorizationUrl('http://127.0.0.1:9/api/')).toBe('http://127.0.0.1:9/oauth/v2/authorize');
    expect(slackAuthorizationUrl(undefined)).toBeUndefined();
  });

  it('runs OAuth installs in Socket Mode too: the install routes go on the shared server, and start-up says which mode runs', async () => {
    const fake = await new FakeSlack().start();
    closers.push(() => fake.close());
    const { context: ctx, logs } = context({
      SLACK_APP_TOKEN: APP_TOKEN,
      SLACK_API_URL: fake.apiUrl,
      ...OAUTH,
      CARBON_ENCRYPTION_KEY: newEncryptionKey(),
    });
    const adapter = await createSlackStarter({ retries: 0 })({
      ...ctx,
      store: new SqlStateStore(embedded.db),
    });
    expect(adapter).not.toBeNull();
    closers.push(async () => {
      await adapter!.stop();
      await ctx.http.close();
    });
    expect(adapter!.description).toBe(
      'Slack (Socket Mode; many workspaces: OAuth installs at GET /slack/install, redirect /slack/oauth_redirect)',
    );
    await fake.connectedSocket();
    expect(fake.callsTo('apps.connections.open')[0]?.token).toBe(APP_TOKEN);
    // No token to check at start-up: nothing is installed yet.
    expect(fake.callsTo('auth.test')).toEqual([]);
    expect(logs.text).toContain(
      'Slack serves every workspace that installs the app, each with its own token',
    );
    const address = await ctx.http.listen(0, '127.0.0.1');
    const install = await fetch(`http://127.0.0.1:${address.port}/slack/install`, { redirect: 'manual' });
    expect(install.status).toBe(302);
    expect(install.headers.get('location')).toMatch(/\/oauth\/v2\/authorize\?scope=/);
  });
});

describe('Slack with one workspace and a state database', () => {
  it("deletes the workspace's state on app_uninstalled, and no other workspace's", async () => {
    const fake = await new FakeSlack().start();
    closers.push(() => fake.close());
    const state = new SqlStateStore(embedded.db);
    const { context: ctx, logs } = context({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: fake.apiUrl,
    });
    const adapter = await createSlackStarter({ retries: 0 })({ ...ctx, store: state });
    closers.push(async () => {
      await adapter!.stop();
      await ctx.http.close();
    });
    expect(adapter!.description).toBe('Slack (HTTP, POST /slack/events; one workspace: SLACK_BOT_TOKEN)');
    const address = await ctx.http.listen(0, '127.0.0.1');
    await state.set(workspaceKey('slack', fake.teamId, 'compare', 'x'), 1, 60_000);
    await state.set(workspaceKey('slack', 'TOTHER01', 'compare', 'y'), 1, 60_000);
    const answer = await fake.send(
      `http://127.0.0.1:${address.port}/slack/events`,
      eventCallbackBody(fake.teamId, { type: 'app_uninstalled' }),
      SIGNING_SECRET,
      { contentType: 'application/json' },
    );
    expect(answer.status).toBe(200);
    await logs.waitFor("deleted the Slack workspace's data");
    expect(await state.get(workspaceKey('slack', fake.teamId, 'compare', 'x'))).toBeNull();
    expect(await state.get(workspaceKey('slack', 'TOTHER01', 'compare', 'y'))).toBe(1);
    expect(logs.text).not.toContain(BOT_TOKEN);
  });
});
