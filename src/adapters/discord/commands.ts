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

/** Guild installs and DMs with the bot; interactions need no permissions in either. */
const WHERE = {
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  integration_types: [ApplicationIntegrationType.GuildInstall],
};

/** `/carbon` with a subcommand per command the registry offers on Discord. */
export const CARBON_COMMAND = {
  type: ApplicationCommandType.ChatInput,
  name: COMMAND_NAME,
  description: 'Carbon footprint of a food product or a recipe',
  ...WHERE,
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
          ...WHERE,
        } satisfies RESTPutAPIApplicationCommandsJSONBody[number],
      ],
);

/** The body of the bulk-overwrite PUT: every command the app has. */
export const COMMAND_DEFINITIONS = [
  CARBON_COMMAND,
  ...MESSAGE_COMMANDS,
] satisfies RESTPutAPIApplicationCommandsJSONBody;
