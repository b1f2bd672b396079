import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Database, SqlQueryable } from './sql.js';
import type { TokenCipher } from './token-cipher.js';

type AnyInstallation = Installation<'v1' | 'v2', boolean>;
type AnyQuery = InstallationQuery<boolean>;

/** What is sealed for a workspace or organisation: the bot's tokens, and the webhook URL (it carries a token). */
interface InstallationSecrets {
  botToken?: string;
  botRefreshToken?: string;
  incomingWebhookUrl?: string;
}

interface UserSecrets {
  token?: string;
  refreshToken?: string;
}

interface InstallationRow {
  data: string;
  secrets: string;
  installer_user_id: string;
  user_data: string | null;
  user_secrets: string | null;
}

/** No installation is stored for the workspace or organisation asked for (never installed, or uninstalled). */
export class InstallationNotFoundError extends Error {
  static readonly code = 'slack_installation_not_found';
  readonly code = InstallationNotFoundError.code;
  constructor(readonly installationId: string) {
    super(`no Slack installation for ${installationId}`);
    this.name = 'InstallationNotFoundError';
  }
}

/**
 * The row id of an installation: an Enterprise Grid organisation-wide install is found by its
 * enterprise id, any other by its team (workspace) id, as @slack/oauth's own stores key them.
 */
export function installationId(query: {
  isEnterpriseInstall?: boolean | undefined;
  enterpriseId?: string | undefined;
  teamId?: string | undefined;
}): string {
  if (query.isEnterpriseInstall) {
    if (!query.enterpriseId) throw new Error('an organisation-wide installation needs its enterprise id');
    return `E:${query.enterpriseId}`;
  }
  if (!query.teamId) throw new Error('a workspace installation needs its team id');
  return `T:${query.teamId}`;
}

/** Where each sealed value belongs: a value moved to another row or field does not decrypt. */
const installationContext = (id: string) => `slack-installation:${id}`;
const userContext = (id: string, userId: string) => `slack-installation:${id}:user:${userId}`;

/**
 * @slack/oauth's InstallationStore on the state database (store/migrations/0002-…): Bolt's OAuth
 * flow stores each install here and fetches it to authorise every event. Tokens are sealed with
 * AES-256-GCM before they reach the database and opened only in this process; everything else an
 * Installation carries (names, scopes, bot ids, token expiry) is kept as it came, so fetch returns
 * what was stored (token rotation's refresh tokens and expiry times included).
 *
 * A workspace's row holds its bot; each user who granted user scopes has a row of their own.
 * Fetching with a userId returns that user's token when they have one, otherwise the installer
 * without a token (as @slack/oauth's FileInstallationStore does).
 */
