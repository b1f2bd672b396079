import { stripInvisible } from '../core/command.js';
import { MAX_LINE_CHARACTERS, parseLine } from './line.js';
import { leadingMeasure } from './measure.js';
import { chooseServings, cutInto, type FoundServings, findServings, type Servings } from './servings.js';
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
  const pieces = (
    lines.length > 1 ? lines.flatMap((line) => line.split(';')) : splitOneLine(lines[0] ?? '')
  ).flatMap((piece) => splitSentences(piece).flatMap((sentence) => splitAnd(sentence, vocabulary)));
  const parts: string[] = [];
  for (const piece of pieces) {
    const part = withoutLeadingMarks(piece).replace(/\s+/g, ' ').trim();
    if (part === '') continue;
    const previous = parts.length - 1;
    if (previous >= 0 && isPreparation(part, vocabulary)) parts[previous] = `${parts[previous]}, ${part}`;
    else parts.push(...composedOf(part, vocabulary));
  }
  return parts;
}

/**
 * "coleslaw (1/4 white cabbage, 2 carrots, 3 tbsp mayo)": a food with no amount of its own, made of
 * the ingredients its brackets list with theirs, is those ingredients. A bracket that holds fewer than
 * two amounts ("(about 2 kg)", "(or 1 tsp onion powder)") leaves the part as it is.
 */
const BULLET = /^\s*(?:[-•·+*]|\d+[.)])\s+/;

function composedOf(part: string, vocabulary: ListVocabulary): string[] {
  if (part.length > MAX_LINE_CHARACTERS) return [part];
  const open = part.indexOf('(');
  const close = part.lastIndexOf(')');
  if (open <= 0 || close < open) return [part];
  const outside = `${part.slice(0, open)} ${part.slice(close + 1)}`.replace(BULLET, '');
  if (hasQuantity(outside)) return [part];
  const inside = part
    .slice(open + 1, close)
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter(Boolean);
  // Each an ingredient with its amount: "(6 sausages, 300g)" is a pack's contents, "300g" no food.
  const ingredients = inside.every(
    (item) =>
      hasQuantity(item) && !isOnlyAMeasure(item, vocabulary) && parseLine(item, vocabulary).food !== '',
  );
  if (inside.length < 2 || !ingredients) return [part];
  // What follows the brackets stays a part of its own ("…). Makes 8 portions").
  const after = part.slice(close + 1).replace(/^[\s.,;]+/, '');
  return after === '' ? inside : [...inside, after];
}

/** "- [ ] 500g beef", "- [x] 1 onion": a checklist box after a bullet; the bullet stays for the line reader. */
const CHECKBOX = /^(\s*(?:[-•·+*]\s+)?)\[[ xX✓✔]?\]\s+/;
/** "🥩 500g beef", "👥 serves 4": emoji at the start of a line, as chat messages use them for bullets. */
const LEADING_EMOJI = /^(?:\s|\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D)+(?=\S)/u;

function withoutLeadingMarks(piece: string): string {
  return piece.replace(CHECKBOX, '$1').replace(LEADING_EMOJI, '');
}

/**
 * "1 tbsp olive oil. Topping: 200g passata": a full stop after a word or a bracket, before a capital, ends a
 * sentence and so an ingredient. "approx. 200g" (a digit follows) and "1 tsp dried oregano." (nothing
 * follows) do not split. One pass, each character looked at a bounded number of times.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length - 2; i++) {
    if (text[i] !== '.' || !/[\p{L})]/u.test(text[i - 1]!) || text[i + 1] !== ' ') continue;
    if (!/\p{Lu}/u.test(text[i + 2]!)) continue;
    sentences.push(text.slice(start, i));
    start = i + 2;
  }
  sentences.push(text.slice(start));
  return sentences.filter((sentence) => sentence.trim() !== '');
}

/**
 * "2 carrots and 1 cucumber": two ingredients in one part, each with its quantity. Split only where
 * "and" or "&" stands between a part that names something and a number ("1 and 1/2 cups" is one
 * amount, "salt and pepper" one line).
 */
export function splitAnd(part: string, vocabulary: ListVocabulary): string[] {
  // A part longer than a line is not read (line.ts); splitting it would parse it once a joiner.
  if (part.length > MAX_LINE_CHARACTERS) return [part];
  const pieces: string[] = [];
  let rest = part;
  for (let match = vocabulary.andThenQuantity.exec(rest); match !== null; ) {
    const before = rest.slice(0, match.index);
    // The part before must be an ingredient of its own: "1 tbsp + 1 tsp olive oil" is one amount.
    const after = rest.slice(match.index + match[0].length);
    if (
      !vocabulary.quantityStart.test(before.trim()) ||
      isOnlyAMeasure(before, vocabulary) ||
      parseLine(before, vocabulary).food === '' ||
      parseLine(after, vocabulary).food === ''
    )
      break;
    pieces.push(before);
    rest = rest.slice(match.index + match[0].length);
    match = vocabulary.andThenQuantity.exec(rest);
  }
  pieces.push(rest);
  return pieces;
}

/** "1 tbsp", "500g": an amount with no food, the first half of "1 tbsp + 1 tsp olive oil". */
function isOnlyAMeasure(text: string, vocabulary: ListVocabulary): boolean {
  const trimmed = text.trim();
  const measure = leadingMeasure(trimmed, vocabulary);
  return measure !== null && trimmed.slice(measure.length).trim() === '';
}

