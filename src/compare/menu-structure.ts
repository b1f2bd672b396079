import { MAX_NAME_LENGTH } from '../core/command.js';
import { foldWords } from '../core/fold.js';
import { type Line, MAX_PARTS } from './menu-lines.js';
import { isPriced } from './menu-text.js';
import { alternation, loadMenuWords } from './menu-words.js';
import { expandAbbreviations, maskParentheses } from './options.js';

/**
 * The shapes within a posted menu's lines that menu.ts reads options out of: a sentence's
 * segments, a column of labels, items parted by bars, and how an option is written back with the
 * kind of dish or the house name its line gave it. No judging of food here; linear in the text.
 */

/** A house name before its dish ("Cluck Norris", "Classic Ahi") is at most this many words. */
export const MAX_HOUSE_NAME_WORDS = 3;

export interface Option {
  text: string;
  diets: string[];
  /** Read out of a sentence ("can we do sushi this time"), with fewer than two foods beside it. */
  chatty?: boolean;
}

export interface Segment {
  text: string;
  /** It ends with a colon: it labels what follows. */
  colon: boolean;
}

/** Between a label and its dish, or a dish and its description; the separator is captured. */
const SEGMENT =
  /(\s[-–—]+\s|\s[-–—]+$|^[-–—]+\s|(?<!\s):(?!\d)\s*|\s:\s|\s\|\s|\s?\.{2,}\s?|\s?…\s?|\s=\s|\s{2,})/;

/** A sentence's segments, parentheses kept whole. */
export function segmentsOf(sentence: string): Segment[] {
  const { masked, restore } = maskParentheses(expandAbbreviations(sentence));
  const pieces = masked.split(SEGMENT).slice(0, 2 * MAX_PARTS);
  const segments: Segment[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const text = restore(pieces[i] ?? '');
    if (text.trim() === '') continue;
    segments.push({ text, colon: (pieces[i + 1] ?? '').includes(':') });
  }
  return segments;
}

/** The option's text, with the diets its marks stated ("Tarka dal (vegetarian)"), bounded. */
export function optionText(text: string, diets: readonly string[]): string {
  const folded = foldWords(text);
  const stated = diets.filter((diet) => !folded.includes(diet));
  const full = stated.length === 0 ? text : `${text} (${stated.join(', ')})`;
  return [...full].length > MAX_NAME_LENGTH ? [...full].slice(0, MAX_NAME_LENGTH).join('').trim() : full;
}

export function wordCount(text: string): number {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '').length;
}

/** The menu words' joining patterns (menu-words.json withWords, choiceWords), compiled once. */
let joins: { withWord: RegExp; withOrPlus: RegExp; twoChoices: RegExp } | undefined;
function joinPatterns(): NonNullable<typeof joins> {
  if (joins !== undefined) return joins;
  const words = loadMenuWords();
  const withWord = alternation(words.withWords);
  const choice = `\\s(?:${alternation(words.choiceWords)})\\.?\\s`;
  joins = {
    withWord: new RegExp(`\\s(?:${withWord})\\s`, 'i'),
    withOrPlus: new RegExp(`\\s(?:${withWord}|\\+)\\s`, 'i'),
    twoChoices: new RegExp(`${choice}.*${choice}`, 'i'),
  };
  return joins;
}

/** "spiced red lentil with sourdough" under "Soup": "spiced red lentil soup with sourdough". */
export function withType(option: Option, type: string): Option {
  const at = option.text.search(joinPatterns().withOrPlus);
  const text =
    at < 0
      ? `${option.text} ${type.toLowerCase()}`
      : `${option.text.slice(0, at)} ${type.toLowerCase()}${option.text.slice(at)}`;
  return { text, diets: option.diets };
}

/**
 * "Ribeye steak" with "chips" and "peppercorn sauce": "Ribeye steak with chips and peppercorn
 * sauce", so the dish is read and served with what comes with it ("Shakshuka with sourdough" and
 * "feta": "Shakshuka with sourdough and feta").
 */
export function withSides(text: string, sides: readonly string[]): string {
  if (sides.length === 0) return text;
  const joined = sides.join(' and ');
  return joinPatterns().withWord.test(text) ? `${text} and ${joined}` : `${text} with ${joined}`;
}

