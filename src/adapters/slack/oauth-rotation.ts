import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import type { StateStore } from '../../core/state/store.js';
import { workspaceKey } from '../../store/keys.js';

type AnyInstallation = Installation<'v2' | 'v1', boolean>;
type AnyQuery = InstallationQuery<boolean>;

/**
 * @slack/oauth's InstallProvider.authorize refreshes a token that expires within two hours
 * (token rotation: Slack's tokens last 12 hours) and stores the new pair. Slack revokes a refresh
 * token once used, so two requests refreshing the same workspace at once (two replicas, or two
 * events in one process) would race: one exchange fails, and a token could be lost. Same window as
 * @slack/oauth's own check.
 */
export const REFRESH_WINDOW_S = 2 * 60 * 60;
/** How long one refresh may take before another request may try: the Web API's timeout and a margin. */
export const REFRESH_CLAIM_MS = 30_000;
/** How long a request whose token has already expired waits for another's refresh to land. */
export const REFRESH_WAIT_MS = 1_500;
const POLL_MS = 100;

/** The workspace (or organisation) an installation or query is about. */
function workspaceOf(query: {
  isEnterpriseInstall?: boolean | undefined;
  enterpriseId?: string | undefined;
  teamId?: string | undefined;
}): string | undefined {
  return query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
}

const refreshKey = (workspace: string) => workspaceKey('slack', workspace, 'token-refresh');

/** Seconds until the first of the installation's rotating tokens expires, or null when none rotates. */
function secondsLeft(installation: AnyInstallation, nowS: number): number | null {
  const expiries = [installation.bot, installation.user]
    .filter((holder) => holder?.refreshToken !== undefined && typeof holder.expiresAt === 'number')
    .map((holder) => (holder!.expiresAt as number) - nowS);
  return expiries.length === 0 ? null : Math.min(...expiries);
}

/** The installation without its rotation fields: authorize then uses the current token as is. */
function withoutRefresh(installation: AnyInstallation): AnyInstallation {
  const copy = { ...installation } as AnyInstallation;
  if (copy.bot) copy.bot = { ...copy.bot, refreshToken: undefined, expiresAt: undefined };
  copy.user = { ...copy.user, refreshToken: undefined, expiresAt: undefined };
  return copy;
}

/**
 * The installation store as the InstallProvider sees it, so that one request at a time refreshes a
 * workspace's tokens, across replicas (a claim in the shared state store): the request that claims
 * the refresh gets the installation as stored, and the InstallProvider refreshes and stores it,
 * which releases the claim; any other request meanwhile gets it without its refresh token and uses
 * the current token, still valid for up to two hours. Only a token that has already expired (no
 * request for 12 hours) makes the others wait, briefly, for the new one.
 */
export class RefreshOnceInstallationStore implements InstallationStore {
  private readonly now: () => number;
  private readonly waitMs: number;

  constructor(
    private readonly inner: InstallationStore,
    private readonly claims: Pick<StateStore, 'claim' | 'delete'>,
    options: { now?: () => number; waitMs?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.waitMs = options.waitMs ?? REFRESH_WAIT_MS;
  }

  async storeInstallation<AuthVersion extends 'v1' | 'v2'>(
    installation: Installation<AuthVersion, boolean>,
  ): Promise<void> {
    await this.inner.storeInstallation(installation);
    const workspace = workspaceOf({
      isEnterpriseInstall: installation.isEnterpriseInstall,
      enterpriseId: installation.enterprise?.id,
      teamId: installation.team?.id,
    });
    if (workspace !== undefined) await this.claims.delete(refreshKey(workspace));
  }

  async fetchInstallation(query: AnyQuery): Promise<AnyInstallation> {
    const installation = await this.inner.fetchInstallation(query);
    const left = secondsLeft(installation, this.now() / 1000);
    const workspace = workspaceOf(query);
    if (left === null || left > REFRESH_WINDOW_S || workspace === undefined) return installation;
    if (await this.claims.claim(refreshKey(workspace), REFRESH_CLAIM_MS)) {
      // What was read before the claim may predate another request's refresh, which stored the new
      // pair and released its claim in between: read again under the claim, or the refresh token
      // already spent would be sent a second time.
      const current = await this.inner.fetchInstallation(query);
      const currentLeft = secondsLeft(current, this.now() / 1000);
      if (currentLeft !== null && currentLeft <= REFRESH_WINDOW_S) return current;
      await this.claims.delete(refreshKey(workspace));
      return current;
    }
    if (left > 0) return withoutRefresh(installation);
    const deadline = this.now() + this.waitMs;
    while (this.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const again = await this.inner.fetchInstallation(query);
      const againLeft = secondsLeft(again, this.now() / 1000);
      if (againLeft === null || againLeft > REFRESH_WINDOW_S) return again;
    }
    return withoutRefresh(installation);
  }

  async deleteInstallation(query: AnyQuery): Promise<void> {
    await this.inner.deleteInstallation?.(query);
  }
}
