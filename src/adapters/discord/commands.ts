import { MAX_NAME_LENGTH } from '../../core/command.js';

/**
 * The `/carbon` command as Discord's application-command JSON: the one definition that
 * registration uploads and the tests compare against.
 */

/** Discord's option types used here. */
const SUB_COMMAND = 1;
const STRING = 3;
/** CHAT_INPUT: a slash command. */
const CHAT_INPUT = 1;
/** MESSAGE: a command in a message's "Apps" context menu; it has a name and no description or options. */
const MESSAGE = 3;

export const COMMAND_NAME = 'carbon';

function nameOption(description: string) {
  return {
    type: STRING,
    name: 'name',
    description,
    required: true,
    autocomplete: true,
    min_length: 1,
    max_length: MAX_NAME_LENGTH,
  };
}

export const CARBON_COMMAND = {
  type: CHAT_INPUT,
  name: COMMAND_NAME,
  description: 'Carbon footprint of a food product or a recipe',
  // Guild installs and DMs with the bot; interactions need no permissions in either.
  contexts: [0, 1],
  integration_types: [0],
  options: [
    {
      type: SUB_COMMAND,
      name: 'product',
      description: 'kg CO2e per kg (per litre for drinks), compared with its category',
      options: [nameOption('Food product to look up, e.g. oat milk')],
    },
    {
      type: SUB_COMMAND,
      name: 'recipe',
      description: 'kg CO2e per serving, and whether it fits a 1.5 °C diet',
      options: [nameOption('Recipe to look up, e.g. lasagne')],
    },
    {
      type: SUB_COMMAND,
      name: 'help',
      description: 'How to use /carbon',
    },
  ],
} as const;

export const RATE_MENU_COMMAND_NAME = 'Rate this menu';

/**
 * "Rate this menu" on any message (issue #11): the interaction carries the message it was used on in
 * data.resolved.messages, its content included, without the privileged message-content intent.
 */
export const RATE_MENU_COMMAND = {
  type: MESSAGE,
  name: RATE_MENU_COMMAND_NAME,
  // Discord's application-command reference: the description is an empty string for MESSAGE commands.
  description: '',
  contexts: [0, 1],
  integration_types: [0],
} as const;

/** The body of the bulk-overwrite PUT: every command the app has. */
export const COMMAND_DEFINITIONS = [CARBON_COMMAND, RATE_MENU_COMMAND] as const;
