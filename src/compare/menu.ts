import { MAX_NAME_LENGTH } from '../core/command.js';
import { foldWords } from '../core/fold.js';
import { type CleanLine, cleanLine, cleanSegment, isPriced } from './menu-text.js';
import { loadMenuWords } from './menu-words.js';
import {
  expandAbbreviations,
  type FoodJudge,
  type OptionPatterns,
  optionPatterns,
  saysNothing,
  splitOptions,
  trimChat,
} from './options.js';
import { type CompareItemInput, MAX_OPTIONS, readItem } from './parse.js';

export type { FoodJudge } from './options.js';

/**
 * "Rate this menu": a posted message read into the options a person would see in it, by its
 * structure rather than by format rules.
 *
 * 1. Lines, and sentences within them; chat syntax, bullets and markup off (menu-text.ts).
 * 2. Which lines hold options: when a menu's items are marked (a bullet or number, a price, a day,
 *    each on two lines or more), a line with no such mark is chatter or a heading, unless it labels what follows
 *    ("Sides: bhajis, poppadoms"); otherwise a message's first line is its title when it reads
 *    like one (a heading word, a question, a colon, a long sentence).
 * 3. Within a line, segments parted by a dash, colon, bar or dot leaders: a label before the dish
 *    ("Tue –", "veggie option:") says nothing of it, and what follows the dish describes it.
 * 4. Within the dish segment, alternatives ("or", "/", "vs") and, where the structure says it is
 *    a list, commas (options.ts); chat trimmed off the ends; dietary marks kept as the diet they
 *    state ("Tarka dal (vegetarian)").
 * 5. A judge (the catalog's matchers, food-judge.ts) decides what reads as food, so chatter and
 *    headings drop out without a list of chatter; beside an option that reads as food, a short
 *    sibling in the same list is an option too ("nasi lemak, char kway teow or chicken satay").
 *
 * Linear in the message's length (at most MAX_MESSAGE_LENGTH characters are read), and the judge
 * is asked about at most MAX_JUDGED candidates.
 */
export interface ReadMenu {
  /** At most MAX_OPTIONS, in menu order, without repeats. */
  options: CompareItemInput[];
  /** How many distinct options the menu had before the cap. */
  total: number;
}

/**
 * Candidates the judge is asked about per message: a plain message is read no further; a marked menu
 * past its tenth option is only counted, by its structure.
 */
export const MAX_JUDGED = 60;
/** Characters of a message read: Slack's limit for a message's text. */
export const MAX_MESSAGE_LENGTH = 40_000;
/**
 * Segments of a sentence, and options of a segment, read: a line of a menu has a handful; a line
 * with more is prose or junk, and reading it further would only cost time.
 */
const MAX_PARTS = 24;
/** Characters of one candidate cleaned and judged: a dish's name is at most MAX_NAME_LENGTH. */
const MAX_PIECE_LENGTH = 2 * MAX_NAME_LENGTH;
/** A sibling kept beside food without reading as food itself is at most this many words. */
const MAX_SIBLING_WORDS = 4;

interface Line extends CleanLine {
  /** The line as cleaned, in sentences. */
  sentences: string[];
  priced: boolean;
  /** Starts with a day as a label: "Mon: …", "TUE  …". */
  dayLabelled: boolean;
  /** Has a colon label before its dish: "Sides: …", "Dessert: …". */
  labelled: boolean;
}

type Mark = 'listItem' | 'dayLabelled' | 'priced';

const SENTENCE_END = /(?<=[.!?])\s+|(?<=[?!])(?=[^\s?!])/;
/** Between a label and its dish, or a dish and its description. */
const SEGMENT =
  /\s[-–—]+\s|\s[-–—]+$|^[-–—]+\s|(?<![\d\s]):(?!\d)\s*|\s:\s|\s\|\s|\s?\.{2,}\s?|\s?…\s?|\s=\s|\s{2,}/;

function linesOf(message: string, p: OptionPatterns): Line[] {
  const lines: Line[] = [];
  for (const raw of message.slice(0, MAX_MESSAGE_LENGTH).split(/\r\n|[\r\n\u2028\u2029]/)) {
    const line = cleanLine(raw);
    if (line.text === '') continue;
    const dayLabelled = p.leadingDay.test(line.text);
    const text = line.text.replace(p.leadingDay, '');
    lines.push({
      ...line,
      sentences: text
        .split(SENTENCE_END)
        .slice(0, MAX_PARTS)
        .filter((sentence) => /\p{L}/u.test(sentence)),
      priced: isPriced(text),
      dayLabelled,
      labelled: /^[^:]{1,40}:\s*\S/.test(text) && !/^\S+:\/\//.test(text),
    });
  }
  return lines;
}