/**
 * "full english for 2 • 4 sausages • 2 eggs": a bullet between items on one line separates them as a
 * comma does; "hummus wraps for 2 — 4 tortilla wraps; …": a spaced dash before a quantity ends a title
 * (before words it is a note on the ingredient: "1 onion — chopped"; "2 – 4" is a range).
 */
const DASH_BEFORE_QUANTITY = /\s+—\s+(?=[\d¼½¾⅓⅔⅛])/;

function splitOneLine(line: string): string[] {
  return splitOneLineOn(line).flatMap((piece) => piece.split(DASH_BEFORE_QUANTITY));
}

function splitOneLineOn(line: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    const decimalComma = char === ',' && /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '');
    if (depth === 0 && (char === ';' || char === '|' || char === '•' || (char === ',' && !decimalComma))) {
      pieces.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  pieces.push(current);
  return pieces;
}

/**
 * What is left of a part once its servings statement is taken out: an ingredient only if it has a
 * quantity ("500g pasta, serves 4" on one line); "enough" of "enough for 4" or "and" is not one. A
 * first part may be the recipe's title ("Bolognese for 4"), so it stays.
 */
function keepRest(rest: string, hadServings: boolean, first: boolean): boolean {
  if (rest.trim() === '') return false;
  return !hadServings || first || hasQuantity(rest);
}

/** A part that is only a heading ("For the sauce:", "Method:"), lower case without its colon; else null. */
function headingOf(part: string): string | null {
  const heading = /^([^\d:]{1,40}):$/.exec(part.trim());
  return heading === null ? null : heading[1]!.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** "Ingredients:", "For the sauce:": a heading of the list itself, never its title. */
function isSectionHeading(heading: string, vocabulary: ListVocabulary): boolean {
  return (
    vocabulary.sectionHeadings.has(heading) ||
    vocabulary.words.sectionHeadingStarts.some((start) => heading.startsWith(`${start} `))
  );
}

/** Parts and servings: a part that is only a servings statement is removed; one inside a part is cut out. */
export function readListText(text: string): ListText {
  const found: FoundServings[] = [];
  const parts: string[] = [];
  let made = false;
  const vocabulary = listVocabulary();
  let cooking = false;
  for (const part of splitParts(text)) {
    // "Method:", "Directions:": what follows is how to cook, not what to buy; a servings statement
    // there still counts ("… Method: … Serves 4").
    const heading = headingOf(part);
    if (heading !== null && vocabulary.endHeadings.has(heading)) cooking = true;
    if (cooking) {
      // Only a statement that says so: "simmer for 20." in a method is not 20 servings.
      found.push(...findServings(part).found.filter((servings) => !/^for\b/i.test(servings.statement)));
      continue;
    }
    // "For the sauce:", "Ingredients:": a heading names no ingredient; a first one may be the title.
    if (heading !== null && (parts.length > 0 || isSectionHeading(heading, vocabulary))) continue;
    // Every statement is taken out of the parts; the first firm one counts ("Serves 4 … makes 8 pancakes").
    const read = findServings(part);
    found.push(...read.found);
    // "Makes 1 loaf, about 12 slices": what is made, then what it is cut into, a serving each.
    const cut = made || read.found.some((servings) => !servings.firm) ? cutInto(read.rest) : null;
    if (cut !== null) found.push(cut);
    else if (keepRest(read.rest, read.found.length > 0, parts.length === 0)) parts.push(read.rest.trim());
    made = read.found.length > 0 && read.found.every((servings) => !servings.firm);
  }
  return { parts, servings: chooseServings(found) };
}

export function hasQuantity(part: string): boolean {
  const vocabulary = listVocabulary();
  return vocabulary.quantityStart.test(part.trim()) || vocabulary.quantityAnywhere.test(part);
}

/**
 * Whether a part states an amount of a food: a weight or a volume ("500g beef", "beef 500g",
 * "1e308 g beef"), or a count of packs that are only packs ("1 can chickpeas"). A bare count is not
 * enough ("7 layer dip", "3 bean chilli"), nor packs whose word also makes dish names ("one pot pasta").
 */
function statesAnAmount(part: string, vocabulary: ListVocabulary): boolean {
  const { amount, food } = parseLine(part, vocabulary);
  if (food === '') return false;
  if (amount.kind === 'mass' || amount.kind === 'volume') return true;
  return amount.kind === 'pack' && vocabulary.words.packsStatingAnAmount.includes(amount.unit);
}

/**
 * Whether a text after `recipe` is an ingredient list rather than a dish name: several parts (lines,
 * commas or semicolons) of which at least two carry a quantity, or any text with a part that states
 * an amount of a food, however short ("500g beef, serves 4"), so that its amount is counted, or
 * refused when absurd, rather than dropped by a dish lookup. "Mac and cheese, with bacon" is a name;
 * "500g beef mince, 400g spaghetti" is a list.
 */
export function isIngredientList(text: string): boolean {
  const { parts } = readListText(text);
  if (parts.length >= 2 && parts.filter(hasQuantity).length >= 2) return true;
  const vocabulary = listVocabulary();
  return parts.some((part) => hasQuantity(part) && statesAnAmount(part, vocabulary));
}
