import { MAX_NAME_LENGTH, normaliseName } from '../command.js';
import { defineCommand } from './define.js';
import { typed } from './typed.js';

/**
 * A name with no verb before it (`/carbon oat milk`): a dish or a product, decided as a comparison
 * decides between them (src/compare/resolve.ts). Not on Discord, whose command needs a subcommand.
 */
export const lookupCommand = defineCommand({
  name: 'lookup',
  aliases: [],
  summary: 'A dish or a product, whichever the name is closer to',
  surfaces: ['slack', 'cli', 'shell'],
  option: {
    name: 'name',
    placeholder: '<name>',
    description: 'A dish or a food product',
    required: true,
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    autocomplete: null,
    stdin: false,
  },
  messageAction: null,
  usage: [{ args: '<name>', description: 'a dish or a product, whichever the name is closer to' }],
  examples: ['oat milk'],
  parse: (args) => ({ input: { name: args } }),
  handle: async (input: { name: string; nearVerb?: string }, { compare }, context) => {
    const answer = await compare.either(normaliseName(input.name), context);
    if (answer.type !== 'error' || answer.error.code !== 'not_found' || input.nearVerb === undefined)
      return answer;
    // "prodcut oat milk": the first word was probably a verb, mistyped.
    const rest = input.name.trim().split(/\s+/).slice(1).join(' ').replaceAll('`', "'");
    const meant = typed(context.surface, input.nearVerb, 'name', rest === '' ? null : rest);
    return { ...answer, error: { ...answer.error, hint: `Did you mean \`${meant}\`?` } };
  },
});
