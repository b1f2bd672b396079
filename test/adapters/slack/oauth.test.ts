import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SLACK_BOT_SCOPES, SLACK_OAUTH_REDIRECT_PATH } from '../../../src/adapters/slack/oauth.js';
import { SHARE_ACTION_ID } from '../../../src/render/slack-buttons.js';
import { workspaceKey } from '../../../src/store/keys.js';
import { migrate } from '../../../src/store/migrate.js';
import { SqlInstallationStore } from '../../../src/store/slack-installations.js';
import type { Database } from '../../../src/store/sql.js';
import { TokenCipher, TokenDecryptionError } from '../../../src/store/token-cipher.js';
import { describePostgres, openTestEmbedded, openTestPostgres } from '../../support/databases.js';
import { fakeWorkspace } from '../../support/fake-slack-oauth.js';
import { buttonPayload, eventCallbackBody } from '../../support/fake-slack-payloads.js';
import { SIGNING_SECRET } from './harness.js';
import {
  CLIENT_SECRET,
  newEncryptionKey,
  type OAuthHarness,
  type OAuthHarnessOptions,
  STATE_SECRET,
  startOAuthHarness,
} from './oauth-harness.js';

const GREEN = fakeWorkspace('TGREEN01', 'Green Team');
const BLUE = fakeWorkspace('TBLUE001', 'Blue Team');

const workspaceQuery = (teamId: string) => ({
  teamId,
  enterpriseId: undefined,
  isEnterpriseInstall: false as const,
});

type Card = { blocks: { type: string; elements?: { action_id: string; value: string }[] }[] };

/** The Share button's value on a private card. */
function shareValue(card: unknown): string {
  const actions = (card as Card).blocks.find((block) => block.type === 'actions');
  const button = actions?.elements?.find((element) => element.action_id === SHARE_ACTION_ID);
  if (button === undefined) throw new Error('no Share button on the card');
  return button.value;
}

/** What a browser's install run leaves in the log and the database must never hold in the clear. */
function expectNoSecretIn(text: string, h: OAuthHarness, ...teams: string[]): void {
  for (const secret of [CLIENT_SECRET, STATE_SECRET, SIGNING_SECRET, ...h.fake.oauth.issuedCodes()]) {
    expect(text).not.toContain(secret);
  }
  for (const team of teams) {
    for (const token of h.fake.oauth.tokensOf(team)) expect(text).not.toContain(token);
    for (const { token } of h.fake.oauth.refreshTokensOf(team)) expect(text).not.toContain(token);
  }
}

