import { MAX_NAME_LENGTH, stripInvisible } from '../core/command.js';
import { InvalidComparisonError } from '../core/errors.js';
import { MenuJudge } from './menu-judge.js';
import { inlineItems } from './menu-lines.js';
import { saidOnce, shareKind } from './menu-structure.js';
import { alternation, loadMenuWords, type MenuWords } from './menu-words.js';
import {
  betweenAsAlternative,
  expandAbbreviations,
  type FoodJudge,
  maskParentheses,
  optionPatterns,
  trimChat,
} from './options.js';

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

const HINT_PREFIX = /^(dish|recipe|meal|product|food)\s*:\s*/i;

interface GroupPatterns {
  trailing: RegExp;
  leading: RegExp;
}
const groupPatterns = new WeakMap<MenuWords, GroupPatterns>();

/** "for 12 people", "8 ppl", "14 of us", "x 12", "for 20" at the end; "for 12 people:" at the start. */
function groupPatternsOf(words: MenuWords): GroupPatterns {
  let patterns = groupPatterns.get(words);
  if (patterns === undefined) {
    const people = alternation(words.peopleWords);
    const marks = alternation(words.groupMarks);
    patterns = {
      trailing: new RegExp(
        `(?:^|[\\s,;])(?:(?:for\\s+)?(\\d+)\\s*(?:${people})|(?:${marks})\\s*(\\d+))\\s*[.!?]*\\s*$`,
        'i',
      ),
      leading: new RegExp(`^\\s*(?:for\\s+)?(\\d+)\\s*(?:${people})\\s*[:,-]\\s*`, 'i'),
    };
    groupPatterns.set(words, patterns);
  }
  return patterns;
}

/** The group size a comparison states, and its text without it. Throws for a size out of range. */
export function readGroupSize(text: string, words: MenuWords): { people: number | null; rest: string } {
  const { trailing, leading } = groupPatternsOf(words);
  const match = trailing.exec(text) ?? leading.exec(text);
  if (match === null) return { people: null, rest: text };
  const people = Number(match[1] ?? match[2]);
  if (!Number.isSafeInteger(people) || people < 1 || people > MAX_PEOPLE) {
    throw new InvalidComparisonError(
      `the number of people must be between 1 and ${MAX_PEOPLE.toLocaleString('en-US')}`,
    );
  }
  const rest = text.slice(0, match.index) + text.slice(match.index + match[0].length);
  return { people, rest };
}

/**
 * Reads the text after `compare`: "a, b, c", "a vs b", "a or b or c", "a / b", "a versus b for 8
 * ppl". Options are split as a posted menu's are (options.ts): commas, semicolons and line breaks,
 * and the alternatives of data/curated/menu-words.json; commas inside parentheses belong to an
 * ingredient list. The group size ("for 12 people", "14 of us", "x 12") comes out of the options'
 * text. With a judge, a tail that is not food ("for xmas dinner") comes off an option. Throws
 * InvalidComparisonError when fewer than 2 or more than 10 options are given.
 */
export function parseCompareText(raw: string, judge?: FoodJudge): CompareRequest {
  const words = loadMenuWords();
  const p = optionPatterns(words);
  // Line breaks separate options; stripInvisible would make them spaces. Every other run of white
  // space becomes one space, so the splits below (`\s*[,;]\s*`, `\s+or\s+`) never rescan a long run.
  const text = stripInvisible(raw.replace(/\r\n|[\r\n\u2028\u2029]/g, ','))
    .replace(/\s+/g, ' ')
    .trim();
  const { people, rest } = readGroupSize(text, words);
  const { masked, restore } = maskParentheses(expandAbbreviations(rest));
  // As a posted menu's line is read (menu-lines.ts, options.ts): items lettered or numbered within
  // it ("a) falafel wrap b) halloumi wrap"), "between X and Y".
  const parts = inlineItems(betweenAsAlternative(masked))
    .flatMap((piece) => piece.split(/\s*[,;]\s*/))
    .flatMap((part) => part.split(p.alternatives))
    .map((part) => restore(part).trim())
    // An ingredient list in parentheses is the user's own text: only a joining word comes off.
    .map((part) =>
      // A part over the limit is left whole, for the resolver to say so.
      /\(/.test(part) || part.length > MAX_NAME_LENGTH
        ? part.replace(/^(?:or|and)\s+/i, '')
        : trimChat(part, p, judge),
    )
    .filter((part) => part !== '');
  // "chicken or beef burrito": a bare food shares the kind named after the next one (menu-structure.ts).
  if (judge?.statedFoods !== undefined && parts.length === 2 && saidOnce(masked)) {
    const mj = new MenuJudge(p, judge);
    const options = parts.map((text) => ({ text, diets: [] }));
    shareKind(options, mj.bareFood, mj.kindAfterFood);
    parts.splice(0, parts.length, ...options.map((option) => option.text));
  }
  if (parts.length < MIN_OPTIONS) {
    throw new InvalidComparisonError('give at least two options, separated by commas, "or" or "vs"');
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
