import { MAX_NAME_LENGTH, stripInvisible } from '../core/command.js';
import { type CompareItemInput, MAX_OPTIONS, readItem } from './parse.js';

/**
 * "Rate this menu": a posted message's lines as the options. Menus come as people type them, so each
 * line loses its bullet or number, prices ("£12.50", "9€"), dietary marks ("(v)", "GF", "VG"), chat
 * markup (bold, code, quotes, headings) and mentions (Slack `<@U123>`, `<!channel>`, Discord
 * `<@123>`, `@everyone`); headings ("Starters", "Mains:") and blank lines are skipped.
 */
export interface ReadMenu {
  /** At most MAX_OPTIONS, in menu order, without repeats. */
  options: CompareItemInput[];
  /** How many distinct options the menu had before the cap. */
  total: number;
}

/** Words that head a section of a menu rather than name a dish. */
const HEADINGS = new Set(
  [
    'menu',
    'todays menu',
    'lunch',
    'dinner',
    'breakfast',
    'brunch',
    'specials',
    'daily specials',
    'starters',
    'starter',
    'appetisers',
    'appetizers',
    'small plates',
    'sharing',
    'to share',
    'mains',
    'main',
    'main courses',
    'main course',
    'entrees',
    'entrées',
    'sides',
    'side dishes',
    'desserts',
    'dessert',
    'puddings',
    'sweets',
    'drinks',
    'beverages',
    'soft drinks',
    'hot drinks',
    'kids',
    'kids menu',
    'options',
    'choices',
  ].map((word) => word.toLowerCase()),
);

/** Slack `<@U1|name>`, `<!here>`, `<#C1|general>`, `<!subteam^S1>`; Discord `<@1>`, `<@!1>`, `<@&1>`, `<#1>`, `<:e:1>`. */
const ANGLE_MENTION = /<(?:[@#!][^<>]*|a?:\w+:\d+)>/g;
/** Slack links `<https://x|label>` keep their label; a bare `<https://x>` goes. */
const ANGLE_LINK = /<(?:https?|mailto):[^<>|]*(?:\|([^<>]*))?>/g;
const BROADCAST = /@(?:everyone|here|channel)\b/gi;
const PRICE =
  /(?:[£$€¥]|\b(?:GBP|USD|EUR)\s?)\s?\d{1,5}(?:[.,]\d{1,2})?\b|\b\d{1,5}(?:[.,]\d{1,2})?\s?(?:[£$€]|(?:GBP|USD|EUR|p)\b)|\b\d{1,4}[.,]\d{2}\b/gi;
/** "(v)", "(vg, gf)", "[VE]", "{N}": bracketed groups of dietary codes. */
const BRACKETED_MARKS =
  /[([{]\s*(?:v|vg|ve|veg|vegan|vegetarian|gf|df|nf|n|h|halal|k|kosher|gluten[ -]free|dairy[ -]free|contains nuts|spicy)(?:\s*[,/&+]\s*(?:v|vg|ve|veg|vegan|vegetarian|gf|df|nf|n|h|halal|gluten[ -]free|dairy[ -]free|spicy))*\s*[)\]}]/gi;
/** Bare capitalised codes: "GF", "VG", "V", "DF", "VE", "NF" (case-sensitive, so "v" in words is safe). */
const BARE_MARKS = /(?<![\p{L}\p{N}])(?:GF|VG|VE|DF|NF|V)(?![\p{L}\p{N}])/gu;
const DIET_EMOJI = /🌱|🌿|🥦|🌶|🥜|\uFE0F/gu;
const BULLET = /^\s*(?:[-*+•·▪▫◦‣⁃–—>]+|\(?\d{1,3}[.):]|\(?[a-z][.)](?=\s)|#{1,6}(?=\s)|-#(?=\s))\s*/i;
const MARKUP = /\*\*|__|~~|\|\||[*_~`]/g;
/** Slack emoji codes such as ":fork_and_knife:". */
const EMOJI_CODE = /:[a-z0-9_+'-]+:/gi;
/** A line naming the meal or the day ("Thursday lunch", "Today's specials") titles the menu, unless it is a list item. */
const TITLE_WORDS =
  /\b(?:menu|lunch|dinner|breakfast|brunch|supper|specials?|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|this week)\b/i;
const MARKDOWN_HEADING = /^\s*#{1,3}\s/;

/** Reads a posted menu into at most ten options, with the total so the reply can say what was left out. */
export function readMenu(message: string): ReadMenu {
  const seen = new Set<string>();
  const options: CompareItemInput[] = [];
  let total = 0;
  for (const line of message.split(/\r\n|[\r\n\u2028\u2029]/)) {
    const name = menuLine(stripInvisible(line));
    if (name === null) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    total++;
    if (options.length < MAX_OPTIONS) options.push({ ...readItem(name), ingredients: null });
  }
  return { options, total };
}

/** The dish a menu line names, or null for headings, blank and markup-only lines. */
export function menuLine(line: string): string | null {
  if (MARKDOWN_HEADING.test(line)) return null;
  const listItem = BULLET.test(line.replace(MARKUP, ''));
  let text = line
    .replace(ANGLE_LINK, (_, label: string | undefined) => label ?? ' ')
    .replace(ANGLE_MENTION, ' ')
    .replace(BROADCAST, ' ')
    .replace(EMOJI_CODE, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;|&gt;/g, ' ');
  // Bullets and numbers first, while they are still at the start of the line.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(BULLET, '').replace(MARKUP, '');
  }
  text = text
    .replace(BRACKETED_MARKS, ' ')
    .replace(PRICE, ' ')
    // A bare number ending the line is a price without its currency ("Dal 9.5").
    .replace(/\s\d{1,4}(?:[.,]\d{1,2})?\s*$/, ' ')
    .replace(BARE_MARKS, ' ')
    .replace(DIET_EMOJI, ' ')
    // A description after a spaced dash or a bar: "Dal – lentils, rice" names "Dal".
    .split(/\s[-–—|]\s|\s\.{2,}\s?|\t/)[0]!
    .replace(/[:\s.,;/|·-]+$/g, '')
    .replace(/^[\s.,;:/|·-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\p{L}/u.test(text)) return null;
  if (!listItem && TITLE_WORDS.test(text)) return null;
  if (HEADINGS.has(text.toLowerCase().replace(/[’']/g, ''))) return null;
  if (/:$/.test(line.trim().replace(MARKUP, '')) && text.split(' ').length <= 3) return null;
  return [...text].length > MAX_NAME_LENGTH ? [...text].slice(0, MAX_NAME_LENGTH).join('').trim() : text;
}