/**
 * "chicken or beef burrito", "chicken, beef or bean burrito": a bare food before an alternative
 * that ends with a kind of dish shares that kind ("chicken burrito"). In place; a food after the
 * kind ("burrito or chicken") and a side ("chips or a burger") are left as they are.
 */
/**
 * Whether a text is two options joined by one "or" and nothing else ("the chicken or the beef
 * burrito"), the one shape in which a kind said once is shared: with commas, "vs" or "/" each
 * option is written whole ("steak vs salmon vs chickpea curry", "Cod loin / Cheese omelette").
 */
export function saidOnce(text: string): boolean {
  return (
    // No comma, semicolon or slash anywhere, and an "or": two tests, each linear in the text's length.
    !/[,;/]/.test(text) && /\sor\s/i.test(text) && !joinPatterns().twoChoices.test(text)
  );
}

export function shareKind(
  parts: Option[],
  bare: (text: string) => boolean,
  kindOf: (text: string) => string | null | undefined,
): void {
  let kind: string | null = null;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    const own = kindOf(part.text) ?? null;
    if (own !== null && foldWords(part.text).endsWith(foldWords(own))) kind = own;
    else if (kind !== null && own === null && bare(part.text))
      parts[i] = { ...part, text: `${part.text} ${kind}` };
    else kind = null;
  }
}

/** "beef meatballs in tomato sauce (Albóndigas)": the dish, and the menu's name for it. */
export function withHouseName(dish: Option, name: Option): Option {
  return { text: `${dish.text} (${name.text})`, diets: [...dish.diets, ...name.diets] };
}

/** A label before a line's dish: a colon's, or a dash's in capitals ("GRILL – Ribeye steak"). */
const COLUMN_LABEL = /^([^:–—-]{1,40}?)(?:\s*:\s+|\s+[-–—]+\s+)(\S.*)$/u;
/** Lines a column of labels has at least: two labels could be dishes described; three are a column. */
const MIN_COLUMN = 3;

/**
 * The lines whose first words are a column's label rather than a dish: at least MIN_COLUMN lines of a
 * message starting with a label of at most MAX_HOUSE_NAME_WORDS words, each a colon's label before a
 * dish with no list after it ("Soup: Leek & potato", "Fish: Battered cod & chips"), or a label in
 * capitals before a dash ("GRILL – Ribeye steak, chips", "SALAD BAR – Grilled chicken salad"); then
 * every line of that shape. A dish described after a dash ("Margherita – tomato, mozzarella, basil")
 * is no column: its name is not in capitals, and a colon's list ("Margherita: tomato, mozzarella")
 * describes it.
 */
export function labelColumn(lines: readonly Line[]): Set<number> {
  const shaped = new Set<number>();
  const labelled = new Set<number>();
  lines.forEach((line, index) => {
    const match = COLUMN_LABEL.exec(line.sentences[0] ?? '');
    if (match === null || wordCount(match[1]!) > MAX_HOUSE_NAME_WORDS) return;
    const [whole, label, rest] = match as unknown as [string, string, string];
    const capitals = /\p{Lu}{2}/u.test(label) && label === label.toUpperCase() && rest !== rest.toUpperCase();
    const colon = whole.slice(label.length).trimStart().startsWith(':');
    if (capitals || colon) shaped.add(index);
    if (capitals || (colon && !rest.includes(','))) labelled.add(index);
  });
  // Once a column is plain, a line of its shape whose dish is described after commas is in it too.
  return labelled.size >= MIN_COLUMN ? shaped : new Set();
}

/**
 * A sentence of items parted by bars, each with its price ("Hot chocolate 3.5 | Soy latte 3.6 |
 * Orange juice 3") or three or more ("ramen | sushi | katsu curry"): each its own sentence. One bar
 * otherwise parts a dish from its label or description ("Tofu banh mi | £8").
 */
export function pricedItems(sentence: string): string[] {
  const pieces = sentence.split(/\s\|\s/, MAX_PARTS);
  return pieces.length >= 3 || (pieces.length === 2 && pieces.every((piece) => isPriced(piece)))
    ? pieces
    : [sentence];
}

