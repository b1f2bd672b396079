import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { MAX_NAME_LENGTH } from '../../core/command.js';
import { MAX_RECIPE_TEXT_LENGTH } from '../../recipes/list-text.js';

/**
 * The `/carbon` command as Discord's application-command JSON, checked against discord-api-types'
 * REST body type: the one definition that registration uploads, that the tests compare against,
 * and that the handler derives its subcommand names from.
 */

export const COMMAND_NAME = 'carbon';

function nameOption(description: string) {
  return {
    type: ApplicationCommandOptionType.String,
    name: 'name',
    description,
    required: true,
    autocomplete: true,
    min_length: 1,
    max_length: MAX_NAME_LENGTH,
  } as const;
}

/**
 * The recipe's option takes a dish name or an ingredient list (up to the list limit; Discord allows
 * 6,000), and is optional: without it the recipe form opens (a modal, for lists one per line).
 */
function recipeOption(description: string) {
  return { ...nameOption(description), required: false, max_length: MAX_RECIPE_TEXT_LENGTH } as const;
}

export const CARBON_COMMAND = {
  type: ApplicationCommandType.ChatInput,
  name: COMMAND_NAME,
  description: 'Carbon footprint of a food product or a recipe',
  // Guild installs and DMs with the bot; interactions need no permissions in either.
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'product',
      description: 'kg CO2e per kg (per litre for drinks), compared with its category',
      options: [nameOption('Food product to look up, e.g. oat milk')],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'recipe',
      description: 'kg CO2e per serving and the 1.5 °C verdict; without a name, a form for ingredients',
      options: [recipeOption('A dish (lasagne), or ingredients with amounts (500g beef, 1 onion, serves 4)')],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'compare',
      description: 'Rank 2 to 10 dishes or products, lowest carbon first',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'options',
          description: 'Separated by commas or "vs", e.g. lasagne, dal, chicken curry for 12 people',
          required: true,
          min_length: 3,
          max_length: 2000,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'help',
      description: 'How to use /carbon',
    },
  ],
} as const satisfies RESTPutAPIApplicationCommandsJSONBody[number];

export const RATE_MENU_COMMAND_NAME = 'Rate this menu';

/**
 * "Rate this menu" on any message (issue #11): the interaction carries the message it was used on in
 * data.resolved.messages, its content included, without the privileged message-content intent.
 */
export const RATE_MENU_COMMAND = {
  type: ApplicationCommandType.Message,
  name: RATE_MENU_COMMAND_NAME,
  // No description: Discord's reference has it empty for MESSAGE commands, and the REST type omits it.
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPutAPIApplicationCommandsJSONBody[number];

/** The body of the bulk-overwrite PUT: every command the app has. */
export const COMMAND_DEFINITIONS = [
  CARBON_COMMAND,
  RATE_MENU_COMMAND,
] as const satisfies RESTPutAPIApplicationCommandsJSONBody;

/** The subcommands, as the definition names them. */
export type CarbonSubcommand = (typeof CARBON_COMMAND.options)[number]['name'];
/** The subcommands that take a name to look up: product and recipe (compare takes its options). */
export type LookupSubcommand = Exclude<
  Extract<(typeof CARBON_COMMAND.options)[number], { options: readonly unknown[] }>['name'],
  'compare'
>;
