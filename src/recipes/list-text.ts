import { stripInvisible } from '../core/command.js';
import { chooseServings, type FoundServings, findServings, type Servings } from './servings.js';
import { type ListVocabulary, listVocabulary } from './words.js';

export type { Servings } from './servings.js';
export { takeServings } from './servings.js';

/**
 * Reading a recipe text as a whole: its parts (one ingredient each), its servings statement, and
 * whether it is an ingredient list at all or a plain dish name.
 */

/** Texts longer than this are refused: a long recipe has a few hundred characters a line at most. */
export const MAX_RECIPE_TEXT_LENGTH = 4000;
/** More parts than this are not a recipe anyone types; the rest are listed as skipped. */
export const MAX_RECIPE_PARTS = 60;

export interface ListText {
  parts: string[];
  servings: Servings | null;
}

/** Whether a part only says how the ingredient before it is prepared ("finely chopped"). */
function isPreparation(part: string, vocabulary: ListVocabulary): boolean {
  const words = part.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => vocabulary.preparationWords.has(word));
}

/**
 * Splits a recipe text into ingredient parts. Lines split it when there are several; on one line
 * (chat), commas, semicolons and bars do, except inside brackets, between digits ("1,5 kg") and before
 * words that only say how to prepare the previous ingredient ("2 leeks, finely chopped").
 */
export function splitParts(text: string): string[] {
  // Lines first: stripInvisible turns line breaks, being control characters, into spaces.
  const lines = text
    .split(/\r\n?|\n|\u2028|\u2029/)
    .map((line) => stripInvisible(line).trim())
    .filter(Boolean);
  const vocabulary = listVocabulary();
  const pieces = lines.length > 1 ? lines.flatMap((line) => line.split(';')) : splitOneLine(lines[0] ?? '');
  const parts: string[] = [];
  for (const piece of pieces) {
    const part = piece.replace(/\s+/g, ' ').trim();
    if (part === '') continue;
    const previous = parts.length - 1;
    if (previous >= 0 && isPreparation(part, vocabulary)) parts[previous] = `${parts[previous]}, ${part}`;
    else parts.push(part);
  }
  return parts;
}

function splitOneLine(line: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    const decimalComma = char === ',' && /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '');
    if (depth === 0 && (char === ';' || char === '|' || (char === ',' && !decimalComma))) {
      pieces.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  pieces.push(current);
  return pieces;
}

/** Parts and servings: a part that is only a servings statement is removed; one inside a part is cut out. */
export function readListText(text: string): ListText {
  const found: FoundServings[] = [];
  const parts: string[] = [];
  for (const part of splitParts(text)) {
    // Every statement is taken out of the parts; the first firm one counts ("Serves 4 … makes 8 pancakes").
    const read = findServings(part);
    found.push(...read.found);
    if (read.rest.trim() !== '') parts.push(read.rest.trim());
  }
  return { parts, servings: chooseServings(found) };
}

export function hasQuantity(part: string): boolean {
  const vocabulary = listVocabulary();
  return vocabulary.quantityStart.test(part.trim()) || vocabulary.quantityAnywhere.test(part);
}

/**
 * Whether a text after `recipe` is an ingredient list rather than a dish name: several parts (lines,
 * commas or semicolons) of which at least two carry a quantity. "Mac and cheese, with bacon" is a
 * name; "500g beef mince, 400g spaghetti" is a list.
 */
export function isIngredientList(text: string): boolean {
  const { parts } = readListText(text);
  if (parts.length < 2) return false;
  return parts.filter(hasQuantity).length >= 2;
}
