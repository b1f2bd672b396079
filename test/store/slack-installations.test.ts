import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workspaceKey } from '../../src/store/keys.js';
import { migrate } from '../../src/store/migrate.js';
import { reencryptSecrets } from '../../src/store/reencrypt.js';
import { SqlInstallationStore } from '../../src/store/slack-installations.js';
import type { Database } from '../../src/store/sql.js';
import { SqlStateStore } from '../../src/store/sql-state-store.js';
import { TokenCipher, TokenDecryptionError } from '../../src/store/token-cipher.js';
import { deleteSlackWorkspaceData, handleTokensRevoked } from '../../src/store/workspace-data.js';
import { describePostgres, openTestEmbedded, openTestPostgres } from '../support/databases.js';

/** What @slack/oauth's InstallProvider builds from an oauth.v2.access answer with token rotation on. */
function workspaceInstall(team = 'T0001', suffix = '1'): Installation<'v2', false> {
  return {
    team: { id: team, name: 'Green Team' },
    enterprise: undefined,
    user: {
      id: 'U0INSTALLER',
      token: `xoxp-user-token-${suffix}`,
      refreshToken: `xoxe-1-user-refresh-${suffix}`,
      expiresAt: 1_900_000_000,
      scopes: ['search:read'],
    },
    tokenType: 'bot',
    isEnterpriseInstall: false,
    appId: 'A0001',
    authVersion: 'v2',
    bot: {
      scopes: ['commands', 'chat:write'],
      token: `xoxb-bot-token-${suffix}`,
      refreshToken: `xoxe-1-bot-refresh-${suffix}`,
      expiresAt: 1_900_000_000,
      userId: 'U0BOT',
      id: 'B0001',
    },
    incomingWebhook: {
      url: `https://hooks.slack.com/services/${team}/B0001/webhook-secret-${suffix}`,
      channel: '#general',
      channelId: 'C0001',
      configurationUrl: 'https://green.slack.com/services/B0001',
    },
  };
}

function orgInstall(): Installation<'v2', true> {
  return {
    team: undefined,
    enterprise: { id: 'E0001', name: 'Green Org' },
    enterpriseUrl: 'https://green-org.enterprise.slack.com/',
    user: { id: 'U0ADMIN', token: undefined, scopes: undefined },
    tokenType: 'bot',
    isEnterpriseInstall: true,
    appId: 'A0001',
    authVersion: 'v2',
    bot: { scopes: ['commands'], token: 'xoxb-org-bot-token', userId: 'U0ORGBOT', id: 'B0ORG' },
  };
}

const SECRETS = [
  'xoxp-user-token',
  'xoxe-1-user-refresh',
  'xoxb-bot-token',
  'xoxe-1-bot-refresh',
  'webhook-secret',
  'xoxb-org',
];

