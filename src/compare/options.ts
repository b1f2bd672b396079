import { foldWords } from '../core/fold.js';
import { alternation, type MenuWords, onlyPhrases } from './menu-words.js';

/**
 * How a piece of text holds options, shared by the menu reader and the compare syntax: its
 * alternatives ("or", "/", "vs"), its lists (commas), the chat around an option, and the words that
 * say nothing of a dish (headings, days, cuisines). The words come from data/curated/menu-words.json.
 */

/** Whether a text names some food; the catalog's matchers decide (food-judge.ts). */
export interface FoodJudge {
  readsAsFood(text: string): boolean;
  /** Whether a text names only a kind of dish ("Soup", "Curry"), which can label the dish after it. */
  namesDishType?(text: string): boolean;
}

export interface OptionPatterns {
  words: MenuWords;
  alternatives: RegExp;
  listEnd: RegExp;
  leadingDay: RegExp;
  trailingTail: RegExp;
  fillerEdge: RegExp;
  /** Headings, days, dates, cuisines and fillers: what a label is made of. */
  nothing: ReadonlySet<string>;
  /** Every word of those phrases. */
  nothingWords: ReadonlySet<string>;
  section: ReadonlySet<string>;
  labelHeads: ReadonlySet<string>;
  dayOrDate: ReadonlySet<string>;
}

const cache = new WeakMap<MenuWords, OptionPatterns>();

export function optionPatterns(words: MenuWords): OptionPatterns {
  const cached = cache.get(words);
  if (cached !== undefined) return cached;
  const fillers = alternation(words.fillers);
  const edgeWords = alternation([...words.fillers, ...words.whenWords, ...words.dayWords]);
  const nothing = new Set([
    ...words.sectionWords,
    ...words.cuisineWords,
    ...words.fillers,
    'the',
    'our',
    'a',
    'an',
  ]);
  const patterns: OptionPatterns = {
    words,
    alternatives: new RegExp(`\\s+(?:${alternation(words.alternatives)})\\.?\\s+|\\s*\\/\\s*`, 'i'),
    listEnd: new RegExp(`^(?:${alternation(words.listEnds)})\\s+`, 'i'),
    // A day before the dish, as a column or a label: "MON  Bbq bun", "Tue – fish pie" (not "Sunday roast").
    leadingDay: new RegExp(
      `^(?:${alternation(words.dayWords)})\\b\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:\\s*[-–—:]\\s*|\\s{2,})`,
      'i',
    ),
    // What follows a dish in a sentence: "for the workshop", "at the Biergarten", "before the run".
    trailingTail: /\s+(?:for|at|from|before|after|by|near)\s+(.*)$/i,
    fillerEdge: new RegExp(`^(?:(?:${fillers})\\b[\\s,]*)+|(?:[\\s,]+(?:${edgeWords})\\b)+[\\s?!.]*$`, 'i'),
    nothing,
    nothingWords: new Set([...nothing].flatMap((phrase) => phrase.split(' '))),
    section: new Set(words.sectionWords),
    labelHeads: new Set(words.labelHeads),
    dayOrDate: new Set([...words.dayWords, ...words.monthWords]),
  };
  cache.set(words, patterns);
  return patterns;
}

