import { MAX_NAME_LENGTH, normaliseName } from '../command.js';
import { runLookup } from '../lookup.js';
import { defineCommand } from './define.js';
import { SURFACES } from './surface.js';
import { typed } from './typed.js';

export const productCommand = defineCommand({
  name: 'product',
  aliases: ['products'],
  summary: 'kg CO2e per kg (per litre for drinks), compared with its category',
  surfaces: SURFACES,
  option: {
    name: 'name',
    placeholder: '<name>',
    description: 'Food product to look up, e.g. oat milk',
    required: true,
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    autocomplete: 'product',
    stdin: false,
  },
  messageAction: null,
  usage: [
    { args: '<name>', description: 'kg CO2e per kg (per litre for drinks), compared with its category' },
  ],
  examples: ['oat milk'],
  parse: (args, surface) =>
    args.trim() === ''
      ? { hint: `Give a product name, e.g. \`${typed(surface, 'product', 'name', 'oat milk')}\`.` }
      : { input: { name: args } },
  handle: ({ name }: { name: string }, { source }, { logger, signal }) =>
    runLookup({ type: 'lookup', kind: 'product', name: normaliseName(name) }, source, logger, { signal }),
});
