import { foldWords } from '../core/fold.js';
import { type CleanLine, cleanLine, isPriced } from './menu-text.js';
import { maskParentheses, type OptionPatterns } from './options.js';

/**
 * The lines of a posted message and what their structure says of them, before anything is judged
 * as food: which are a menu's items (a bullet or number, a price, a day), which label what follows,
 * which are a form's fields, a legend of marks or a heading. Linear in the message's length.
 */

/** Characters of a message read: Slack's limit for a message's text. */
export const MAX_MESSAGE_LENGTH = 40_000;
/**
 * Segments of a sentence, and options of a segment, read: a line of a menu has a handful; a line
 * with more is prose or junk, and reading it further would only cost time.
 */
export const MAX_PARTS = 24;

export interface Line extends CleanLine {
  /** The line as cleaned, in sentences. */
  sentences: string[];
  priced: boolean;
  /** Starts with a day as a label: "Mon: …", "TUE  …". */
  dayLabelled: boolean;
  /** Has a colon label before its dish: "Sides: …", "Dessert: …". */
  labelled: boolean;
  /**
   * A form's field or a message's header, never an option: "Date: Friday", "Restaurant: Mezze
   * Palace", "Subtotal £51.70", "Subject: Sandwich platter quote".
   */
  field: boolean;
  /** A legend of the menu's marks: "H = Healthier choice, V = vegetarian, GF = gluten free". */
  legend: boolean;
}

export type Mark = 'listItem' | 'dayLabelled' | 'priced';

/** A supplement's price: "+50p", "+ £1.50", "+$2". */
const SUPPLEMENT_PRICE = /\+\s?(?:[£$€]\s?\d|\d{1,3}(?:[.,]\d{1,2})?\s?p\b)/i;
/** A time of day: "12:30", "1:15". */
const CLOCK = /\b(\d{1,2}):(\d{2})\b/g;
const SENTENCE_END = /(?<=[.!?])\s+|(?<=[?!])(?=[^\s?!])/;
/** "V = vegetarian", "GF = gluten free", "1 = gluten": a mark and what it means. */
const LEGEND_ENTRY = /(?:^|[\s,;(])[\p{Lu}\d]{1,3}\s?[=:]\s?\p{L}/gu;

export function linesOf(message: string, p: OptionPatterns): Line[] {
  const lines: Line[] = [];
  for (const raw of message.slice(0, MAX_MESSAGE_LENGTH).split(/\r\n|[\r\n\u2028\u2029]/)) {
    const line = cleanLine(raw);
    // An allergen statement is no part of the dish, and its colon labels nothing.
    line.text = line.text.replace(p.allergenGroup, ' ').trim();
    if (line.text === '') continue;
    const dayLabelled = p.leadingDay.test(line.text);
    const text = line.text.replace(p.leadingDay, '');
    // A colon inside brackets ("(allergens: …)") labels nothing.
    const { masked: outside, restore } = maskParentheses(text);
    lines.push({
      ...line,
      // A sentence ends outside brackets: "Leon (chicken wrap? nah the falafel box)" is one. Items
      // lettered or numbered within the line ("A. Lasagne B. Chicken pie") are each one.
      sentences: inlineItems(outside)
        .flatMap((piece) => piece.split(SENTENCE_END))
        .slice(0, MAX_PARTS)
        .map(restore)
        .filter((sentence) => /\p{L}/u.test(sentence)),
      priced: isPriced(text),
      dayLabelled,
      // A time's colon ("order at 12:30") labels nothing.
      labelled: /^[^:]{1,40}:\s*\S/.test(outside.replace(CLOCK, '$1h$2')) && !/^\S+:\/\//.test(outside),
      // A change to the item above ("  + Extra peanuts $1.00"), or to any item at a supplement's price
      // ("add bacon +£1", "extra cheese +50p"), is, like a field, never an option.
      field:
        p.fieldStart.test(foldedStart(text)) ||
        (p.modifierStart.test(text) && (/^(?:\s+|\s*\+)/.test(raw) || SUPPLEMENT_PRICE.test(text))),
      legend: (outside.match(LEGEND_ENTRY)?.length ?? 0) >= 2,
    });
  }
  // Quote marks on some of a message's lines and not on others ("pick a main:", then "> Pizza
  // margherita", "> Lasagne al forno") mark those lines as bullets do; on all of them, or around
  // lines with bullets or numbers of their own ("> 1) Salmon fillet"), they quote a message.
  const quoted = lines.filter((line) => line.quoted);
  if (quoted.length >= 2 && quoted.length < lines.length && !quoted.some((line) => line.listItem))
    for (const line of quoted) line.listItem = true;
  // A line wholly in bold under a line that starts in bold ("*Laksa* (prawn)", then "*Char kway
  // teow*") is one of a run of items styled alike, not a heading set apart from them.
  lines.forEach((line, i) => {
    if (line.styledHeading && line.styledStart && lines[i - 1]?.styledStart === true)
      line.styledHeading = false;
  });
  return lines;
}

/** The start of a line as its words, folded, with the punctuation that follows them kept. */
function foldedStart(text: string): string {
  const start = text.slice(0, 60);
  const words = /^[\p{L}\s'’]+/u.exec(start)?.[0] ?? '';
  return `${foldWords(words.replace(/['’]/g, ''))}${start.slice(words.length).trimStart() === '' ? '' : ` ${start.slice(words.length).trimStart()}`}`;
}

/** The marks a menu's items share: each that at least two lines have. */
export function itemMarks(lines: readonly Line[]): Mark[] {
  return (['listItem', 'dayLabelled', 'priced'] as const).filter(
    (mark) => lines.filter((line) => line[mark] && !line.field && !line.legend).length >= 2,
  );
}

/** A first line that titles the message: a heading word, a question, a colon, a long sentence. */
export function isTitle(line: Line, p: OptionPatterns): boolean {
  // A label and what it labels ("Option 1: beef brisket bap") is read: what follows says what it is.
  if (line.listItem || line.priced || line.dayLabelled || (line.labelled && !line.introduces)) return false;
  const words = foldWords(line.text.replace(/['’]/g, '')).split(' ');
  return (
    /[?!:@]/.test(line.text) ||
    line.styledHeading ||
    words.length >= 5 ||
    words.some((word) => p.section.has(word) || (p.nothing.has(word) && word.length > 3))
  );
}

/** A letter or number marking an item within a line: "A. ", "b) ", "2) ", "3. ". */
const INLINE_MARK = /(?:^|\s)([a-h]|\d{1,2})[.)]\s+(?=\S)/gi;

/**
 * A line's items lettered or numbered within it ("Pls pick: A. Lasagne B. Chicken pie C. Veg
 * curry", "1) ramen 2) dumplings"): the text before the first mark, then each item, when at least
 * two marks follow in order (A then B, 1 then 2); otherwise the line whole. Linear.
 */
export function inlineItems(text: string): string[] {
  const marks = [...text.matchAll(INLINE_MARK)].slice(0, MAX_PARTS);
  const order = (mark: string) => (/\d/.test(mark) ? Number(mark) : mark.toLowerCase().charCodeAt(0) - 96);
  if (marks.length < 2 || order(marks[1]![1]!) !== order(marks[0]![1]!) + 1) return [text];
  const pieces = [text.slice(0, marks[0]!.index)];
  marks.forEach((mark, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.index : text.length;
    pieces.push(text.slice(mark.index + mark[0].length, end));
  });
  return pieces;
}
