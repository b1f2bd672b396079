import { stripInvisible } from '../core/command.js';
import { foldText } from '../core/fold.js';
import { alternation, type MenuWords } from './menu-words.js';

/**
 * What is not the dish in a line of a posted message: chat markup, mentions, bullets, prices,
 * dietary marks, emoji, quantities. Every pattern here is linear: no nested quantifiers, and each
 * runs once over a line.
 */

/** Slack `<@U1|name>`, `<!here>`, `<#C1|general>`, `<!subteam^S1>`; Discord `<@1>`, `<@!1>`, `<@&1>`, `<#1>`, `<:e:1>`. */
const ANGLE_MENTION = /<(?:[@#!][^<>]*|a?:\w+:\d+)>/g;
/** Slack links `<https://x|label>` keep their label; a bare `<https://x>` goes. */
const ANGLE_LINK = /<(?:https?|mailto):[^<>|]*(?:\|([^<>]*))?>/g;
const BARE_LINK = /\bhttps?:\/\/\S+/g;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
const BROADCAST = /@(?:everyone|here|channel)\b/gi;
/** Slack emoji codes such as ":fork_and_knife:", ":one:", with the spaces on either side. */
const EMOJI_CODE = /([^\S\r\n]*)(:[a-z0-9_+'-]+:)([^\S\r\n]*)/gi;
/** Pictographs, flags, keycaps and their joiners: none names a dish in words the matcher reads. */
// Enclosed letters and numbers ("🅲", "①", "Ⓐ") mark an item as a bullet does; not all are pictographic.
const EMOJI =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3|\ufe0f|\u200d|[\u{1f3fb}-\u{1f3ff}]|[\u{1f100}-\u{1f1ff}]|[\u2460-\u24ff]/gu;
const PRICE =
  /(?:[£$€¥₹]|\b(?:GBP|USD|EUR)\s?)\s?\d{1,5}(?:[.,]\d{1,2})?\b|\b\d{1,5}(?:[.,]\d{1,2})?\s?(?:[£$€]|(?:GBP|USD|EUR|p)\b)|\b\d{1,4}[.,]\d{2}\b/gi;
/** "+£1", "+ £1.50": a supplement, gone with its price. */
const SUPPLEMENT = /\+\s*(?=[£$€])/g;
/** Energy ("650 kcal", "450cal") and counts of pieces ("x2", "2x", "(4)", "3 per person"). */
const ENERGY = /\b\d{2,5}\s?k?cal(?:ories)?\b/gi;
const COUNT =
  /\b\d{1,4}\s?(?:oz|g|kg|ml|cl|lb)\b|\b[x×]\s?\d{1,3}\b|\b\d{1,3}\s?[x×](?!\w)|\(\s*\d{1,3}\s*(?:[a-z]+\s*)?\)|\b\d{1,3}\s?(?:pcs?|pieces?)\b|\b\d{1,3}\s+per\s+(?:person|head)\b/gi;
/** A fraction or a date ("1/4 chicken", "14/10"): a "/" between numbers parts no options. */
const FRACTION = /\s*\b\d{1,2}\s?\/\s?\d{1,2}\b/g;
const MARKUP = /\*\*|__|~~|\|\||[*_~`]/g;
/**
 * A list item's bullets or numbers: "-", "•", "✅", "1.", "2)", "(3)", "1º", "a.", "A)", "1 -", "#1", "1️⃣"
 * (as "1"), and an order's count ("2x Phở bò", "1 × Chicken wrap").
 */
const BULLET =
  /^(?:\s*(?:[-*+•·▪▫◦‣⁃–—>✓✔✅☐☑]+|\(?\d{1,3}[.):](?!\d)|\d{1,2}\s?[º°ª](?=\s)|\(?[a-z][.)](?=\s)|\d{1,3}\s+[-–—](?=\s)|\d{1,3}\s?[x×](?=\s)|#\d{1,3}(?=\s))\s*)+/i;
/** A markdown heading ("## Mains"), or Discord's subtext ("-# order by 12"): never an item. */
const MARKDOWN_HEADING = /^\s*(?:#{1,6}|-#)\s/;
const QUOTE = /^\s*(?:>|&gt;)+\s?/;
/** A chat log's time before a line: "[12:03] Sam: pizza?", "12:03 – …". */
const TIMESTAMP = /^\s*\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?\]?\s*[-–—]?\s*/i;

export interface CleanLine {
  /** The line without chat syntax, bullet or number; markup removed. */
  text: string;
  /** It began with a bullet or a number. */
  listItem: boolean;
  /** A markdown heading ("## Mains"), or wholly bold or underlined ("*Mains*"). */
  styledHeading: boolean;
  /** Ends with a colon: it introduces what follows ("Sides:", "Hi Priya, for Friday we can do:"). */
  introduces: boolean;
  /** Began with a quote mark ("> Pizza margherita"). */
  quoted: boolean;
  /** Starts with a bold or underlined run ("*Laksa* (prawn)", "*Teh tarik*"), not a markdown heading. */
  styledStart: boolean;
}

/** Chat syntax out of a line: mentions, links, emoji codes, entities, quotes, bullets, markup. */
export function cleanLine(raw: string): CleanLine {
  // A run of spaces says no more than two do (a board's columns), and a long one would cost the
  // patterns below time growing with its square: runs are cut to two first, in one linear pass.
  let line = stripInvisible(raw.replace(/\t/g, '  '))
    .replace(/[^\S\r\n]{3,}/g, '  ')
    .replace(ANGLE_LINK, (_, label: string | undefined) => label ?? ' ')
    .replace(ANGLE_MENTION, ' ')
    .replace(BARE_LINK, ' ')
    .replace(EMAIL, ' ')
    .replace(BROADCAST, ' ')
    // An emoji code between words is one space, not the two that part a board's columns ("Chaat
    // house lunch :flag-in: all veg" is one sentence, not "Chaat house lunch" beside "all veg").
    .replace(EMOJI_CODE, (_spaced, before: string, code: string, after: string) => {
      if (/^:(?:one|two|three|four|five|six|seven|eight|nine|keycap_ten):$/.test(code)) return `${before}1. `;
      return before !== '' && after !== '' ? ' ' : `${before}${after}`;
    })
    .replace(/&amp;/g, '&');
  const quoted = QUOTE.test(line);
  line = line.replace(QUOTE, '').replace(TIMESTAMP, '');
  const markdownHeading = MARKDOWN_HEADING.test(line);
  // Keycap digits ("1️⃣ Burger") number a list as "1." does.
  line = line
    .replace(/^\s*\d\ufe0f?\u20e3/u, '1. ')
    .replace(/&lt;|&gt;/g, ' ')
    .replace(FRACTION, '');
  if (markdownHeading) line = line.replace(MARKDOWN_HEADING, '');
  // Every bullet and number at once ("1. - Dal", "> 1) Dal"), in one pass: linear however many.
  const stripped = line.replace(MARKUP, '');
  const listItem = BULLET.test(stripped);
  if (listItem) line = stripped.replace(BULLET, '');
  const trimmed = line.trim();
  const wrapped = /^(?:\*\*?|__?)[^*_]+(?:\*\*?|__?)$/.test(trimmed);
  // Runs of spaces stay: two spaces part a board's columns ("MON  Bbq bun"). Emoji stay for the
  // segment, which reads the diets some of them mark.
  const text = trimmed.replace(MARKUP, '').trim();
  return {
    text,
    listItem,
    styledHeading: markdownHeading || wrapped,
    introduces: /:\s*$/.test(text.replace(EMOJI, '')),
    quoted,
    styledStart: !markdownHeading && /^(?:\*\*?|__?)[^*_]+(?:\*\*?|__?)/.test(trimmed),
  };
}

export interface CleanSegment {
  /** The dish words, or "" when nothing of the dish is left. */
  text: string;
  /** Diets its marks state ("vegan" for "(VG)", "🌱"), in the order met. */
  diets: string[];
}

/** Per menu-words file, the patterns built from its words. */
const compiled = new WeakMap<MenuWords, MarkPatterns>();

interface MarkPatterns {
  bracketed: RegExp;
  bare: RegExp;
  dietOf: Map<string, string>;
  emoji: [string, string][];
}

function patternsOf(words: MenuWords): MarkPatterns {
  let patterns = compiled.get(words);
  if (patterns !== undefined) return patterns;
  const dietOf = new Map<string, string>();
  for (const [diet, marks] of Object.entries(words.dietMarks))
    for (const mark of marks) dietOf.set(mark, diet);
  const marks = alternation([...dietOf.keys()]);
  patterns = {
    // "(v)", "(VG, GF)", "[VE]", "{N}": bracketed groups of marks.
    bracketed: new RegExp(`[([{]\\s*(?:${marks})(?:\\s*[,/&+]\\s*(?:${marks}))*\\s*[)\\]}]`, 'gi'),
    // Bare capitalised codes: "GF", "VG", "V" (case-sensitive, so the "v" of a word is safe).
    bare: /(?<![\p{L}\p{N}'])(?:GF|VG|VE|DF|NF|PB|V)(?![\p{L}\p{N}'])/gu,
    dietOf,
    emoji: Object.entries(words.dietEmoji).flatMap(([diet, list]) =>
      list.map((emoji) => [emoji, diet] as [string, string]),
    ),
  };
  compiled.set(words, patterns);
  return patterns;
}

/**
 * A segment of a line without what is not the dish: prices, supplements, energy, counts, dietary
 * marks (kept as diets), emoji, a trailing bare number (a price without its currency: "Dal 9.5").
 */
export function cleanSegment(raw: string, words: MenuWords): CleanSegment {
  const patterns = patternsOf(words);
  const diets: string[] = [];
  const note = (diet: string | undefined) => {
    if (diet !== undefined && diet !== '' && !diets.includes(diet)) diets.push(diet);
  };
  for (const [emoji, diet] of patterns.emoji) if (raw.includes(emoji)) note(diet);
  const text = raw
    .replace(EMOJI, ' ')
    .replace(patterns.bracketed, (group) => {
      for (const mark of foldText(group).split(/[^a-z]+/)) note(patterns.dietOf.get(mark));
      return ' ';
    })
    .replace(patterns.bare, (mark) => {
      note(patterns.dietOf.get(mark.toLowerCase()));
      return ' ';
    })
    .replace(SUPPLEMENT, ' ')
    .replace(PRICE, ' ')
    .replace(ENERGY, ' ')
    .replace(COUNT, ' ')
    // A trailing bare number, a price or a tally ("Dal 9.5", "salad 2."), with the sentence's stop.
    .replace(/\s\d{1,4}(?:[.,]\d{1,2})?[.!?]*\s*$/, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/[:\s.,;/|·+=~-]+$/g, '')
    .replace(/^[\s.,;:/|·+=~)-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { text: /\p{L}/u.test(text) ? text : '', diets };
}

const PRICED = new RegExp(PRICE.source, 'i');
/**
 * A menu's bare price at the end: "Fish finger butty – 9", "veg biryani 7.5 (v)", "Dal 9.50"; not a
 * time or a count after a preposition ("before 7", "by 11", "min 15").
 */
const BARE_PRICE =
  /(?:\s[-–—]\s*|(?<!\b(?:before|after|at|by|from|until|till|to|in|of|for|over|under|min)) )\d{1,3}(?:[.,]\d{1,2})?(?:\s*each)?(?:\s*\([^()]*\))?\s*$/i;

/** Whether a line carries a price, as the items of a board or a delivery menu do. */
export function isPriced(line: string): boolean {
  return PRICED.test(line) || BARE_PRICE.test(line);
}