/** The marks a menu's items share: each that at least two lines have. */
function itemMarks(lines: readonly Line[]): Mark[] {
  return (['listItem', 'dayLabelled', 'priced'] as const).filter(
    (mark) => lines.filter((line) => line[mark]).length >= 2,
  );
}

/** A first line that titles the message: a heading word, a question, a colon, a long sentence. */
function isTitle(line: Line, p: OptionPatterns): boolean {
  if (line.listItem || line.priced || line.dayLabelled) return false;
  const words = foldWords(line.text.replace(/['’]/g, '')).split(' ');
  return (
    /[?!:@]/.test(line.text) ||
    line.styledHeading ||
    words.length >= 5 ||
    words.some((word) => p.section.has(word) || (p.nothing.has(word) && word.length > 3))
  );
}

/** The option's text, with the diets its marks stated ("Tarka dal (vegetarian)"), bounded. */
function optionText(text: string, diets: readonly string[]): string {
  const folded = foldWords(text);
  const stated = diets.filter((diet) => !folded.includes(diet));
  const full = stated.length === 0 ? text : `${text} (${stated.join(', ')})`;
  return [...full].length > MAX_NAME_LENGTH ? [...full].slice(0, MAX_NAME_LENGTH).join('').trim() : full;
}

interface Option {
  text: string;
  diets: string[];
}

interface Part extends Option {
  food: boolean;
}

/**
 * Reads a posted menu into at most ten options, with the total so the reply can say what was left
 * out. With a judge, what reads as food decides; without one, the first dish segment of every line
 * that holds options is an option.
 */
export function readMenu(message: string, judge?: FoodJudge): ReadMenu {
  const p = optionPatterns(loadMenuWords());
  const lines = linesOf(message, p);
  const marks = itemMarks(lines);
  const marked = marks.length > 0;
  const isItem = (line: Line) => marks.some((mark) => line[mark]);
  // A message of one line ("curry or noodles for lunch?"): a poll, whose commas list options.
  const prose = lines.length === 1;
  let judged = 0;
  /** Once ten options are read, the rest of a marked menu is only counted, by its structure. */
  let counting = false;
  const reads = (text: string): boolean => {
    if (judge === undefined || counting) return true;
    if (judged >= MAX_JUDGED) return false;
    judged++;
    return judge.readsAsFood(text);
  };
  // The judge, within the same bound, for what trims an option's tail.
  const bounded: FoodJudge | undefined =
    judge === undefined
      ? undefined
      : { readsAsFood: reads, namesDishType: (text) => judge.namesDishType?.(text) ?? false };

  /** The parts of one segment: its alternatives (and list items), cleaned and judged. */
  const partsOf = (segment: string, asList: boolean): Part[] => {
    const parts: Part[] = [];
    for (const whole of splitOptions(segment, asList, p).slice(0, MAX_PARTS)) {
      // A dish's name is at most MAX_NAME_LENGTH characters: what is longer is not read whole.
      const piece = whole.length > MAX_PIECE_LENGTH ? whole.slice(0, MAX_PIECE_LENGTH) : whole;
      const cleaned = cleanSegment(piece, p.words);
      const text = trimChat(cleaned.text, p, counting ? undefined : bounded);
      if (text === '' || saysNothing(text, p)) continue;
      parts.push({ text, diets: cleaned.diets, food: reads(text) });
    }
    return parts;
  };

  /** The options one sentence of a line holds, in its order. */
  const readSentence = (sentence: string, line: Line): Option[] => {
    const unwrapped = sentence.trim().replace(/^\((.*)\)[\s?!.]*$/, '$1');
    const segments = expandAbbreviations(unwrapped)
      .split(SEGMENT)
      .slice(0, MAX_PARTS)
      .filter((segment) => segment.trim() !== '');
    // An item of a marked menu holds a dish even when the judge does not know it.
    let structural = isItem(line) && !line.labelled;
    let labelled = false;
    for (let i = 0; i < segments.length; i++) {
      const raw = segments[i]!;
      const asList = labelled || prose || /,\s*(?:or|and)\s/i.test(raw);
      const parts = partsOf(raw, asList);
      if (parts.length === 0) {
        // A label that says nothing of a dish ("Sides:", "Tue –", "veggie option:") heads the options after it.
        structural ||= saysNothing(raw, p) && i + 1 < segments.length;
        labelled = true;
        continue;
      }
      const food = parts.filter((part) => part.food);
      if (food.length === 0 && !structural) {
        // A label that is not food ("Chinese –", "From:") introduces the dish after it.
        labelled = true;
        continue;
      }
      // A dish type as a label ("Soup: spiced red lentil", "Soup of the day – carrot & coriander").
      const next = segments[i + 1];
      if (
        !counting &&
        parts.length === 1 &&
        next !== undefined &&
        bounded?.namesDishType?.(parts[0]!.text) === true
      ) {
        const named = partsOf(next, false);
        if (named.length === 1 && named[0]!.food) return [withType(named[0]!, parts[0]!.text)];
      }
      // Beside a food in one list, a short sibling is an option the catalog may not know.
      const shortSiblings = parts.filter((part) => !part.food && wordCount(part.text) <= MAX_SIBLING_WORDS);
      if (food.length === 0) return parts;
      return food.length + shortSiblings.length > 1
        ? parts.filter((part) => part.food || shortSiblings.includes(part))
        : food;
      // What follows the dish describes it ("Dal – lentils, rice"; "Tofu banh mi – £8.50").
    }
    return [];
  };

  const distinct = new Set<string>();
  const perLine: Option[][] = lines.map((line, index) => {
    if (judged >= MAX_JUDGED && !counting) return [];
    if (marked && !isItem(line) && !line.labelled) return [];
    // Past ten options, a marked menu's items are counted without the judge: linear and cheap.
    if (counting && !isItem(line)) return [];
    if (!marked && index === 0 && lines.length >= 3 && isTitle(line, p)) return [];
    // A heading alone on its line ("*Mains*", "## Desserts", "Hi Priya, for Friday we can do:").
    if (!line.listItem && (line.introduces || (line.styledHeading && saysNothing(line.text, p)))) return [];
    const found = line.sentences.flatMap((sentence) => readSentence(sentence, line));
    for (const option of found) distinct.add(foldWords(option.text));
    counting ||= marked && judge !== undefined && distinct.size >= MAX_OPTIONS;
    return found;
  });
  // A plain list of lines, most of them food: a short line among them is an item the catalog may not
  // know ("Crunchwrap Supreme", "Baja Blast (lg)"), not chatter.
  if (
    !marked &&
    judge !== undefined &&
    judged < MAX_JUDGED &&
    perLine.filter((found) => found.length > 0).length >= 2
  ) {
    lines.forEach((line, index) => {
      if (perLine[index]!.length > 0 || line.sentences.length !== 1 || (index === 0 && lines.length >= 3))
        return;
      const text = cleanSegment(line.text, p.words);
      const trimmed = trimChat(text.text, p, undefined);
      const bare = trimmed.replace(/\([^()]*\)/g, ' ');
      if (/[,?!:;]/.test(bare) || wordCount(bare) > MAX_SIBLING_WORDS || saysNothing(trimmed, p)) return;
      if (trimmed !== '') perLine[index] = [{ text: trimmed, diets: text.diets }];
    });
  }

  const seen = new Set<string>();
  const options: CompareItemInput[] = [];
  let total = 0;
  for (const option of perLine.flat()) {
    const key = foldWords(option.text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    total++;
    if (options.length < MAX_OPTIONS)
      options.push({ ...readItem(optionText(option.text, option.diets)), ingredients: null });
  }
  return { options, total };
}

function wordCount(text: string): number {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '').length;
}

/** "spiced red lentil with sourdough" under "Soup": "spiced red lentil soup with sourdough". */
function withType(option: Option, type: string): Option {
  const at = option.text.search(/\s(?:with|w|\+)\s/i);
  const text =
    at < 0
      ? `${option.text} ${type.toLowerCase()}`
      : `${option.text.slice(0, at)} ${type.toLowerCase()}${option.text.slice(at)}`;
  return { text, diets: option.diets };
}
