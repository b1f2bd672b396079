import { MAX_NAME_LENGTH } from '../core/command.js';
import { foldWords } from '../core/fold.js';
import { isTitle, itemMarks, type Line, linesOf, MAX_PARTS } from './menu-lines.js';
import { cleanSegment, isPriced } from './menu-text.js';
import { loadMenuWords, onlyPhrases } from './menu-words.js';
import {
  expandAbbreviations,
  type FoodJudge,
  holdsSentence,
  maskParentheses,
  optionPatterns,
  saysNothing,
  splitOptions,
  trimChat,
} from './options.js';
import { type CompareItemInput, MAX_OPTIONS, readItem } from './parse.js';

export { MAX_MESSAGE_LENGTH } from './menu-lines.js';
export type { FoodJudge } from './options.js';

/**
 * "Rate this menu": a posted message read into the options a person would see in it, by its
 * structure rather than by format rules.
 *
 * 1. Lines, and sentences within them; chat syntax, bullets, markup, allergen statements off
 *    (menu-lines.ts, menu-text.ts).
 * 2. Which lines hold options: when a menu's items are marked (a bullet or number, a price, a day,
 *    each on two lines or more), a line with no such mark is chatter or a heading, unless it labels
 *    what follows ("Sides: bhajis, poppadoms"); a form's field ("Date:", "Subtotal") and a legend of
 *    marks never; otherwise a message's first line is its title when it reads like one.
 * 3. Within a line, segments parted by a dash, colon, bar or dot leaders: a label before the dish
 *    ("Tue –", "Option B:") says nothing of it; a label before several options ("pasta night:
 *    carbonara or pesto?") introduces them; a house name before a dish ("Cluck Norris – buttermilk
 *    fried chicken burger") names it; what follows the dish describes it.
 * 4. Within the dish segment, alternatives ("or", "/", "vs", "·") and, where the structure says it
 *    is a list, commas (options.ts); the sentence around an option trimmed off ("do people want the
 *    …"); dietary marks kept as the diet they state; a remark in brackets that is not food dropped.
 * 5. A judge (the catalog's matchers, food-judge.ts) decides what reads as food, so chatter and
 *    headings drop out; where the structure does not say a line is an item, a candidate that keeps a
 *    word of a sentence ("who's in for 1pm") is dropped rather than ranked.
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
/** Characters of one candidate cleaned and judged: a dish's name is at most MAX_NAME_LENGTH. */
const MAX_PIECE_LENGTH = 2 * MAX_NAME_LENGTH;
/** A sibling kept beside food without reading as food itself is at most this many words. */
const MAX_SIBLING_WORDS = 4;
/** A house name before its dish ("Cluck Norris", "Classic Ahi") is at most this many words. */
const MAX_HOUSE_NAME_WORDS = 3;

/** Between a label and its dish, or a dish and its description; the separator is captured. */
const SEGMENT =
  /(\s[-–—]+\s|\s[-–—]+$|^[-–—]+\s|(?<!\s):(?!\d)\s*|\s:\s|\s\|\s|\s?\.{2,}\s?|\s?…\s?|\s=\s|\s{2,})/;

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
  /** Read out of a sentence ("can we do sushi this time"), with fewer than two foods beside it. */
  chatty?: boolean;
}

interface Part extends Option {
  food: boolean;
}

interface Segment {
  text: string;
  /** It ends with a colon: it labels what follows. */
  colon: boolean;
}

