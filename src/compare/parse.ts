import { stripInvisible } from '../core/command.js';
import { InvalidComparisonError } from '../core/errors.js';

/** A team chooses between a handful of options; more than ten is a list, not a choice. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
/** A group larger than this is not a lunch order; the figure would only invite typos to mislead. */
export const MAX_PEOPLE = 10_000;

/** How the user asked for an option to be read; `auto` lets the resolver decide (resolve.ts). */
export type ItemHint = 'auto' | 'dish' | 'product';

export interface CompareItemInput {
  /** The option as the user wrote it (invisible characters removed, whitespace collapsed). */
  text: string;
  hint: ItemHint;
  /** The text inside the parentheses when the option is an ingredient list, e.g. "rice, beans". */
  ingredients: string | null;
}

export interface CompareRequest {
  items: CompareItemInput[];
  /** `for <N> people`; null when not given. */
  people: number | null;
}

const PEOPLE_SUFFIX = /\s+for\s+(\d+)(?:\s+(?:people|persons|guests|diners|of us))?\s*[.!]?$/i;
const HINT_PREFIX = /^(dish|recipe|meal|product|food)\s*:\s*/i;
/** Separators between options: commas, semicolons, line breaks, and "vs", "vs." or "versus". */
const SEPARATOR = /\s*(?:[,;\n]|\s(?:vs\.?|versus)\s)\s*/i;
/** Stands in for a parenthesised group while the text is split; removed from input first. */
const PLACEHOLDER = '\ue000';

/**
 * Reads the text after `compare`: "a, b, c", "a vs b", optionally ending "for 12 people". Commas
 * inside parentheses belong to an ingredient list, not to the list of options. Throws
 * InvalidComparisonError when fewer than 2 or more than 10 options are given.
 */
export function parseCompareText(raw: string): CompareRequest {
  // Line breaks separate options; stripInvisible would make them spaces.
  let text = stripInvisible(raw.replace(/\r\n|[\r\n\u2028\u2029]/g, ','))
    .replaceAll(PLACEHOLDER, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  let people: number | null = null;
  const suffix = PEOPLE_SUFFIX.exec(text);
  if (suffix) {
    people = Number(suffix[1]);
    if (!Number.isSafeInteger(people) || people < 1 || people > MAX_PEOPLE) {
      throw new InvalidComparisonError(
        `the number of people must be between 1 and ${MAX_PEOPLE.toLocaleString('en-US')}`,
      );
    }
    text = text.slice(0, suffix.index);
  }
  const { masked, groups } = maskParentheses(text);
  const parts = masked
    .split(SEPARATOR)
    .map((part) =>
      part.replace(new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'), (_, i) => groups[Number(i)]!),
    )
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < MIN_OPTIONS) {
    throw new InvalidComparisonError('give at least two options, separated by commas or "vs"');
  }
  if (parts.length > MAX_OPTIONS) {
    throw new InvalidComparisonError(
      `compare takes at most ${MAX_OPTIONS} options at a time (you gave ${parts.length})`,
    );
  }
  return { items: parts.map(readItem), people };
}

/** One option: an optional "dish:" or "product:" prefix, and an ingredient list in parentheses. */
export function readItem(part: string): CompareItemInput {
  let text = part.replace(/\s+/g, ' ').trim();
  let hint: ItemHint = 'auto';
  const prefix = HINT_PREFIX.exec(text);
  if (prefix) {
    const word = prefix[1]!.toLowerCase();
    hint = word === 'product' || word === 'food' ? 'product' : 'dish';
    text = text.slice(prefix[0].length).trim();
  }
  // "(rice 200g, black beans 150g)" or "my bowl (rice, beans)": a list, because it has a comma.
  // "Chicken (free range)" is a name with a remark, left to the matcher.
  const list = /\(([^()]*[,;\n][^()]*)\)/.exec(text);
  return { text, hint, ingredients: list ? list[1]!.trim() : null };
}

/** Replaces each balanced top-level "(…)" with a numbered placeholder so its commas do not split. */
function maskParentheses(text: string): { masked: string; groups: string[] } {
  const groups: string[] = [];
  let masked = '';
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(') {
      if (depth === 0) start = i;
      depth++;
    } else if (char === ')' && depth > 0) {
      depth--;
      if (depth === 0) {
        masked += `${PLACEHOLDER}${groups.length}${PLACEHOLDER}`;
        groups.push(text.slice(start, i + 1));
      }
    } else if (depth === 0) {
      masked += char;
    }
  }
  // An unclosed "(" is ordinary text: keep what followed it, splitting it like the rest.
  if (depth > 0) masked += text.slice(start);
  return { masked, groups };
}
