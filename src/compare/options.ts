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
  /** Whether a text names a kind of dish eaten as a meal, not as a side ("poke bowl", not "rice"). */
  namesMealType?(text: string): boolean;
  /** The words naming the kind of dish a short heading names ("ramen" in "Ramen Thursday"), or null. */
  headingType?(text: string): string | null;
  /**
   * What a short text states as a dish's parts, every word known: how many main foods and whether
   * it names a kind of dish by a word ("beef burrito": 1 food, a kind; "chicken": 1 food, none;
   * "jasmine rice": none, a kind); null when a word is unknown to the dish reader.
   */
  statedFoods?(text: string): { foods: number; kind: boolean } | null;
  /** Whether a text names a restaurant or chain alone ("wingstop", "KFC"), where to eat, not what. */
  namesRestaurant?(text: string): boolean;
}

export interface OptionPatterns {
  words: MenuWords;
  alternatives: RegExp;
  listEnd: RegExp;
  leadingDay: RegExp;
  trailingTail: RegExp;
  /** Who shares the item, after it: "jasmine tea for the table", "padron peppers to share". */
  sharedTail: RegExp;
  fillerEdge: RegExp;
  /** Headings, days, dates, cuisines and fillers: what a label is made of. */
  nothing: ReadonlySet<string>;
  /** Every word of those phrases. */
  nothingWords: ReadonlySet<string>;
  section: ReadonlySet<string>;
  labelHeads: ReadonlySet<string>;
  dayOrDate: ReadonlySet<string>;
  /** Words of a sentence, never of a dish's name (menu-words.json chatWords). */
  chat: ReadonlySet<string>;
  /** Words read as part of a sentence once it has started (menu-words.json betweenWords). */
  between: ReadonlySet<string>;
  /** A diet's names ("vegan", "veggie", "plant based"): a diet alone names no dish. */
  diets: ReadonlySet<string>;
  /** A milk chosen for a drink: "oat", "dairy", "semi skimmed". */
  milks: ReadonlySet<string>;
  /** A sentence that starts with an alternative ("… or i could do pizza") continues the choice before it. */
  continuesChoice: RegExp;
  cuisines: ReadonlySet<string>;
  /** "not pizza again": an option ruled out. */
  negated: RegExp;
  /** "(sold out)": an item not on offer. */
  unavailable: RegExp;
  /** A line that starts with a field's label: "Date:", "Subtotal £51.70", "Basket – Comptoir". */
  fieldStart: RegExp;
  /** "(everyone)", "(shared)": a label's remark saying what follows is served to all, not chosen. */
  shared: RegExp;
  /** "… and some garlic bread": "and" before an article starts a list's last item (menu-words.json listArticles). */
  lastAnd: RegExp;
  /** A preposition left at an option's end (menu-words.json endPrepositions). */
  endPreposition: RegExp;
  /** Words before the people a diet names (menu-words.json groupDeterminers). */
  groupDeterminers: ReadonlySet<string>;
  /** A change to the item above: "Extra peanuts", "no onions" (read on a line indented or after "+"). */
  modifierStart: RegExp;
  /** A statement of allergens in brackets: "(Contains: gluten, milk)", "(allergens: 1 gluten, 3 egg)". */
  allergenGroup: RegExp;
}

const cache = new WeakMap<MenuWords, OptionPatterns>();