/**
 * A sentence of labels each with its value, parted by commas ("steakhouse = sirloin & chips, vegan
 * place = their jackfruit burger", "Sides: chips, Drinks: cola"): each pair its own sentence, so a
 * comma does not join one pair's dish to the next pair's label. A label is one to three words.
 */
export function labelledPairs(sentence: string): string[] {
  // At most MAX_PARTS pairs are read, as at most MAX_PARTS sentences of a line are.
  const pieces = sentence.split(/[,;]\s*(?=(?:[^\s,;:=]+\s){0,2}[^\s,;:=]+\s?[=:]\s)/, MAX_PARTS);
  return pieces.length >= 2 && /[=:]\s/.test(pieces[0]!) ? pieces : [sentence];
}

/** Whether a dish's name holds the kind a label names, or a longer word for it ("pudding" for "pud"). */
export function namesOwnKind(dish: string, kind: string): boolean {
  const words = foldWords(dish).split(' ');
  // "Burgers: smash burger": the label's plural.
  const kinds = foldWords(kind)
    .split(' ')
    .map((word) => (word.length > 3 ? word.replace(/e?s$/, '') : word));
  return kinds.every((label) => words.some((word) => word.startsWith(label)));
}

/**
 * "pizza tonight? … Pepperoni, margherita or bbq chicken": a sentence naming only a kind of dish
 * (`namesKind`) before a sentence offering two options or more heads them, as a heading line does;
 * `typed` gives each of that sentence's options the kind. The sentences' options, flat.
 */
export function kindSentence(
  sentences: readonly Option[][],
  namesKind: (text: string) => boolean,
  typed: (option: Option, kind: string) => Option,
): Option[] {
  const at = sentences.findIndex((options) => options.length === 1 && namesKind(options[0]!.text));
  const poll = sentences.findIndex(
    (options, i) => i > at && options.filter((option) => option.chatty !== true).length >= 2,
  );
  if (at < 0 || poll < 0) return sentences.flat();
  const kind = sentences[at]![0]!.text.toLowerCase();
  return sentences.flatMap((options, i) =>
    i === at ? [] : i === poll ? options.map((option) => typed(option, kind)) : options,
  );
}

/**
 * Lines that are a word or two in capitals alone ("MAIN", "VEG", "DESSERT"), when at least two lines
 * of a message are, one of which says nothing of a dish (a section's name): those lines head
 * sections, whatever food one of them names. Empty otherwise.
 */
export function headingsInCapitals(
  lines: readonly Line[],
  saysNothing: (text: string) => boolean,
): Set<number> {
  const capitals = new Set<number>();
  lines.forEach((line, index) => {
    const text = line.text.trim();
    if (
      /\p{Lu}{2}/u.test(text) &&
      text === text.toUpperCase() &&
      /^[\p{L}&' ]+$/u.test(text) &&
      wordCount(text) <= 2
    )
      capitals.add(index);
  });
  const named = [...capitals].some((index) => saysNothing(lines[index]!.text));
  return capitals.size >= 2 && named ? capitals : new Set();
}

/** A line in capitals: two capital letters or more and no lower-case letter ("PIZZA", "MAINS"). */
function inCapitals(text: string): boolean {
  return /\p{Lu}{2}/u.test(text) && !/\p{Ll}/u.test(text);
}

/**
 * What marks a first line naming a kind of dish (`kind`), neither styled, ending in a colon nor set
 * apart from items marked with a bullet, a number or a price, as a heading over the lines after it: words beside the kind that say nothing of a dish ("Ramen
 * Thursday", "Pizza night"), or capitals over a line that is not ("PIZZA" over "Margherita"). Without
 * a mark the line is a dish like the others ("lasagne" over "dal" and "fish pie" is a poll).
 */
export function headingMarked(
  kind: string,
  line: string,
  next: string,
  saysNothing: (text: string) => boolean,
): boolean {
  const kindWords = new Set(foldWords(kind).split(' '));
  const rest = foldWords(line)
    .split(' ')
    .filter((word) => word !== '' && !kindWords.has(word));
  if (rest.length > 0 && saysNothing(rest.join(' '))) return true;
  return inCapitals(line) && !inCapitals(next);
}