/** A state signed like the bot's, with another secret: well-formed, not the bot's. */
function forgedState(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ installOptions: { scopes: ['commands'] }, now: new Date().toJSON(), random: 1 })}`;
  return `${body}.${createHmac('sha256', 'not-the-state-secret').update(body).digest('base64url')}`;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function describeOAuth(name: string, open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  describe(`${name}: Slack for many workspaces (OAuth)`, () => {
    let database: { db: Database; cleanup(): Promise<void> };
    let h: OAuthHarness;
    const harnesses: OAuthHarness[] = [];
    const start = async (options: OAuthHarnessOptions = {}) => {
      const started = await startOAuthHarness(database.db, options);
      harnesses.push(started);
      return started;
    };

    beforeAll(async () => {
      database = await open();
      await migrate(database.db);
    });
    afterAll(async () => {
      await database.cleanup();
    });
    beforeEach(async () => {
      await database.db.query('TRUNCATE slack_installations CASCADE');
      await database.db.query('TRUNCATE state_entries');
      h = await start();
    });
    afterEach(async () => {
      for (const each of harnesses) expectNoSecretIn(each.logs.text, each, GREEN.teamId, BLUE.teamId);
      await Promise.all(harnesses.splice(0).map((each) => each.close()));
    });

    it('installs a workspace: /slack/install redirects to the authorize page with a state, the redirect stores it', async () => {
      const run = await h.installAs(GREEN);
      expect(run.install.status).toBe(302);
      const authorize = new URL(run.install.headers.get('location')!);
      // SLACK_API_URL's host serves the authorize page too: http://127.0.0.1:…/api/ → …/oauth/v2/authorize.
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        new URL('/oauth/v2/authorize', h.fake.apiUrl).href,
      );
      expect(authorize.searchParams.get('client_id')).toBe('1111111111.2222222222');
      expect(authorize.searchParams.get('scope')).toBe(SLACK_BOT_SCOPES.join(','));
      const state = authorize.searchParams.get('state');
      expect(state).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // The browser keeps the state in a cookie; the redirect must bring both back.
      expect(run.cookie).toBe(`slack-app-oauth-state=${state}`);
      expect(run.install.headers.get('set-cookie')).toMatch(/HttpOnly/);

      expect(new URL(run.callbackUrl).pathname).toBe(SLACK_OAUTH_REDIRECT_PATH);
      expect(run.callback.status).toBe(200);
      expect(run.callbackText).toContain('Thank you');
      expect(h.fake.oauth.grants).toEqual([{ grantType: 'authorization_code', ok: true }]);

      const stored = await h.installations.fetchInstallation(workspaceQuery(GREEN.teamId));
      expect(stored.bot?.token).toBe(h.fake.oauth.tokensOf(GREEN.teamId)[0]);
      expect(stored.bot).toMatchObject({ userId: GREEN.botUserId, id: GREEN.botId });
      expect(stored.team).toEqual({ id: GREEN.teamId, name: 'Green Team' });
      expect(stored.bot?.scopes).toEqual([...SLACK_BOT_SCOPES]);
      await h.logs.waitFor('Slack app installed in a workspace');
    });

    it('refuses a redirect with no state, a forged state, no state cookie, or a state used already', async () => {
      const redirect = `${h.baseUrl}${SLACK_OAUTH_REDIRECT_PATH}`;
      const noState = await fetch(`${redirect}?code=123.456`);
      expect(noState.status).toBe(400);
      expect(await noState.text()).toContain('This install link has expired');

      const forged = forgedState();
      const withForged = await fetch(`${redirect}?code=123.456&state=${forged}`, {
        headers: { cookie: `slack-app-oauth-state=${forged}` },
      });
      expect(withForged.status).toBe(400);

      const run = await h.installAs(GREEN);
      expect(run.callback.status).toBe(200);
      // The same redirect again (a second tab, a leaked URL, the other replica): refused before any exchange.
      const again = await fetch(run.callbackUrl, { headers: { cookie: run.cookie } });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('was used already');

      // A state that comes back to another browser (no cookie, as a CSRF attempt would): refused.
      h.fake.oauth.approveAs(BLUE);
      const install = await fetch(`${h.baseUrl}/slack/install`, { redirect: 'manual' });
      const authorize = await fetch(install.headers.get('location')!, { redirect: 'manual' });
      const otherBrowser = await fetch(authorize.headers.get('location')!);
      expect(otherBrowser.status).toBe(400);

      expect(h.fake.oauth.grants).toEqual([{ grantType: 'authorization_code', ok: true }]);
      await expect(h.installations.fetchInstallation(workspaceQuery(BLUE.teamId))).rejects.toThrow(
        'no Slack installation for T:TBLUE001',
      );
      expect(h.logs.text).toContain('"reason":"bad_state"');
      // A visitor's stale or reused link is a warning, not an error to page someone about.
      expect(h.logs.lines.filter((line) => line.includes('"level":50'))).toEqual([]);
    });

    it('says so when the installing user cancels, and when Slack refuses the exchange', async () => {
      const cancelled = await h.installAs('deny');
      expect(cancelled.callback.status).toBe(400);
      expect(cancelled.callbackText).toContain('The installation was cancelled');

      h.fake.oauth.configure({ ...h.fake.oauth.app!, clientSecret: 'rotated-in-slack-since' });
      const refused = await h.installAs(GREEN);
      expect(refused.callback.status).toBe(502);
      expect(refused.callbackText).toContain('Slack refused the installation (bad_client_secret)');
      expect(refused.callbackText).toContain('href="/slack/install"');
      await expect(h.installations.fetchInstallation(workspaceQuery(GREEN.teamId))).rejects.toThrow();
    });

    it("answers each workspace's commands and buttons with that workspace's own token", async () => {
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      expect((await h.installAs(BLUE)).callback.status).toBe(200);
      const [greenToken] = h.fake.oauth.tokensOf(GREEN.teamId);
      const [blueToken] = h.fake.oauth.tokensOf(BLUE.teamId);

      // A command answered in its ack: authorised through Green's installation.
      const answer = await h.command(GREEN.teamId, 'product oat milk');
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.json)).toContain('Oat drink');

      // /carbon recipe opens the form with views.open: a Web API call, with Green's token.
      const form = await h.command(GREEN.teamId, 'recipe');
      expect(form.text).toBe('');
      const opened = await h.fake.nextWebApiCall('views.open');
      expect(opened.token).toBe(greenToken);
      expect(opened.team).toBe(GREEN.teamId);

      // Share in Blue posts with Blue's token.
      const card = (await h.command(BLUE.teamId, 'product oat milk')).json;
      const responseUrl = h.fake.responseUrl('action');
      const pressed = await h.press(
        BLUE.teamId,
        buttonPayload(SHARE_ACTION_ID, shareValue(card), responseUrl),
      );
      expect(pressed.status).toBe(200);
      const post = await h.fake.nextWebApiCall('chat.postMessage');
      expect(post.token).toBe(blueToken);
      expect(post.team).toBe(BLUE.teamId);
      expect(
        h.fake.webApiCalls.filter((call) => call.method !== 'oauth.v2.access' && call.token === null),
      ).toEqual([]);
    });

    it('tells a workspace with no installation so, in the ack, and runs nothing', async () => {
      const answer = await h.command('TNOWHERE', 'product oat milk');
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ response_type: 'ephemeral' });
      expect(String(answer.json?.text)).toContain('Carbon is not installed in this workspace');
      expect(h.source.calls).toEqual([]);

      const responseUrl = h.fake.responseUrl('action');
      const pressed = await h.press(
        'TNOWHERE',
        buttonPayload(SHARE_ACTION_ID, '{"k":"product","q":"oat milk"}', responseUrl),
      );
      expect(pressed.status).toBe(200);
      const notice = await h.fake.nextResponse(responseUrl);
      expect(String(notice.body.text)).toContain('Carbon is not installed in this workspace');
      expect(h.fake.callsTo('chat.postMessage')).toEqual([]);
    });

    it('refreshes a rotating token before it expires, once for requests arriving together, and stores the new pair sealed', async () => {
      // Tokens that expire within the two-hour window are refreshed on their next use.
      h.fake.oauth.configure({ ...h.fake.oauth.app!, tokenRotation: true, expiresInS: 3_600 });
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      const installed = await h.installations.fetchInstallation(workspaceQuery(GREEN.teamId));
      const [firstToken] = h.fake.oauth.tokensOf(GREEN.teamId);
      expect(installed.bot?.token).toBe(firstToken);
      expect(installed.bot?.refreshToken).toMatch(/^xoxe-1-/);
      expect(installed.bot?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3_000);

      h.fake.oauth.configure({ ...h.fake.oauth.app!, expiresInS: 43_200 });
      const forms = await Promise.all([h.command(GREEN.teamId, 'recipe'), h.command(GREEN.teamId, 'recipe')]);
      expect(forms.map((form) => form.status)).toEqual([200, 200]);
      await waitUntil(async () => h.fake.callsTo('views.open').length === 2);

      expect(h.fake.oauth.grants.filter((grant) => grant.grantType === 'refresh_token')).toEqual([
        { grantType: 'refresh_token', ok: true },
      ]);
      const tokens = h.fake.oauth.tokensOf(GREEN.teamId);
      expect(tokens).toHaveLength(2);
      // Each request used a working token: the new one, or the old one while another refreshed it.
      for (const call of h.fake.callsTo('views.open')) expect(tokens).toContain(call.token);
      expect(h.fake.callsTo('views.open').some((call) => call.token === tokens[1])).toBe(true);

      const refreshed = await h.installations.fetchInstallation(workspaceQuery(GREEN.teamId));
      expect(refreshed.bot?.token).toBe(tokens[1]);
      const refreshTokens = h.fake.oauth.refreshTokensOf(GREEN.teamId);
      expect(refreshTokens.map((each) => each.used)).toEqual([true, false]);
      expect(refreshed.bot?.refreshToken).toBe(refreshTokens[1]!.token);
      expect(refreshed.bot?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 40_000);

      // The next command needs no refresh.
      await h.command(GREEN.teamId, 'recipe');
      await waitUntil(async () => h.fake.callsTo('views.open').length === 3);
      expect(h.fake.callsTo('views.open')[2]!.token).toBe(tokens[1]);
      expect(h.fake.oauth.grants.filter((grant) => grant.grantType === 'refresh_token')).toHaveLength(1);
      const dump = JSON.stringify((await database.db.query('SELECT * FROM slack_installations')).rows);
      for (const secret of [...tokens, ...refreshTokens.map((each) => each.token)])
        expect(dump).not.toContain(secret);
    });

    it('refreshes a token that has already expired before answering with it', async () => {
      h.fake.oauth.configure({ ...h.fake.oauth.app!, tokenRotation: true, expiresInS: 1 });
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      h.fake.oauth.configure({ ...h.fake.oauth.app!, expiresInS: 43_200 });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const [expired] = h.fake.oauth.tokensOf(GREEN.teamId);
      expect(h.fake.oauth.check(expired!)).toEqual({ error: 'token_expired' });

      await h.command(GREEN.teamId, 'recipe');
      const opened = await h.fake.nextWebApiCall('views.open');
      expect(opened.token).toBe(h.fake.oauth.tokensOf(GREEN.teamId)[1]);
      expect(h.fake.openedViews).toHaveLength(1);
    });

    it("deletes a workspace's installation and state on app_uninstalled, and only that workspace's", async () => {
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      expect((await h.installAs(BLUE)).callback.status).toBe(200);
      await h.state.set(workspaceKey('slack', GREEN.teamId, 'compare', 'abc'), { options: ['dal'] }, 60_000);
      await h.state.set(workspaceKey('slack', BLUE.teamId, 'compare', 'def'), { options: ['dal'] }, 60_000);

      h.fake.oauth.revokeWorkspace(GREEN.teamId);
      // Everything under Green's prefix goes: its comparison, the claims of its requests so far, and
      // the claim of this very event (so Slack's retry of it is handled again, harmlessly).
      const keysOfGreen = (
        await h.database.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM state_entries WHERE key LIKE 'ws:slack:${GREEN.teamId}:%'`,
        )
      ).rows[0]!.n;
      const body = eventCallbackBody(GREEN.teamId, { type: 'app_uninstalled' });
      const answer = await h.event(body);
      expect(answer.status).toBe(200);
      await h.logs.waitFor("deleted the Slack workspace's data");

      await expect(h.installations.fetchInstallation(workspaceQuery(GREEN.teamId))).rejects.toThrow(
        'no Slack installation for T:TGREEN01',
      );
      expect(await h.state.get(workspaceKey('slack', GREEN.teamId, 'compare', 'abc'))).toBeNull();
      expect((await h.installations.fetchInstallation(workspaceQuery(BLUE.teamId))).bot?.token).toBe(
        h.fake.oauth.tokensOf(BLUE.teamId)[0],
      );
      expect(await h.state.get(workspaceKey('slack', BLUE.teamId, 'compare', 'def'))).not.toBeNull();
      expect(h.logs.text).toContain(`"stateKeys":${keysOfGreen + 1}`);

      // Slack retrying the event changes nothing and fails nothing.
      expect((await h.event(body)).status).toBe(200);
      await waitUntil(
        async () =>
          h.logs.lines.filter((line) => line.includes("deleted the Slack workspace's data")).length === 2,
      );
      expect(h.logs.text).not.toContain('could not delete');

      // Green's commands are now told the app is gone.
      const answerAfter = await h.command(GREEN.teamId, 'product oat milk');
      expect(String(answerAfter.json?.text)).toContain('Carbon is not installed in this workspace');
    });

    it('on tokens_revoked, deletes the workspace when the bot token goes, and keeps it when only user tokens go', async () => {
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      expect((await h.installAs(BLUE)).callback.status).toBe(200);
      const users = await h.event(
        eventCallbackBody(BLUE.teamId, { type: 'tokens_revoked', tokens: { oauth: ['U0SOMEONE'] } }),
      );
      expect(users.status).toBe(200);
      await h.logs.waitFor('"event":"tokens_revoked"');
      expect((await h.installations.fetchInstallation(workspaceQuery(BLUE.teamId))).team?.id).toBe(
        BLUE.teamId,
      );

      const bot = await h.event(
        eventCallbackBody(GREEN.teamId, { type: 'tokens_revoked', tokens: { bot: [GREEN.botUserId] } }),
      );
      expect(bot.status).toBe(200);
      await waitUntil(async () =>
        h.installations.fetchInstallation(workspaceQuery(GREEN.teamId)).then(
          () => false,
          () => true,
        ),
      );
      expect((await h.installations.fetchInstallation(workspaceQuery(BLUE.teamId))).team?.id).toBe(
        BLUE.teamId,
      );
    });

    it('keeps every token sealed in the database, unreadable without CARBON_ENCRYPTION_KEY', async () => {
      h.fake.oauth.configure({ ...h.fake.oauth.app!, tokenRotation: true });
      expect((await h.installAs(GREEN)).callback.status).toBe(200);
      const dump = JSON.stringify([
        (await database.db.query('SELECT * FROM slack_installations')).rows,
        (await database.db.query('SELECT * FROM slack_installation_users')).rows,
        (await database.db.query('SELECT * FROM state_entries')).rows,
      ]);
      expect(dump).toContain(GREEN.teamId);
      expectNoSecretIn(dump, h, GREEN.teamId);
      expect(dump).not.toMatch(/xox[bpe]/);

      const withAnotherKey = new SqlInstallationStore(database.db, new TokenCipher(randomBytes(32)));
      await expect(withAnotherKey.fetchInstallation(workspaceQuery(GREEN.teamId))).rejects.toBeInstanceOf(
        TokenDecryptionError,
      );

      // A bot started with the wrong key cannot use the installation: the user is told, and the log says why.
      const wrongKey = await start({ encryptionKey: newEncryptionKey() });
      wrongKey.fake.oauth.configure({ ...h.fake.oauth.app! });
      const answer = await wrongKey.command(GREEN.teamId, 'product oat milk');
      expect(answer.status).toBe(200);
      expect(String(answer.json?.text)).toContain('can’t read this workspace’s installation');
      await wrongKey.logs.waitFor('could not read the Slack installation');
      expect(wrongKey.logs.text).toContain('TokenDecryptionError');
    });
  });
}

describeOAuth('embedded database', openTestEmbedded);
describePostgres('PostgreSQL', () => {
  describeOAuth('PostgreSQL', openTestPostgres);
});