export function optionPatterns(words: MenuWords): OptionPatterns {
  const cached = cache.get(words);
  if (cached !== undefined) return cached;
  const fillers = alternation(words.fillers);
  const edgeWords = alternation([
    ...words.fillers,
    ...words.whenWords,
    ...words.dayWords,
    ...words.venueWords,
  ]);
  const nothing = new Set([
    ...words.sectionWords,
    ...words.venueWords,
    ...words.cuisineWords,
    ...words.fillers,
    'the',
    'our',
    'a',
    'an',
  ]);
  const patterns: OptionPatterns = {
    words,
    // "or", "vs", "/", and a dot or bullet between items of one line ("kafta · falafel · moussaka").
    alternatives: new RegExp(
      `\\s+(?:${alternation(words.alternatives)})\\.?\\s+|\\s*\\/\\s*|\\s[·•]\\s`,
      'i',
    ),
    listEnd: new RegExp(`^(?:${alternation(words.listEnds)})\\s+`, 'i'),
    // A day before the dish, as a column or a label: "MON  Bbq bun", "Tue – fish pie" (not "Sunday roast").
    leadingDay: new RegExp(
      `^(?:${alternation(words.dayWords)})\\b\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:\\s*[-–—:]\\s*|\\s{2,})`,
      'i',
    ),
    // What follows a dish in a sentence: "for the workshop", "at the Biergarten", "before the run".
    trailingTail: /\s+(?:for|at|from|before|after|by|near)\s+(.*)$/i,
    sharedTail: new RegExp(
      `\\s+(?:${alternation(words.sharedWords.filter((phrase) => phrase.includes(' ')))})[\\s?!.]*$`,
      'i',
    ),
    fillerEdge: new RegExp(`^(?:(?:${fillers})\\b[\\s,]*)+|(?:[\\s,]+(?:${edgeWords})\\b)+[\\s?!.]*$`, 'i'),
    nothing,
    nothingWords: new Set([...nothing].flatMap((phrase) => phrase.split(' '))),
    section: new Set(words.sectionWords),
    labelHeads: new Set(words.labelHeads),
    dayOrDate: new Set([...words.dayWords, ...words.monthWords]),
    chat: new Set(words.chatWords),
    between: new Set(words.betweenWords),
    // The names of the diets that change a footprint, not the one-letter marks ("v", "n").
    diets: new Set(
      Object.entries(words.dietMarks)
        .filter(([diet]) => diet !== '')
        .flatMap(([diet, marks]) => [diet, ...marks])
        .filter((name) => name.length >= 3),
    ),
    milks: new Set(words.milkWords),
    continuesChoice: new RegExp(`^\\s*(?:${alternation(words.alternatives)})\\s`, 'i'),
    cuisines: new Set(words.cuisineWords),
    negated: new RegExp(`^(?:${alternation(words.negations)})\\s`, 'i'),
    unavailable: new RegExp(`\\b(?:${alternation(words.unavailableWords)})\\b`, 'i'),
    // The label, then a colon, a dash, a price or a number, or nothing more.
    fieldStart: new RegExp(`^(?:${alternation(words.fieldWords)})(?=\\s*(?:[^\\p{L}\\s]|$))`, 'iu'),
    shared: new RegExp(`\\(\\s*(?:${alternation(words.sharedWords)})\\s*\\)`, 'i'),
    lastAnd: new RegExp(`\\s+(?:and|&)\\s+(?=(?:${alternation(words.listArticles)})\\s)`, 'i'),
    endPreposition: new RegExp(`\\s+(?:${alternation(words.endPrepositions)})$`, 'i'),
    groupDeterminers: new Set(words.groupDeterminers),
    modifierStart: new RegExp(`^(?:${alternation(words.modifierWords)})\\b`, 'i'),
    allergenGroup: new RegExp(`[([]\\s*(?:${alternation(words.allergenWords)})\\b[^()[\\]]*[)\\]]`, 'gi'),
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
  // "Option B", "Choice 2": a label head and its letter or number.
  if (words.length === 2 && p.labelHeads.has(words[0]!) && /^(?:[a-z]|\d{1,2})$/.test(words[1]!)) return true;
  // Chat alone ("who's in", "thanks all"): words of a sentence, with fillers or headings beside them.
  if (
    words.some((word) => p.chat.has(word)) &&
    words.every((word) => p.chat.has(word) || p.nothingWords.has(word))
  )
    return true;
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

/** "between X and Y": the first "and" after "between" (lazily, so linear). */
const BETWEEN_AND = /(\bbetween\s+[^,;?!]{1,200}?)\s+and\s+/i;

/** "between the halloumi burger and the chicken burger": the "and" after "between" parts two options. */
export function betweenAsAlternative(text: string): string {
  return text.replace(BETWEEN_AND, '$1 or ');
}

/** One option of a piece of text, and what its commas say it comes with. */
export interface SplitOption {
  text: string;
  /** Without `asList`: the comma items after the dish ("chips", "peppercorn sauce"), unjudged. */
  described: string[];
}

/**
 * The options one piece of text holds: its alternatives ("fish pie or lasagne", "tacos / pho"),
 * and with `asList` its comma list ("pizza, sushi or burritos"). Without `asList`, commas describe the
 * dish before them ("Fish & chips, mushy peas, tartare": `described` holds them), unless they
 * enumerate what one item is made of or comes with, the last joined by "&" or "and" ("Beetroot,
 * lentil & feta salad", "Jerk chicken, rice & peas"). Parentheses never split.
 */
export function splitDescribed(text: string, asList: boolean, p: OptionPatterns): SplitOption[] {
  const { masked: maskedText, restore } = maskParentheses(expandAbbreviations(text));
  const masked = betweenAsAlternative(maskedText);
  const parts: SplitOption[] = [];
  for (const alternative of masked.split(p.alternatives)) {
    // "a veggie lasagne, a chicken caesar salad and some garlic bread", "the soup is minestrone and
    // the special a beef pie": in a list, "and" before an article parts two items ("fish and chips"
    // stays one).
    const items = alternative
      .split(/\s*[,;]\s*/)
      .flatMap((item) => (asList ? item.split(p.lastAnd) : [item]));
    if (asList || items.length === 1) parts.push(...items.map((item) => ({ text: item, described: [] })));
    else if (/\s(?:&|and|n)\s/i.test(items.at(-1)!)) parts.push({ text: alternative, described: [] });
    else parts.push({ text: items[0]!, described: items.slice(1).map(restore) });
  }
  return parts
    .map((part) => ({ ...part, text: restore(part.text) }))
    .filter((part) => part.text.trim() !== '');
}

/** The options' texts alone (splitDescribed). */
export function splitOptions(text: string, asList: boolean, p: OptionPatterns): string[] {
  return splitDescribed(text, asList, p).map((part) => part.text);
}

/**
 * Chat off an option's ends: "maybe pizza", "is it a gyros", "poke lol", "burritos today", the
 * sentence before it ("do people want the chicken shawarma", "anyone want to split a pizza"), where
 * it is bought ("the falafel truck"), and a tail that is not food ("for the workshop", "at Gaucho";
 * "with chips" stays: it is part of the dish).
 */
export function trimChat(text: string, p: OptionPatterns, judge: FoodJudge | undefined): string {
  // A tally's count ("4 for pizza", "3 votes for sushi") is no part of the dish.
  const untallied = text
    .trim()
    .replace(p.listEnd, '')
    .replace(/^\d+\s+(?:votes?\s+)?for\s+/i, '');
  // The sentence before the option, then the one after it ("their tofu pho is great").
  const once = withoutSentence(untallied, p, judge);
  const twice = once === untallied ? once : withoutSentence(once, p, judge);
  let trimmed = trimEdges(withoutChatTail(twice, p), p).replace(p.sharedTail, '');
  const tail = p.trailingTail.exec(trimmed);
  if (tail !== null && tail.index > 0) {
    const rest = tail[1]!;
    if (saysNothing(rest, p) || namesDietGroup(rest, p) || (judge !== undefined && !judge.readsAsFood(rest)))
      trimmed = trimmed.slice(0, tail.index);
  }
  trimmed = trimmed.replace(/[\s?!.,;:]+$/, '');
  // With a judge, a preposition left at the end ("coffee for" once "12" is gone) belongs to what was
  // cut off, as the tail above does.
  if (judge !== undefined) trimmed = trimmed.replace(p.endPreposition, '');
  return trimmed.replace(/^\((.*)\)$/, '$1').trim();
}

/**
 * Text up to a second run of a sentence's words after an option ("katsu curry if it's on"): the
 * option, when at least one word of it comes first. Linear: the words are read once.
 */
function cutAtChat(text: string, p: OptionPatterns): string {
  let seenOption = false;
  for (const match of text.replace(/\([^()]*\)/g, (group) => ' '.repeat(group.length)).matchAll(WORD)) {
    const word = foldWords(match[0].replace(/['’]/g, ''));
    if (!p.chat.has(word)) seenOption ||= !p.between.has(word);
    else if (seenOption) return text.slice(0, match.index);
  }
  return text;
}

/** Words of a sentence after an option ("lamb biryani better here", "the pho there"), off its end. */
function withoutChatTail(text: string, p: OptionPatterns): string {
  const words = text.split(/\s+/);
  let end = words.length;
  while (end > 1 && p.chat.has(foldWords(words[end - 1]!.replace(/['’]/g, '')))) end--;
  return end === words.length ? text : words.slice(0, end).join(' ');
}

/** People named by their diet, as whom an option is for: "the veggies", "our vegans". */
function namesDietGroup(text: string, p: OptionPatterns): boolean {
  const words = wordsOf(text).filter((word) => !p.groupDeterminers.has(word));
  return words.length > 0 && onlyPhrases(words.map((word) => word.replace(/s$/, '')).join(' '), p.diets);
}

/** Fillers, times, days and where it is bought off an option's ends; articles and prepositions off its start. */
function trimEdges(text: string, p: OptionPatterns): string {
  let trimmed = text.trim();
  for (let previous = ''; previous !== trimmed; ) {
    previous = trimmed;
    trimmed = trimmed
      .replace(p.fillerEdge, '')
      .replace(/^(?:(?:a|an|the|some|for|on|at|to|from|of|in|by)\s+)+/i, '')
      .trim();
  }
  return trimmed;
}

/** A word, a hyphenated compound as one ("build-your-own"). */
const WORD = /[\p{L}\p{N}'’]+(?:-[\p{L}\p{N}'’]+)*/gu;
/**
 * An option out of the sentence around it: after the sentence's first run of words ("do people want
 * the chicken shawarma", "New choices are lamb tagine", "anyone want to split a pizza"), else, with a
 * judge, before it ("burgers (beef, chicken or bean) let me know which", "Fish pie is back"), when
 * that is food. "Toad in the hole" keeps its article: no sentence word comes before it. The words are
 * read once, up to the option.
 */
export function withoutSentence(text: string, p: OptionPatterns, judge?: FoodJudge): string {
  let first = -1;
  let after = 0;
  // A remark in brackets is the menu's, not the sentence's: its words are not read here.
  for (const match of text.replace(/\([^()]*\)/g, (group) => ' '.repeat(group.length)).matchAll(WORD)) {
    const word = foldWords(match[0].replace(/['’]/g, ''));
    if (p.chat.has(word)) {
      if (first < 0) first = match.index;
      after = match.index + match[0].length;
    } else if (first >= 0 && p.between.has(word)) {
      after = match.index + match[0].length;
    } else if (first >= 0) {
      // The option starts after the sentence's first run of words.
      break;
    }
  }
  if (first < 0) return text;
  const rest = trimEdges(text.slice(after), p);
  const leading = text.slice(0, first).trim() === '';
  if (/\p{L}/u.test(rest)) {
    // A sentence, then where the option is bought ("who's in for the chippy?"): no option.
    if (saysNothing(rest, p)) return leading ? '' : text;
    if (judge === undefined || judge.readsAsFood(rest)) return rest;
    // Else what follows up to a sentence after it ("katsu curry" of "katsu curry if it's on").
    const cut = trimEdges(cutAtChat(rest, p), p);
    if (cut !== rest && /\p{L}/u.test(cut) && !saysNothing(cut, p) && judge.readsAsFood(cut)) return cut;
  }
  const before = trimEdges(text.slice(0, first).replace(/[\s,;:–—-]+$/, ''), p);
  if (judge !== undefined && /\p{L}/u.test(before) && !saysNothing(before, p) && judge.readsAsFood(before))
    return before;
  return text;
}

/** Whether a text holds a word of a sentence ("who's in for 1pm", "anyone who wants a pint"). */
export function holdsSentence(text: string, p: OptionPatterns): boolean {
  for (const match of text.replace(/\([^()]*\)/g, ' ').matchAll(WORD))
    if (p.chat.has(foldWords(match[0].replace(/['’]/g, '')))) return true;
  return false;
}
