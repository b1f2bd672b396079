import { isIngredientList, MAX_RECIPE_TEXT_LENGTH } from '../../recipes/list-text.js';
import { normaliseName } from '../command.js';
import { InvalidInputError } from '../errors.js';
import { defineCommand } from './define.js';
import { familyOf, SURFACES } from './surface.js';
import { typed } from './typed.js';

/**
 * A line break never survives a name (normaliseName), so a text holding one is a list: a form's, or
 * a Share button's carrying a computed list again.
 */
function isListText(text: string): boolean {
  return text.includes('\n') || isIngredientList(text);
}

export const recipeCommand = defineCommand({
  name: 'recipe',
  aliases: ['recipes'],
  summary: 'kg CO2e per serving and the 1.5 °C verdict; without a name, a form for ingredients',
  surfaces: SURFACES,
  option: {
    name: 'name',
    placeholder: '<name>',
    description: 'A dish (lasagne), or ingredients with amounts (500g beef, 1 onion, serves 4)',
    // Chat opens the recipe form when it is left out; the terminal asks for it.
    required: false,
    minLength: 1,
    maxLength: MAX_RECIPE_TEXT_LENGTH,
    autocomplete: 'recipe',
    stdin: false,
  },
  messageAction: null,
  usage: [
    {
      args: '<name>',
      description: 'kg CO2e per serving, and whether it fits the 1.5 °C budget of 0.5 kg per meal',
    },
    {
      args: '<ingredient list>',
      description:
        'a recipe worked out from its ingredients with amounts, e.g. "500g beef mince, 1 onion, serves 4"',
    },
    { args: null, description: 'a form for a longer ingredient list, one ingredient per line', only: 'chat' },
  ],
  examples: ['lasagne', '500g beef mince, 400g spaghetti, 1 onion, serves 4'],
  parse: (args, surface) => {
    if (args.trim() !== '') return { input: { text: args } };
    if (familyOf(surface) === 'chat') return { form: 'recipe' };
    return {
      hint: `Give a recipe name or an ingredient list, e.g. \`${typed(surface, 'recipe', 'name', 'lasagne')}\`.`,
    };
  },
  handle: async (input: { text: string; list?: boolean }, { recipes, compare }, context) => {
    const { text } = input;
    // A form's text is a list whatever it reads like: its box is for ingredients. A name is the
    // source's dish, or from the built-in catalog one built from its parts ("ramen with tofu").
    if (input.list !== true && !isListText(text)) return compare.dish(normaliseName(text), context);
    // Lists are computed from the built-in catalog whatever the source, which only knows names.
    if ([...text].length > MAX_RECIPE_TEXT_LENGTH) {
      throw new InvalidInputError(`ingredient lists are limited to ${MAX_RECIPE_TEXT_LENGTH} characters`);
    }
    return { type: 'result', result: recipes.compute(text) };
  },
});
