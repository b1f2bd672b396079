import type { InstallationQuery } from '@slack/bolt';
import { workspaceKeyPrefix } from './keys.js';
import type { SqlInstallationStore } from './slack-installations.js';

export interface WorkspaceDataStores {
  installations: Pick<SqlInstallationStore, 'deleteInstallation' | 'deleteUsers'>;
  state: { deletePrefix(prefix: string): Promise<number> };
}

export interface DeletedWorkspaceData {
  /** Installations deleted (with their users' tokens). */
  installation: boolean;
  /** User-token rows deleted on their own (tokens_revoked for users only). */
  users: number;
  /** State keys deleted under the workspace's prefix. */
  stateKeys: number;
}

/**
 * Slack's app_uninstalled: the workspace (or organisation) has removed the app, so its installation,
 * every user token and every state key under its prefix go now. An organisation's per-workspace
 * keys (interactions are keyed by the workspace they came from) cannot be listed from the
 * organisation's id; like all state they expire within MAX_TTL_MS (a week).
 */
export async function deleteSlackWorkspaceData(
  stores: WorkspaceDataStores,
  query: InstallationQuery<boolean>,
): Promise<DeletedWorkspaceData> {
  const { userId: _userId, ...workspace } = query;
  await stores.installations.deleteInstallation(workspace as InstallationQuery<boolean>);
  const id = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
  const stateKeys = id ? await stores.state.deletePrefix(workspaceKeyPrefix('slack', id)) : 0;
  return { installation: true, users: 0, stateKeys };
}

/** The `tokens` of Slack's tokens_revoked event: user ids whose user tokens, and bot ids whose bot tokens, were revoked. */
export interface RevokedTokens {
  oauth?: readonly string[] | undefined;
  bot?: readonly string[] | undefined;
}

/**
 * Slack's tokens_revoked: a revoked bot token ends the installation (nothing can be answered without
 * it), so the workspace's data goes as on uninstall; revoked user tokens delete those users' rows only.
 */
export async function handleTokensRevoked(
  stores: WorkspaceDataStores,
  query: InstallationQuery<boolean>,
  tokens: RevokedTokens,
): Promise<DeletedWorkspaceData> {
  if ((tokens.bot?.length ?? 0) > 0) return deleteSlackWorkspaceData(stores, query);
  const users = await stores.installations.deleteUsers(query, tokens.oauth ?? []);
  return { installation: false, users, stateKeys: 0 };
}
