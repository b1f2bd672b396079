import {
  type APIApplicationCommandBasicOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { CommandOption } from '../../core/commands/define.js';
import { COMMANDS, commandsOn } from '../../core/commands/registry.js';

/**
 * The `/carbon` command as Discord's application-command JSON, derived from core's command
 * registry and checked against discord-api-types' REST body types: what registration uploads.
 */

export const COMMAND_NAME = 'carbon';

/** Discord's limit on a string option's max_length. */
const STRING_OPTION_MAX = 6000;

function optionJson(option: CommandOption): APIApplicationCommandBasicOption {
  return {
    type: ApplicationCommandOptionType.String,
    name: option.name,
    description: option.description,
    required: option.required,
    ...(option.autocomplete === null ? {} : { autocomplete: true }),
    min_length: option.minLength,
    max_length: Math.min(option.maxLength, STRING_OPTION_MAX),
  };
}

/**
 * Where the commands can be used (Discord: "Contexts" in Application Commands). Every command the
 * registry offers on Discord answers the asker privately, needs no permission in the conversation
 * and reads nothing but its own interaction, so every one is offered everywhere: installed to a
 * server (GUILD_INSTALL) or by a user to their account (USER_INSTALL), and used in a server, in a DM
 * with the bot, or in other DMs and group DMs (PRIVATE_CHANNEL, which only user installs reach). A
 * user-installed app in a server without the bot still answers: its public posts (Share, the vote)
 * are follow-ups through the interaction's token, which needs no membership (at most 5 per
 * interaction there, of which Share and the vote use one).
 */
export const INSTALLATION = {
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
};

/** `/carbon` with a subcommand per command the registry offers on Discord. */
export const CARBON_COMMAND = {
  type: ApplicationCommandType.ChatInput,
  name: COMMAND_NAME,
  description: 'Carbon footprint of a food product or a recipe',
  ...INSTALLATION,
  options: commandsOn('discord').map((command) => ({
    type: ApplicationCommandOptionType.Subcommand as const,
    name: command.name,
    description: command.summary,
    ...(command.option === null ? {} : { options: [optionJson(command.option)] }),
  })),
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * The registry's message actions ("Rate this menu") as message commands (type 3): the interaction
 * carries the message it was used on in data.resolved.messages, its content included, without the
 * privileged message-content intent.
 */
export const MESSAGE_COMMANDS = COMMANDS.flatMap((command) =>
  command.messageAction === null
    ? []
    : [
        {
          type: ApplicationCommandType.Message as const,
          name: command.messageAction.name,
          // No description: Discord's reference has it empty for MESSAGE commands, and the REST type omits it.
          ...INSTALLATION,
        } satisfies RESTPutAPIApplicationCommandsJSONBody[number],
      ],
);

/** The body of the global bulk-overwrite PUT: every command the app has, for both installations. */
export const COMMAND_DEFINITIONS = [
  CARBON_COMMAND,
  ...MESSAGE_COMMANDS,
] satisfies RESTPutAPIApplicationCommandsJSONBody;

/**
 * The same commands registered in one server (DISCORD_GUILD_ID, for testing): installation and
 * interaction contexts apply to global commands only (discord-api-types: "only for
 * globally-scoped commands"), so a server's copy leaves them out.
 */
export const GUILD_COMMAND_DEFINITIONS = COMMAND_DEFINITIONS.map(
  ({ integration_types: _installs, contexts: _contexts, ...command }) => command,
) satisfies RESTPutAPIApplicationCommandsJSONBody;
