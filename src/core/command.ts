import { InvalidInputError } from './errors.js';

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

/**
 * Text from elsewhere (an upstream's name or sentence) cut to at most `max` characters, ending in
 * "…" when cut, without splitting a surrogate pair: a source may send anything, and an answer stays
 * short whatever it sent.
 */
export function boundText(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  return `${characters.slice(0, Math.max(max - 1, 0)).join('')}…`;
}

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
