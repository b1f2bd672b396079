import { workspaceKey } from './state/keys.js';

/** The chat platforms whose interactions carry an identity (the shell and the CLI have none). */
export type ChatPlatform = 'slack' | 'discord';

/**
 * Who and where an interaction is, as its platform identifies it: what core needs to answer it once
 * (a retry or a replay carries the same `deliveryId`) and to count it against limits. Adapters fill
 * it in from their payloads; core never reads a payload.
 */
export interface InteractionOrigin {
  platform: ChatPlatform;
  /**
   * The platform's id of this one user action, the same in every retry and replay of it: Slack's
   * trigger_id (commands, buttons, shortcuts, forms) or event_id; Discord's interaction id.
   */
  deliveryId: string;
  /** When the platform issued it, in ms since the epoch, when it says (Discord's ids carry it). */
  issuedAtMs: number | null;
  /** The user who acted; null when the payload names none. */
  userId: string | null;
  /** Slack's team (or Enterprise Grid organisation), Discord's server; null outside one (a DM). */
  workspaceId: string | null;
  /** Where it happened; null when the payload names no conversation. */
  channelId: string | null;
}

/**
 * A state key for something that belongs to the interaction's workspace, under that workspace's
 * prefix (deleted with it when a Slack workspace uninstalls the app); outside any workspace, under
 * the platform's own namespace.
 */
export function originKey(
  origin: Pick<InteractionOrigin, 'platform' | 'workspaceId'>,
  ...parts: string[]
): string {
  const { platform, workspaceId } = origin;
  if (workspaceId !== null && /^[A-Za-z0-9_-]{1,64}$/.test(workspaceId)) {
    return workspaceKey(platform, workspaceId, ...parts);
  }
  return `${platform}:${parts.join(':')}`;
}
