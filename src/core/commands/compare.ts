import type { ComparisonRequest } from '../../compare/chat.js';
import { defineCommand } from './define.js';
import { SURFACES } from './surface.js';

/** The longest option text a chat platform passes (Discord's option limit as registered). */
export const COMPARE_TEXT_MAX = 2000;

export const compareCommand = defineCommand({
  name: 'compare',
  aliases: [],
  summary: 'Rank 2 to 10 dishes or products, lowest carbon first',
  surfaces: SURFACES,
  option: {
    name: 'options',
    placeholder: '<a>, <b>, <c>',
    description: 'Separated by commas or "vs", e.g. lasagne, dal, chicken curry for 12 people',
    required: true,
    minLength: 3,
    maxLength: COMPARE_TEXT_MAX,
    autocomplete: null,
    stdin: false,
  },
  messageAction: null,
  usage: [
    {
      args: '<a>, <b>, <c>',
      description:
        '2 to 10 dishes or products ranked lowest carbon first (also `a vs b`, `… for 12 people`); share it, then put it to a vote',
      only: 'chat',
    },
    {
      args: '<a>, <b>, <c>',
      description:
        '2 to 10 dishes or products ranked lowest carbon first (also "a vs b"; end with "for 12 people")',
      only: 'terminal',
    },
  ],
  examples: ['lasagne, dal vs chicken curry for 12 people'],
  // The compare parser words what is wrong with the options (too few, too many, a bad group size).
  parse: (args) => ({ input: { text: args } }),
  handle: (input: { text: string } | { again: ComparisonRequest }, { compare }, context) =>
    'again' in input ? compare.again(input.again, context) : compare.text(input.text, context),
});
