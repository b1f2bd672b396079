import type { AdapterStarter } from '../adapters/context.js';
import { CHAT_PLATFORMS } from '../config/registry.js';

/**
 * How `carbon start` starts each chat platform the registry lists (config/registry.ts), loading its
 * SDK only then: the registrations describe a platform without its code, so reading the
 * configuration never loads (or imports) an adapter.
 */
export const PLATFORM_STARTERS: Readonly<Record<string, AdapterStarter>> = {
  slack: async (context) => (await import('../adapters/slack/index.js')).startSlack(context),
  discord: async (context) => (await import('../adapters/discord/index.js')).startDiscord(context),
};

/** The configured platforms' starters, in the registry's order. */
export const DEFAULT_ADAPTERS: readonly AdapterStarter[] = CHAT_PLATFORMS.map((platform) => {
  const starter = PLATFORM_STARTERS[platform.id];
  if (starter === undefined) throw new Error(`no starter for the chat platform ${platform.id}`);
  return starter;
});
