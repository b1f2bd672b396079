import { defineCommand } from './define.js';
import { typed } from './typed.js';

/** A chat message is at most 4,000 characters (Discord with Nitro; Slack's are longer but menus are not). */
export const MENU_TEXT_MAX = 40_000;

/**
 * A posted menu, its lines compared as the options. In chat it is a message action ("Rate this
 * menu" on any message); on the command line it reads the message as its argument or on stdin.
 */
export const menuCommand = defineCommand({
  name: 'menu',
  aliases: [],
  summary: 'Compare the carbon footprint of the options in a posted menu',
  surfaces: ['cli'],
  option: {
    name: 'message',
    placeholder: '<message>',
    description: 'A menu as posted: one dish per line',
    required: true,
    minLength: 1,
    maxLength: MENU_TEXT_MAX,
    autocomplete: null,
    stdin: true,
  },
  messageAction: {
    name: 'Rate this menu',
    description: 'Compare the carbon footprint of the options in this message',
  },
  usage: [
    {
      args: null,
      description: 'on any message (its apps or more-actions menu): its lines compared as the options',
      only: 'chat',
    },
    {
      args: '<message>',
      description: 'a posted menu, one dish per line (the argument, or standard input): its lines compared',
      only: 'terminal',
    },
  ],
  examples: ['"Dal makhani £9\\nBeef lasagne £12\\nFalafel wrap (v)"'],
  parse: (args, surface) =>
    args.trim() === ''
      ? {
          hint: `Give the menu as an argument or on standard input, e.g. \`${typed(surface, 'menu', 'message', '"Dal\\nLasagne"')}\`.`,
        }
      : { input: { message: args } },
  handle: ({ message }: { message: string }, { compare }, context) => compare.menu(message, context),
});