function describeInstallationStore(name: string, database: () => Database): void {
  describe(`${name}: Slack installations`, () => {
    let cipher: TokenCipher;
    let store: SqlInstallationStore;
    let state: SqlStateStore;
    beforeEach(async () => {
      await database().query('TRUNCATE slack_installations CASCADE');
      await database().query('TRUNCATE state_entries');
      cipher = new TokenCipher(randomBytes(32));
      store = new SqlInstallationStore(database(), cipher);
      state = new SqlStateStore(database());
    });

    it('returns a workspace install as stored, rotation fields and webhook included', async () => {
      const install = workspaceInstall();
      await store.storeInstallation(install);
      expect(
        await store.fetchInstallation({
          teamId: 'T0001',
          enterpriseId: undefined,
          isEnterpriseInstall: false,
        }),
      ).toEqual(install);
    });

    it('keeps organisation-wide and workspace installs apart', async () => {
      await store.storeInstallation(orgInstall());
      await store.storeInstallation({
        ...workspaceInstall('T0002'),
        enterprise: { id: 'E0001', name: 'Green Org' },
      });
      const org = await store.fetchInstallation({
        enterpriseId: 'E0001',
        teamId: undefined,
        isEnterpriseInstall: true,
      });
      expect(org.bot?.token).toBe('xoxb-org-bot-token');
      expect(org.isEnterpriseInstall).toBe(true);
      const workspace = await store.fetchInstallation({
        teamId: 'T0002',
        enterpriseId: 'E0001',
        isEnterpriseInstall: false,
      });
      expect(workspace.bot?.token).toBe('xoxb-bot-token-1');
      await expect(
        store.fetchInstallation({ teamId: 'T9999', enterpriseId: undefined, isEnterpriseInstall: false }),
      ).rejects.toThrow('no Slack installation for T:T9999');
    });

    it('keeps every token out of the database in the clear, and unreadable without the key', async () => {
      await store.storeInstallation(workspaceInstall());
      await store.storeInstallation(orgInstall());
      const dump = JSON.stringify([
        (await database().query('SELECT * FROM slack_installations')).rows,
        (await database().query('SELECT * FROM slack_installation_users')).rows,
      ]);
      expect(dump).toContain('T0001');
      for (const secret of SECRETS) expect(dump).not.toContain(secret);
      const withoutKey = new SqlInstallationStore(database(), new TokenCipher(randomBytes(32)));
      await expect(
        withoutKey.fetchInstallation({
          teamId: 'T0001',
          enterpriseId: undefined,
          isEnterpriseInstall: false,
        }),
      ).rejects.toThrow(TokenDecryptionError);
    });

    it('refuses a token row copied into another workspace', async () => {
      await store.storeInstallation(workspaceInstall('T0001', 'a'));
      await store.storeInstallation(workspaceInstall('T0002', 'b'));
      await database().query(
        `UPDATE slack_installations SET secrets = (SELECT secrets FROM slack_installations WHERE id = 'T:T0001') WHERE id = 'T:T0002'`,
      );
      await expect(
        store.fetchInstallation({ teamId: 'T0002', enterpriseId: undefined, isEnterpriseInstall: false }),
      ).rejects.toThrow(/failed authentication/);
    });

    it('gives each user their own token, and the installer without one to a user who has none', async () => {
      await store.storeInstallation(workspaceInstall());
      await store.storeInstallation({
        ...workspaceInstall(),
        user: { id: 'U0OTHER', token: 'xoxp-other', scopes: ['search:read'] },
      });
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      expect((await store.fetchInstallation({ ...query, userId: 'U0INSTALLER' })).user.token).toBe(
        'xoxp-user-token-1',
      );
      expect((await store.fetchInstallation({ ...query, userId: 'U0OTHER' })).user.token).toBe('xoxp-other');
      const stranger = await store.fetchInstallation({ ...query, userId: 'U0STRANGER' });
      expect(stranger.user).toEqual({ id: 'U0OTHER', token: undefined, scopes: undefined });
      expect(stranger.bot?.token).toBe('xoxb-bot-token-1');
    });

    it('saves rotated tokens as Bolt’s authorize does, without wiping a user token it does not carry', async () => {
      await store.storeInstallation(workspaceInstall());
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      // authorize() fetches for the event's user, refreshes the bot token, stores the result.
      const fetched = await store.fetchInstallation({ ...query, userId: 'U0NOTOKEN' });
      fetched.bot = {
        ...fetched.bot!,
        token: 'xoxb-rotated',
        refreshToken: 'xoxe-1-rotated',
        expiresAt: 1_950_000_000,
      };
      await store.storeInstallation(fetched);
      const after = await store.fetchInstallation({ ...query, userId: 'U0INSTALLER' });
      expect(after.bot).toMatchObject({
        token: 'xoxb-rotated',
        refreshToken: 'xoxe-1-rotated',
        expiresAt: 1_950_000_000,
      });
      expect(after.user.token).toBe('xoxp-user-token-1');
    });

    it('deletes one user’s token, or the whole installation', async () => {
      await store.storeInstallation(workspaceInstall());
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      await store.deleteInstallation({ ...query, userId: 'U0INSTALLER' });
      const installation = await store.fetchInstallation({ ...query, userId: 'U0INSTALLER' });
      expect(installation.user.token).toBeUndefined();
      expect(installation.bot?.token).toBe('xoxb-bot-token-1');
      await store.deleteInstallation(query);
      await expect(store.fetchInstallation(query)).rejects.toThrow('no Slack installation');
      const { rows } = await database().query('SELECT * FROM slack_installation_users');
      expect(rows).toEqual([]);
    });

    it('on app_uninstalled, deletes the workspace’s installation and state, and no other’s', async () => {
      await store.storeInstallation(workspaceInstall('T0001'));
      await store.storeInstallation(workspaceInstall('T0002'));
      await state.set(workspaceKey('slack', 'T0001', 'compare', 'c1'), { options: ['a', 'b'] }, 60_000);
      await state.set(workspaceKey('slack', 'T0001', 'poll', 'c1', 'C1'), 'm1', 60_000);
      await state.set(workspaceKey('slack', 'T0002', 'compare', 'c2'), { options: ['c'] }, 60_000);
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      const deleted = await deleteSlackWorkspaceData({ installations: store, state }, query);
      expect(deleted).toEqual({ installation: true, users: 0, stateKeys: 2 });
      await expect(store.fetchInstallation(query)).rejects.toThrow('no Slack installation');
      expect(await state.get(workspaceKey('slack', 'T0002', 'compare', 'c2'))).toEqual({ options: ['c'] });
      expect(
        (
          await store.fetchInstallation({
            teamId: 'T0002',
            enterpriseId: undefined,
            isEnterpriseInstall: false,
          })
        ).bot?.token,
      ).toBe('xoxb-bot-token-1');
    });

    it('on tokens_revoked, drops revoked user tokens only, or everything when the bot’s is revoked', async () => {
      await store.storeInstallation(workspaceInstall());
      await state.set(workspaceKey('slack', 'T0001', 'compare', 'c1'), 1, 60_000);
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      const stores = { installations: store, state };
      expect(await handleTokensRevoked(stores, query, { oauth: ['U0INSTALLER'] })).toEqual({
        installation: false,
        users: 1,
        stateKeys: 0,
      });
      expect((await store.fetchInstallation({ ...query, userId: 'U0INSTALLER' })).user.token).toBeUndefined();
      expect(await handleTokensRevoked(stores, query, { bot: ['U0BOT'] })).toMatchObject({
        installation: true,
        stateKeys: 1,
      });
      await expect(store.fetchInstallation(query)).rejects.toThrow('no Slack installation');
    });

    it('moves every token to a new key (rotation), after which the old key is not needed', async () => {
      const oldKey = randomBytes(32);
      const oldStore = new SqlInstallationStore(database(), new TokenCipher(oldKey));
      await oldStore.storeInstallation(workspaceInstall());
      const newKey = randomBytes(32);
      const rotating = new TokenCipher(newKey, [oldKey]);
      const query = { teamId: 'T0001', enterpriseId: undefined, isEnterpriseInstall: false } as const;
      expect((await new SqlInstallationStore(database(), rotating).fetchInstallation(query)).bot?.token).toBe(
        'xoxb-bot-token-1',
      );
      expect(await reencryptSecrets(database(), rotating)).toEqual({ installations: 1, users: 1 });
      expect(await reencryptSecrets(database(), rotating)).toEqual({ installations: 0, users: 0 });
      const newOnly = new SqlInstallationStore(database(), new TokenCipher(newKey));
      expect(await newOnly.fetchInstallation({ ...query, userId: 'U0INSTALLER' })).toEqual(
        workspaceInstall(),
      );
      await expect(oldStore.fetchInstallation(query)).rejects.toThrow(TokenDecryptionError);
    });
  });
}

describe('the embedded database', () => {
  let embedded: Awaited<ReturnType<typeof openTestEmbedded>>;
  beforeAll(async () => {
    embedded = await openTestEmbedded();
    await migrate(embedded.db);
  });
  afterAll(async () => {
    await embedded?.cleanup();
  });
  describeInstallationStore('embedded', () => embedded.db);
});

describePostgres('PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof openTestPostgres>>;
  beforeAll(async () => {
    server = await openTestPostgres();
    await migrate(server.db);
  });
  afterAll(async () => {
    await server?.cleanup();
  });
  describeInstallationStore('PostgreSQL', () => server.db);
});