/** A sentence's segments, parentheses kept whole. */
function segmentsOf(sentence: string): Segment[] {
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
  const isItem = (line: Line) => !line.field && !line.legend && marks.some((mark) => line[mark]);
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
      : {
          readsAsFood: reads,
          namesDishType: (text) => judge.namesDishType?.(text) ?? false,
          namesMealType: (text) => judge.namesMealType?.(text) ?? false,
          headingType: (text) => judge.headingType?.(text) ?? null,
        };
  const namesMeal = (text: string) => !counting && bounded?.namesMealType?.(text) === true;
  /** The kind of dish a label names, when it labels the dish after it; null otherwise. */
  const typeLabel = (raw: string, text: string, colon: boolean): string | null => {
    if (counting || bounded?.namesDishType === undefined) return null;
    // "Soup of the day", "Cake of the week": what the day's dish is.
    const ofThe = /^(.*?)\s+of\s+the\s+\w+\s*$/i.exec(raw.trim())?.[1];
    if (ofThe !== undefined && wordCount(ofThe) <= 2 && (bounded.namesDishType(ofThe) || reads(ofThe)))
      return ofThe.toLowerCase();
    return colon && bounded.namesDishType(text) ? text.toLowerCase() : null;
  };

  /** A remark in brackets that is not food ("(someone said 4 larges)", "(Sundays only)") is dropped. */
  const withoutRemarks = (text: string): string =>
    !text.includes('(') || judge === undefined || counting
      ? text
      : text
          // A list in brackets describes the dish ("(korean fried chicken, soy garlic)", "(beef and
          // stockfish)"): kept.
          .replace(/\(([^()]*)\)/g, (group, inside: string) =>
            holdsSentence(inside, p) ||
            saysNothing(inside, p) ||
            (!/,|\s(?:and|&)\s/.test(inside) && !reads(inside))
              ? ' '
              : group,
          )
          .replace(/\s+/g, ' ')
          .trim();

  /**
   * The parts of one segment: its alternatives (and list items), cleaned and judged. Where the
   * structure does not say the line is an item (`doubtful`), a part holding a word of a sentence is
   * chatter.
   */
  const partsOf = (segment: string, asList: boolean, doubtful: boolean): Part[] => {
    const parts: (Part & { cuisine?: true })[] = [];
    for (const whole of splitOptions(segment, asList, p).slice(0, MAX_PARTS)) {
      // A dish's name is at most MAX_NAME_LENGTH characters: what is longer is not read whole.
      const piece = whole.length > MAX_PIECE_LENGTH ? whole.slice(0, MAX_PIECE_LENGTH) : whole;
      // An item the menu says is not on offer is no option.
      if (p.unavailable.test(piece)) continue;
      const cleaned = cleanSegment(piece, p.words);
      const chatty = judge !== undefined && holdsSentence(cleaned.text, p);
      const text = withoutRemarks(trimChat(cleaned.text, p, counting ? undefined : bounded));
      if (text === '' || p.negated.test(text)) continue;
      if (saysNothing(text.replace(/\([^()]*\)/g, ' '), p)) {
        // A cuisine alone is a choice of restaurant, but beside a food it is one of the choices
        // ("BBQ or Mediterranean").
        if (onlyPhrases(text, p.cuisines))
          parts.push({ text, diets: cleaned.diets, food: false, cuisine: true });
        continue;
      }
      parts.push({ text, diets: cleaned.diets, food: reads(text), chatty });
    }
    // Where the structure does not say the line is an item, a sentence is chatter ("please fill the
    // spreadsheet, link in channel topic"), unless it offers a choice of foods ("we could do pizza or
    // sushi").
    const offered = parts.filter((part) => part.food).length;
    return parts
      .filter(
        (part) =>
          (part.chatty !== true || offered >= 2 || !doubtful) && (part.cuisine !== true || offered >= 1),
      )
      .map((part) => (part.chatty === true && offered >= 2 ? { ...part, chatty: false } : part));
  };

  /** The options one sentence of a line holds, in its order; `column`: its first segment is a column's label. */
  const readSentence = (sentence: string, line: Line, column = false): Option[] => {
    const unwrapped = sentence.trim().replace(/^\((.*)\)[\s?!.]*$/, '$1');
    const segments = segmentsOf(unwrapped);
    // An item of a marked menu holds a dish even when the judge does not know it.
    const item = isItem(line);
    let structural = item && !line.labelled;
    const doubtful = !item && !prose;
    let labelled = false;
    for (let i = 0; i < segments.length; i++) {
      const { text: raw, colon } = segments[i]!;
      const next = segments[i + 1]?.text;
      const asList = labelled || prose || /,\s*(?:or|and)\s/i.test(raw);
      const parts = partsOf(raw, asList, doubtful);
      if (parts.length === 0) {
        // A label that says nothing of a dish ("Sides:", "Tue –", "Option B:") heads the options after it.
        structural ||= saysNothing(raw, p) && next !== undefined && (item || line.labelled);
        labelled = true;
        continue;
      }
      const food = parts.filter((part) => part.food);
      // A dish type as a label ("Soup: spiced red lentil", "Soup of the day – carrot & coriander",
      // "Cake of the week: lemon drizzle"), not a dish described after a dash ("Margherita – tomato,
      // mozzarella, basil").
      const type = parts.length === 1 && next !== undefined ? typeLabel(raw, parts[0]!.text, colon) : null;
      if (type !== null) {
        const named = partsOf(next!, /,\s*(?:or|and)\s/i.test(next!), doubtful);
        if (named.length === 1 && (named[0]!.food || item || line.labelled))
          return [withType(named[0]!, type)];
        // "Pizza: margherita or pepperoni": each a pizza.
        if (named.length >= 2 && named.some((part) => part.food))
          return named.map((part) => withType(part, type));
      }
      // A label of a column of labels ("Fish: battered cod & chips", "GRILL – ribeye steak") heads
      // the dish after it, whether or not it names a food.
      // What follows is one dish, its commas describing it ("GRILL – Ribeye steak, chips, peppercorn
      // sauce"); a label naming a kind of dish is the kind of the dish after it ("PIZZA – Four cheese").
      if (i === 0 && column && next !== undefined) {
        const kind =
          parts.length === 1 && bounded?.namesDishType?.(parts[0]!.text) === true ? parts[0]!.text : null;
        if (kind !== null) {
          const named = partsOf(next, false, doubtful);
          if (named.length === 1 && !namesMeal(named[0]!.text)) return [withType(named[0]!, kind)];
        }
        structural = true;
        continue;
      }
      // A label before several options: "pasta night: carbonara or pesto?", "Options: a · b · c".
      if (colon && next !== undefined && parts.length === 1) {
        const after = partsOf(next, true, doubtful);
        if (after.filter((part) => part.food).length >= 2) {
          labelled = true;
          continue;
        }
      }
      if (food.length === 0 && !structural) {
        // A label that is not food ("Chinese –", "From:") introduces the dish after it.
        labelled = true;
        continue;
      }
      // A house name before its dish: "Albóndigas – beef meatballs in tomato sauce", "Cluck Norris –
      // buttermilk fried chicken burger", "Classic Ahi – ahi tuna poke bowl". The dish is looked up;
      // the name stays beside it, in brackets, as the menu's name for it.
      if (structural && parts.length === 1 && next !== undefined && !next.includes(',')) {
        const name = parts[0]!;
        const houseName =
          !name.food || (wordCount(name.text) <= MAX_HOUSE_NAME_WORDS && !namesMeal(name.text));
        if (houseName) {
          const dish = partsOf(next, false, doubtful);
          if (dish.length === 1 && dish[0]!.food && (!name.food || namesMeal(dish[0]!.text)))
            return [withHouseName(dish[0]!, name)];
        }
      }
      // A name the catalog does not know, described by what it is made of ("Diavola – tomato,
      // mozzarella, spicy salami"): the description goes with it, in brackets.
      if (food.length === 0 && structural && parts.length === 1 && next?.includes(',')) {
        const described = cleanSegment(next, p.words).text;
        if (described !== '' && !holdsSentence(described, p))
          return [{ ...parts[0]!, text: `${parts[0]!.text} (${described})` }];
      }
      if (food.length === 0) return parts;
      // Beside a food in one list, a short sibling is an option the catalog may not know.
      const shortSiblings = parts.filter((part) => !part.food && wordCount(part.text) <= MAX_SIBLING_WORDS);
      return food.length + shortSiblings.length > 1
        ? parts.filter((part) => part.food || shortSiblings.includes(part))
        : food;
      // What follows the dish describes it ("Dal – lentils, rice"; "Tofu banh mi – £8.50").
    }
    return [];
  };

  /**
   * The kind of dish a heading names over the items after it ("Ramen Thursday" over "Tonkotsu",
   * "Shoyu"; "*Pizzas*" over "Margherita"), when the next line does not name a kind itself (a plain
   * list of kinds is a poll). Undefined when the line is no heading; null for a heading of no kind.
   */
  const headingType = (line: Line, index: number): string | null | undefined => {
    if (judge === undefined || counting || line.listItem || line.priced || line.dayLabelled) return undefined;
    // A label and its value ("Sam: pizza?") or a question is no heading.
    if ((line.labelled && !line.introduces) || /\?\s*$/.test(line.text)) return undefined;
    if (!((index === 0 && lines.length >= 3) || line.styledHeading || line.introduces)) return undefined;
    const text = trimChat(cleanSegment(line.text.replace(/:\s*$/, ''), p.words).text, p, undefined);
    const type = bounded?.headingType?.(text) ?? null;
    const next = lines[index + 1];
    if (type === null || next === undefined) return null;
    const nextDish = cleanSegment(segmentsOf(next.text)[0]?.text ?? '', p.words).text;
    return namesMeal(nextDish) ? null : type;
  };
  let sectionType: string | null = null;
  const column = labelColumn(lines);

  const distinct = new Set<string>();
  const perLine: Option[][] = lines.map((line, index) => {
    if (judged >= MAX_JUDGED && !counting) return [];
    if (line.field || line.legend) return [];
    // "Chilli squid? (sold out)": the line's item is not on offer.
    if (p.unavailable.test(line.text) && line.sentences.length > 1) return [];
    const heading = headingType(line, index);
    if (heading !== undefined) sectionType = heading;
    if (typeof heading === 'string') return [];
    if (marked && !isItem(line) && !line.labelled) return [];
    // Past ten options, a marked menu's items are counted without the judge: linear and cheap.
    if (counting && !isItem(line)) return [];
    if (!marked && index === 0 && lines.length >= 3 && isTitle(line, p)) return [];
    // A heading alone on its line ("*Mains*", "## Desserts", "Hi Priya, for Friday we can do:").
    if (!line.listItem && (line.introduces || (line.styledHeading && saysNothing(line.text, p)))) return [];
    // A markdown heading in a menu of items ("## Greek Day") heads them.
    if (marked && line.styledHeading && !line.listItem && !line.priced && !line.labelled) return [];
    const read = line.sentences
      .flatMap(pricedItems)
      .flatMap((sentence, at) => readSentence(sentence, line, at === 0 && column.has(index)));
    const kind = sectionType;
    const found =
      kind === null ? read : read.map((option) => (namesMeal(option.text) ? option : withType(option, kind)));
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
      if (line.field || line.legend || line.styledHeading || line.introduces) return;
      if (holdsSentence(line.text, p)) return;
      const siblings: Option[] = [];
      for (const part of splitOptions(line.text, false, p).slice(0, MAX_PARTS)) {
        const text = cleanSegment(part, p.words);
        const trimmed = trimChat(text.text, p, undefined);
        const bare = trimmed.replace(/\([^()]*\)/g, ' ');
        // "Burrata, blood orange & basil": a list of what one item is made of is an item.
        const enumerates = /,/.test(bare) && /\s(?:&|and)\s[^,]*$/.test(bare) && !/[?!:;]/.test(bare);
        const words = wordCount(bare);
        if (enumerates ? words > 2 * MAX_SIBLING_WORDS : /[,?!:;]/.test(bare) || words > MAX_SIBLING_WORDS)
          return;
        if (saysNothing(bare, p)) return;
        if (trimmed !== '') siblings.push({ text: trimmed, diets: text.diets });
      }
      perLine[index] = siblings;
    });
  }

  // A sentence offering a choice of foods is the poll ("laksa or nasi lemak?"): beside it, an option
  // read out of another sentence ("the food court's closing early today") is chatter.
  const poll = perLine.some((found) => found.filter((option) => option.chatty !== true).length >= 2);
  const seen = new Set<string>();
  const options: CompareItemInput[] = [];
  let total = 0;
  for (const option of perLine.flat()) {
    if (poll && option.chatty === true) continue;
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

/** "beef meatballs in tomato sauce (Albóndigas)": the dish, and the menu's name for it. */
function withHouseName(dish: Option, name: Option): Option {
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
function labelColumn(lines: readonly Line[]): Set<number> {
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
 * A sentence of items each with its price, parted by bars ("Hot chocolate 3.5 | Soy latte 3.6 |
 * Orange juice 3"): each its own sentence. A bar otherwise parts a dish from its label or description.
 */
function pricedItems(sentence: string): string[] {
  const pieces = sentence.split(/\s\|\s/);
  return pieces.length >= 2 && pieces.every((piece) => isPriced(piece)) ? pieces : [sentence];
}
