/**
 * How state keys name what they belong to. Everything kept about one workspace (a Slack team, a
 * Slack Enterprise Grid organisation, a Discord server) goes under that workspace's prefix, so
 * deleting a workspace's data (src/store/workspace-data.ts, on Slack's app_uninstalled and
 * tokens_revoked) is one prefix deletion. Keys about no workspace (a service key's limit, an
 * upstream's cool-down) use other namespaces.
 */
export type WorkspacePlatform = 'slack' | 'discord';

/** Platform ids are letters, digits, underscores and hyphens: a ":" could pass for another workspace's prefix. */
const WORKSPACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function workspaceKeyPrefix(platform: WorkspacePlatform, workspaceId: string): string {
  if (!WORKSPACE_ID.test(workspaceId)) {
    throw new RangeError(
      `a ${platform} workspace id must be 1 to 64 letters, digits, _ or - (got ${workspaceId.length} characters)`,
    );
  }
  return `ws:${platform}:${workspaceId}:`;
}

/** A key under a workspace's prefix: `ws:slack:T0123:compare:abc`. */
export function workspaceKey(platform: WorkspacePlatform, workspaceId: string, ...parts: string[]): string {
  return `${workspaceKeyPrefix(platform, workspaceId)}${parts.join(':')}`;
}
