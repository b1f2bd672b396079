import { z } from 'zod';
import { defineRegistration } from '../../config/registration.js';
import { optionalNumericId, optionalString, optionalUrl } from '../../config/schema.js';

export const discordRegistration = defineRegistration({
  id: 'discord',
  kind: 'chat',
  label: 'Discord',
  env: {
    /** The gateway and command registration; DISCORD_BOT_TOKEN is its alias. */
    DISCORD_TOKEN: optionalString,
    DISCORD_BOT_TOKEN: optionalString,
    /** HTTP interactions: verifies each request Discord posts. */
    DISCORD_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hex public key from the Developer Portal')
        .optional(),
    ),
    DISCORD_APPLICATION_ID: optionalNumericId,
    /** Register the command in this one server (at once) instead of globally. */
    DISCORD_GUILD_ID: optionalNumericId,
    /** API base URL, for tests and proxies. */
    DISCORD_API_URL: optionalUrl,
  },
  secrets: ['DISCORD_TOKEN', 'DISCORD_BOT_TOKEN'],
  help: 'To connect Discord, set DISCORD_TOKEN (gateway) and/or DISCORD_PUBLIC_KEY (HTTP interactions) and register the command once with `npx carbon discord-register`: see docs/discord.md.',
});

/** DISCORD_TOKEN, or DISCORD_BOT_TOKEN as an alias when it is unset. */
export function discordToken(env: {
  DISCORD_TOKEN?: string;
  DISCORD_BOT_TOKEN?: string;
}): string | undefined {
  return env.DISCORD_TOKEN ?? env.DISCORD_BOT_TOKEN;
}