export class SqlInstallationStore implements InstallationStore {
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly cipher: TokenCipher,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async storeInstallation<AuthVersion extends 'v1' | 'v2'>(
    installation: Installation<AuthVersion, boolean>,
  ): Promise<void> {
    const { user, bot, incomingWebhook, ...rest } = installation as AnyInstallation;
    const id = installationId({
      isEnterpriseInstall: rest.isEnterpriseInstall,
      enterpriseId: rest.enterprise?.id,
      teamId: rest.team?.id,
    });
    const data = {
      ...rest,
      ...(bot ? { bot: { ...bot, token: undefined, refreshToken: undefined } } : {}),
      ...(incomingWebhook ? { incomingWebhook: { ...incomingWebhook, url: undefined } } : {}),
    };
    const secrets: InstallationSecrets = {
      botToken: bot?.token,
      botRefreshToken: bot?.refreshToken,
      incomingWebhookUrl: incomingWebhook?.url,
    };
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO slack_installations
           (id, enterprise_id, team_id, is_enterprise_install, installer_user_id, data, secrets, installed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (id) DO UPDATE SET
           enterprise_id = EXCLUDED.enterprise_id, team_id = EXCLUDED.team_id,
           is_enterprise_install = EXCLUDED.is_enterprise_install,
           installer_user_id = EXCLUDED.installer_user_id, data = EXCLUDED.data,
           secrets = EXCLUDED.secrets, updated_at = EXCLUDED.updated_at`,
        [
          id,
          rest.enterprise?.id ?? null,
          rest.team?.id ?? null,
          rest.isEnterpriseInstall === true,
          user.id,
          JSON.stringify(data),
          this.cipher.seal(JSON.stringify(secrets), installationContext(id)),
          now,
        ],
      );
      await this.storeUser(tx, id, user, now);
    });
  }

  /**
   * A user without a token (no user scopes, or Bolt saving a token refresh for a query whose user
   * had none) leaves an existing user row as it is: it must not wipe the token it does not carry.
   */
  private async storeUser(
    tx: SqlQueryable,
    id: string,
    user: AnyInstallation['user'],
    now: number,
  ): Promise<void> {
    if (user.token === undefined && user.refreshToken === undefined) return;
    const { token, refreshToken, ...userData } = user;
    const secrets: UserSecrets = { token, refreshToken };
    await tx.query(
      `INSERT INTO slack_installation_users (installation_id, user_id, data, secrets, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (installation_id, user_id) DO UPDATE SET
         data = EXCLUDED.data, secrets = EXCLUDED.secrets, updated_at = EXCLUDED.updated_at`,
      [
        id,
        user.id,
        JSON.stringify(userData),
        this.cipher.seal(JSON.stringify(secrets), userContext(id, user.id)),
        now,
      ],
    );
  }

  async fetchInstallation(query: AnyQuery): Promise<AnyInstallation> {
    const id = installationId(query);
    const { rows } = await this.db.query<InstallationRow>(
      `SELECT i.data, i.secrets, i.installer_user_id, u.data AS user_data, u.secrets AS user_secrets
       FROM slack_installations i
       LEFT JOIN slack_installation_users u
         ON u.installation_id = i.id AND u.user_id = coalesce($2, i.installer_user_id)
       WHERE i.id = $1`,
      [id, query.userId ?? null],
    );
    const row = rows[0];
    if (row === undefined) throw new InstallationNotFoundError(id);
    const data = JSON.parse(row.data) as Omit<AnyInstallation, 'user'>;
    const secrets = JSON.parse(this.cipher.open(row.secrets, installationContext(id))) as InstallationSecrets;
    const installation = { ...data } as AnyInstallation;
    if (data.bot)
      installation.bot = {
        ...data.bot,
        token: secrets.botToken ?? '',
        refreshToken: secrets.botRefreshToken,
      };
    if (data.incomingWebhook && secrets.incomingWebhookUrl !== undefined) {
      installation.incomingWebhook = { ...data.incomingWebhook, url: secrets.incomingWebhookUrl };
    }
    if (row.user_data !== null && row.user_secrets !== null) {
      const userData = JSON.parse(row.user_data) as AnyInstallation['user'];
      const userSecrets = JSON.parse(
        this.cipher.open(row.user_secrets, userContext(id, userData.id)),
      ) as UserSecrets;
      installation.user = { ...userData, token: userSecrets.token, refreshToken: userSecrets.refreshToken };
    } else {
      installation.user = { id: row.installer_user_id, token: undefined, scopes: undefined };
    }
    return installation;
  }

  /** With a userId, that user's token only; otherwise the whole installation and every user's token. */
  async deleteInstallation(query: AnyQuery): Promise<void> {
    const id = installationId(query);
    if (query.userId !== undefined) {
      await this.db.query(
        'DELETE FROM slack_installation_users WHERE installation_id = $1 AND user_id = $2',
        [id, query.userId],
      );
      return;
    }
    await this.db.query('DELETE FROM slack_installations WHERE id = $1', [id]);
  }

  /** Deletes these users' tokens (Slack's tokens_revoked event lists them); resolves to how many rows went. */
  async deleteUsers(query: AnyQuery, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const { rows } = await this.db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM slack_installation_users WHERE installation_id = $1 AND user_id = ANY($2::text[]) RETURNING 1
       ) SELECT count(*)::integer AS n FROM gone`,
      [installationId(query), [...userIds]],
    );
    return rows[0]?.n ?? 0;
  }
}

export { installationContext, userContext };
