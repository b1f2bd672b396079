import { stripInvisible } from '../core/command.js';

/**
 * Reading a recipe text as a whole: its parts (one ingredient each), its servings statement, and
 * whether it is an ingredient list at all or a plain dish name.
 */

/** Texts longer than this are refused: a long recipe has a few hundred characters a line at most. */
export const MAX_RECIPE_TEXT_LENGTH = 4000;
/** More parts than this are not a recipe anyone types; the rest are listed as skipped. */
export const MAX_RECIPE_PARTS = 60;

export interface Servings {
  count: number;
  /** The words that stated it, as typed. */
  statement: string;
}

export interface ListText {
  parts: string[];
  servings: Servings | null;
}

/** Counts written as words, as recipes and chat lists state servings ("serves four"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};
const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const RANGE = `${COUNT}(?:\\s*(?:-|–|to)\\s*${COUNT})?`;
const EATERS = '(?:people|persons?|servings?|portions?|plates?|adults?|guests?)';

/**
 * "serves 4", "serves 4-6", "for 2", "for 2 people", "makes 6 portions", "4 servings", "servings: 4",
 * "yield: 8 portions". "makes 12" alone counts too (muffins, pancakes: one each is a serving).
 */
const SERVINGS_PATTERNS = [
  new RegExp(`\\b(?:serves|serving|feeds|for)\\s*:?\\s*${RANGE}(?:\\s+${EATERS})?(?![\\w.,/])`, 'i'),
  // "makes 10 slices", "makes 4 burgers": what is made is one serving each.
  new RegExp(`\\b(?:makes|yields?|yield:)\\s*:?\\s*${RANGE}(?:\\s+(?:${EATERS}|[a-z]+))?(?![\\w.,/])`, 'i'),
  new RegExp(`\\b(?:servings?|portions?)\\s*:\\s*${RANGE}(?![\\w.,/])`, 'i'),
  new RegExp(`(?:^|\\s)${RANGE}\\s+${EATERS}\\b`, 'i'),
];

function countOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const value = NUMBER_WORDS[word.toLowerCase()] ?? Number.parseInt(word, 10);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The servings a part states, and the part with the statement removed. */
export function takeServings(part: string): { servings: Servings | null; rest: string } {
  for (const pattern of SERVINGS_PATTERNS) {
    const match = pattern.exec(part);
    if (match === null) continue;
    const low = countOf(match[1]);
    if (low === null) continue;
    const high = countOf(match[2]) ?? low;
    // A range ("serves 4-6") is read as its middle, as ranges of quantities are.
    const count = (low + Math.max(low, high)) / 2;
    const rest = `${part.slice(0, match.index)} ${part.slice(match.index + match[0].length)}`;
    return {
      servings: { count, statement: match[0].trim() },
      rest: rest.replace(/[\s,;:()-]+$/, '').replace(/^[\s,;:)-]+/, ''),
    };
  }
  return { servings: null, rest: part };
}

/** Words that only say how an ingredient is prepared: a comma before them does not start a new one. */
const PREPARATION =
  /^(?:(?:finely|roughly|thinly|coarsely|freshly|lightly|well|very|and|or|to|taste|serve|for|garnish|optional|chopped|diced|sliced|minced|grated|crushed|peeled|drained|rinsed|beaten|melted|softened|cubed|halved|quartered|shredded|cooked|trimmed|deseeded|seeded|divided|packed|sifted|julienned|torn|at|room|temperature|cut|into|pieces|strips|chunks|rings|cubes|small|large|bite-sized|plus|extra|more|if|needed|desired)\s*)+$/i;

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
  const pieces = lines.length > 1 ? lines.flatMap((line) => line.split(';')) : splitOneLine(lines[0] ?? '');
  const parts: string[] = [];
  for (const piece of pieces) {
    const part = piece.replace(/\s+/g, ' ').trim();
    if (part === '') continue;
    const previous = parts.length - 1;
    if (previous >= 0 && PREPARATION.test(part)) parts[previous] = `${parts[previous]}, ${part}`;
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
  let servings: Servings | null = null;
  const parts: string[] = [];
  for (const part of splitParts(text)) {
    // Every statement is taken out of the parts; the first one counts ("Serves 4 … makes 8 pancakes").
    let rest = part;
    // A line may hold two statements: "Makes 8 pancakes, serves 4".
    for (let i = 0; i < 3; i++) {
      const taken = takeServings(rest);
      if (taken.servings === null) break;
      servings ??= taken.servings;
      rest = taken.rest;
    }
    if (rest.trim() !== '') parts.push(rest.trim());
  }
  return { parts, servings };
}

/** A quantity at the start of a part: digits, a unicode fraction, or a word such as "a", "half", "pinch". */
const QUANTITY_START =
  /^(?:[~≈]|about|approx\.?|around)?\s*(?:\d|[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|(?:a|an|one|two|three|four|five|six|half|a few|some|pinch|handful|dash|splash|drizzle)\b)/i;
/** A quantity anywhere: "Lemon juice 1 tbsp", "Butter *50 g*". */
const QUANTITY_ANYWHERE = /\d\s*(?:g|kg|ml|l|cl|dl|oz|lb|lbs|cups?|tbsp|tsp|tablespoons?|teaspoons?)\b/i;

export function hasQuantity(part: string): boolean {
  return QUANTITY_START.test(part.trim()) || QUANTITY_ANYWHERE.test(part);
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
