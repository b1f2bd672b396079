import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../../src/app/start.js';
import { parseConfig } from '../../src/config/env.js';
import { createLogger } from '../../src/logging/logger.js';
import { type OpenedStore, openStore } from '../../src/store/open.js';
import { SIGNING_SECRET } from '../adapters/slack/harness.js';
import { CLIENT_ID, CLIENT_SECRET, newEncryptionKey, STATE_SECRET } from '../adapters/slack/oauth-harness.js';
import { makeEmbeddedDataDir } from '../support/databases.js';
import { FakeSlack } from '../support/fake-slack.js';
import { fakeWorkspace } from '../support/fake-slack-oauth.js';
import { slashCommandForm } from '../support/fake-slack-payloads.js';
import { memorySource } from '../support/memory-source.js';

/**
 * `carbon start`'s path for Slack in many workspaces: the app with its default adapters, the
 * embedded database in a temporary CARBON_DATA_DIR handed to it, the fake Slack for the Web API,
 * OAuth and the authorize page. An install, then a command from that workspace, then a restart:
 * the installation is still there.
 */
let fake: FakeSlack;
let dataDir: string;
beforeAll(async () => {
  fake = await new FakeSlack().start();
  dataDir = await makeEmbeddedDataDir();
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ app: StartedApp; store: OpenedStore; base: string }> {
  const config = parseConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    CARBON_DATA_DIR: dataDir,
    SLACK_CLIENT_ID: CLIENT_ID,
    SLACK_CLIENT_SECRET: CLIENT_SECRET,
    SLACK_STATE_SECRET: STATE_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    CARBON_ENCRYPTION_KEY: KEY,
  });
  const logger = createLogger({ level: 'silent' });
  const store = await openStore(config, { logger });
  const app = await startApp({
    config,
    logger,
    source: { source: memorySource(), suggester: null, description: 'memory', close: async () => {} },
    store: store.state,
    database: store.database,
  });
  const base = `http://127.0.0.1:${app.address!.port}`;
  fake.oauth.configure({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUrl: `${base}/slack/oauth_redirect`,
  });
  return { app, store, base };
}

const KEY = newEncryptionKey();
const GREEN = fakeWorkspace('TGREEN01', 'Green Team');

describe('carbon start with Slack for many workspaces', () => {
  it('installs a workspace, answers it with its own token, and still has it after a restart', async () => {
    let { app, store, base } = await start();
    expect(app.adapters.map((adapter) => adapter.description)).toEqual([
      'Slack (HTTP, POST /slack/events; many workspaces: OAuth installs at GET /slack/install, redirect /slack/oauth_redirect)',
    ]);
    fake.oauth.approveAs(GREEN);
    const install = await fetch(`${base}/slack/install`, { redirect: 'manual' });
    const cookie = (install.headers.get('set-cookie') ?? '').split(';')[0]!;
    const authorize = await fetch(install.headers.get('location')!, { redirect: 'manual' });
    const callback = await fetch(authorize.headers.get('location')!, { headers: { cookie } });
    expect(callback.status).toBe(200);
    await app.stop();
    await store.close();

    ({ app, store, base } = await start());
    try {
      const form = await fake.send(
        `${base}/slack/events`,
        slashCommandForm('recipe', fake.responseUrl(), { team_id: GREEN.teamId, trigger_id: '7.7.7' }),
        SIGNING_SECRET,
      );
      expect(form.status).toBe(200);
      const opened = await fake.nextWebApiCall('views.open');
      expect(opened.token).toBe(fake.oauth.tokensOf(GREEN.teamId)[0]);
    } finally {
      await app.stop();
      await store.close();
    }
  });
});
