import type { Logger } from 'pino';
import { type Config, ConfigError } from '../../config/env.js';
import { COMMAND_DEFINITIONS, GUILD_COMMAND_DEFINITIONS } from './commands.js';
import { discordToken } from './registration.js';
import { createDiscordRest, DiscordRestError, discordApiRoot } from './rest.js';

export interface RegistrationResult {
  scope: 'global' | 'guild';
  count: number;
}

/**
 * `carbon discord-register`: uploads the command definitions with Discord's bulk overwrite, which
 * replaces the whole set and so is safe to run any number of times. Globally, the commands are
 * offered to servers that install the app and to users who install it to their account; with
 * DISCORD_GUILD_ID they are registered in that one server (instant, for testing). Run it when the
 * definitions change, not on every start: registration is rate-limited.
 */
export async function registerCommands(config: Config, logger: Logger): Promise<RegistrationResult> {
  const problems: string[] = [];
  if (config.DISCORD_APPLICATION_ID === undefined) {
    problems.push(
      'DISCORD_APPLICATION_ID: required to register commands (Developer Portal → General Information)',
    );
  }
  const token = discordToken(config);
  if (token === undefined) {
    problems.push('DISCORD_TOKEN: required to register commands (Developer Portal → Bot → Reset Token)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const applicationId = config.DISCORD_APPLICATION_ID!;
  const guildId = config.DISCORD_GUILD_ID;
  const scope = guildId === undefined ? 'global' : 'guild';
  const rest = createDiscordRest({ apiRoot: discordApiRoot(config), botToken: token! });
  const definitions = guildId === undefined ? COMMAND_DEFINITIONS : GUILD_COMMAND_DEFINITIONS;
  let registered: unknown;
  try {
    registered = await rest.putCommands(applicationId, guildId, definitions);
  } catch (error) {
    if (error instanceof DiscordRestError && (error.status === 401 || error.status === 403)) {
      throw new Error(
        `Discord refused the registration (HTTP ${error.status}): check that DISCORD_TOKEN is the bot token of application ${applicationId}${guildId === undefined ? '' : ` and that the bot is in guild ${guildId}`}.`,
        { cause: error },
      );
    }
    throw error;
  }
  const count = Array.isArray(registered) ? registered.length : definitions.length;
  logger.info({ scope, count, applicationId, guildId }, 'Discord commands registered');
  return { scope, count };
}
