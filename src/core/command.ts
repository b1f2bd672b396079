import { InvalidInputError, type LookupKind } from './errors.js';

export const MAX_NAME_LENGTH = 200;

/**
 * C0/C1 controls, zero-width characters, BOMs and bidirectional overrides and isolates (U+061C,
 * U+200E/F, U+202A–202E, U+2066–2069): invisible in chat, they must not affect matching, and in a
 * reply they can reorder what a user reads.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** Text from a user or an upstream with invisible and control characters turned into spaces. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_OR_CONTROL, ' ');
}

export type Command =
  | { type: 'lookup'; kind: LookupKind; name: string }
  | { type: 'help'; hint: string | null };

/**
 * Normalises a product or recipe name: control characters become spaces, whitespace collapses.
 * Throws InvalidInputError when nothing usable is left or it is too long.
 */
export function normaliseName(raw: string): string {
  const name = stripInvisible(raw).replace(/\s+/g, ' ').trim();
  if (name.length === 0) throw new InvalidInputError('the name is empty');
  if ([...name].length > MAX_NAME_LENGTH) {
    throw new InvalidInputError(`names are limited to ${MAX_NAME_LENGTH} characters`);
  }
  return name;
}

const VERBS: Record<string, LookupKind | 'help'> = {
  product: 'product',
  products: 'product',
  recipe: 'recipe',
  recipes: 'recipe',
  help: 'help',
};

/** Parses the text after `/carbon`. Never throws for unknown verbs: those get help with a hint. */
export function parseCommand(text: string): Command {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return { type: 'help', hint: null };
  const [first = '', ...rest] = trimmed.split(' ');
  const verb = VERBS[first.toLowerCase()];
  if (verb === undefined) {
    const shown = first.length > 30 ? `${first.slice(0, 30)}…` : first;
    return {
      type: 'help',
      hint: `"${shown}" is not a command. Start with \`product\`, \`recipe\` or \`compare\`.`,
    };
  }
  if (verb === 'help') return { type: 'help', hint: null };
  const remainder = rest.join(' ');
  if (remainder.trim() === '') {
    return {
      type: 'help',
      hint: `Give a ${verb} name, e.g. \`/carbon ${verb} ${verb === 'product' ? 'oat milk' : 'lasagne'}\`.`,
    };
  }
  return { type: 'lookup', kind: verb, name: normaliseName(remainder) };
}