/** Folded words, apostrophes dropped ("today's" is "todays"). */
function wordsOf(text: string): string[] {
  return foldWords(text.replace(/['’]/g, ''))
    .split(' ')
    .filter((word) => word !== '');
}

/**
 * Whether a text names no dish: a heading ("Mains", "Veggie option"), a day or date ("Tue 14th"), a
 * cuisine ("chinese"), chat filler ("ok final answer"). A short text whose last word heads a label is
 * one whatever comes before it ("Veggie option", "Hot counter").
 */
export function saysNothing(text: string, p: OptionPatterns): boolean {
  const words = wordsOf(text).filter((word) => !/^\d+(?:st|nd|rd|th)?$/.test(word) && !p.dayOrDate.has(word));
  if (words.length === 0) return true;
  if (words.length <= 3 && p.labelHeads.has(words.at(-1)!)) return true;
  // Most texts have a word no heading, day or filler has: no need to try its phrases.
  if (!words.every((word) => p.nothingWords.has(word))) return false;
  return onlyPhrases(words.join(' '), p.nothing);
}

/** "w/ prawns", "w/o cheese": "with", "without", before "/" is read as between two options. */
export function expandAbbreviations(text: string): string {
  return text.replace(/\bw\/o\b\s*/gi, 'without ').replace(/\bw\/\s*/gi, 'with ');
}

/** Replaces each balanced "(…)" with a numbered placeholder so its commas and slashes do not split. */
const PLACEHOLDER = '\ue000';

export function maskParentheses(text: string): { masked: string; restore: (part: string) => string } {
  const groups: string[] = [];
  let masked = '';
  let depth = 0;
  let start = -1;
  const clean = text.replaceAll(PLACEHOLDER, ' ');
  for (let i = 0; i < clean.length; i++) {
    const char = clean[i]!;
    if (char === '(') {
      if (depth === 0) start = i;
      depth++;
    } else if (char === ')' && depth > 0) {
      depth--;
      if (depth === 0) {
        masked += `${PLACEHOLDER}${groups.length}${PLACEHOLDER}`;
        groups.push(clean.slice(start, i + 1));
      }
    } else if (depth === 0) {
      masked += char;
    }
  }
  // An unclosed "(" is ordinary text: keep what followed it, splitting it like the rest.
  if (depth > 0) masked += clean.slice(start);
  const placeholder = new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g');
  return { masked, restore: (part) => part.replace(placeholder, (_, i: string) => groups[Number(i)]!) };
}

/**
 * The options one piece of text holds: its alternatives ("fish pie or lasagne", "tacos / pho"),
 * and with `asList` its comma list ("pizza, sushi or burritos"). Without `asList`, commas describe the
 * dish before them ("Fish & chips, mushy peas"), unless they enumerate what the dish is made of
 * ("Beetroot, lentil & feta salad": one word, then an "&" in the last part). Parentheses never split.
 */
export function splitOptions(text: string, asList: boolean, p: OptionPatterns): string[] {
  const { masked, restore } = maskParentheses(expandAbbreviations(text));
  const parts: string[] = [];
  for (const alternative of masked.split(p.alternatives)) {
    const items = alternative.split(/\s*[,;]\s*/);
    if (asList || items.length === 1) parts.push(...items);
    else if (wordsOf(items[0]!).length === 1 && /\s(?:&|and|n)\s/i.test(items.at(-1)!))
      parts.push(alternative);
    else parts.push(items[0]!);
  }
  return parts.map(restore).filter((part) => part.trim() !== '');
}

/**
 * Chat off an option's ends: "maybe pizza", "is it a gyros", "poke lol", "burritos today", and a tail
 * that is not food ("for the workshop", "at Gaucho"; "with chips" stays: it is part of the dish).
 */
export function trimChat(text: string, p: OptionPatterns, judge: FoodJudge | undefined): string {
  let trimmed = text.trim().replace(p.listEnd, '');
  for (let previous = ''; previous !== trimmed; ) {
    previous = trimmed;
    trimmed = trimmed
      .replace(p.fillerEdge, '')
      .replace(/^(?:(?:a|an|the|some)\s+)+/i, '')
      .trim();
  }
  const tail = p.trailingTail.exec(trimmed);
  if (tail !== null && tail.index > 0) {
    const rest = tail[1]!;
    if (saysNothing(rest, p) || (judge !== undefined && !judge.readsAsFood(rest)))
      trimmed = trimmed.slice(0, tail.index);
  }
  return trimmed
    .replace(/[\s?!.,;:]+$/, '')
    .replace(/^\((.*)\)$/, '$1')
    .trim();
}
