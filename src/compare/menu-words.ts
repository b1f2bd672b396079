import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dataDir as defaultDataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';
import { foldWords } from '../core/fold.js';

/**
 * The English words of menus and compare commands (data/curated/menu-words.json): the reader's
 * structure is code, the words it reads are data.
 */

const Folded = z.string().regex(/^[a-z0-9]+(?: [a-z0-9]+)*$/, 'folded: lowercase, digits, single spaces');

export const MenuWordsSchema = z.object({
  $comment: z.string().optional(),
  /** Words between two options: "fish pie or lasagne", "lasagne vs dal". */
  alternatives: z.array(Folded).min(1),
  /**
   * The alternatives between options of a poll, each option written whole: two of them in one text
   * ("steak vs salmon vs chickpea curry") mean a kind is not said once for both.
   */
  choiceWords: z.array(Folded).min(1),
  /** Words before a list's last item: "pizza, sushi or burritos", "lasagne, curry and fish pie". */
  listEnds: z.array(Folded).min(1),
  /**
   * Articles that start a list's next item after "and": "… a chicken caesar salad and some garlic
   * bread" is two items, "fish and chips" one.
   */
  listArticles: z.array(Folded).min(1),
  /** Words joining what comes with a dish to it: "steak with chips", "steak w chips". */
  withWords: z.array(Folded).min(1),
  /** What a group size counts: "for 12 people", "8 ppl", "14 of us". */
  peopleWords: z.array(Folded).min(1),
  /** Words before the people a diet names, as whom an option is for: "the veggies", "our vegans". */
  groupDeterminers: z.array(Folded).min(1),
  /** Words before a bare group size at the end: "for 20", "x 12". */
  groupMarks: z.array(Folded).min(1),
  /** Words that head a section or name the meal, never a dish: "Mains", "Dessert:", "Today's specials". */
  sectionWords: z.array(Folded).min(1),
  /** The last word of a label, whatever precedes it: "Veggie option", "Hot counter", "lunch board". */
  labelHeads: z.array(Folded).min(1),
  /** When a dish is eaten, trimmed from an option's end: "burritos today", "pizza tonight". */
  whenWords: z.array(Folded).min(1),
  /** Days, which label a canteen's lines ("Tue – fish pie"). */
  dayWords: z.array(Folded).min(1),
  /** Months, which date a day ("Mon 3 March"). */
  monthWords: z.array(Folded).min(1),
  /** A cuisine alone is a choice of restaurant, not a dish ("chinese or indian tonight?"). */
  cuisineWords: z.array(Folded).min(1),
  /** Chat around an option, trimmed from its ends: "maybe", "is it a", "lol". */
  fillers: z.array(Folded).min(1),
  /**
   * Words of a sentence, never of a dish's name: pronouns, auxiliaries, question words, chat verbs
   * ("do people want the shawarma", "who's in"). Trimmed from an option's start in a sentence; a line
   * outside a menu's items that keeps one is chatter.
   */
  chatWords: z.array(Folded).min(1),
  /**
   * Words between a sentence's words and its option, read as part of the sentence once it has
   * started: "I'm thinking either the …", "anyone up for …", "who's in for …".
   */
  betweenWords: z.array(Folded).min(1),
  /**
   * Prepositions left at an option's end once what followed is cut off ("coffee for" once "12" is
   * gone): they belong to the cut-off tail.
   */
  endPrepositions: z.array(Folded).min(1),
  /** Where a dish is bought, after it: "the salad place", "the falafel truck". */
  venueWords: z.array(Folded).min(1),
  /** Words before an option that rule it out: "not pizza again pls". */
  negations: z.array(Folded).min(1),
  /** Words saying an item is not on offer, wherever they stand: "Chilli squid? (sold out)". */
  unavailableWords: z.array(Folded).min(1),
  /**
   * A remark in brackets after a label saying what follows is served to all, not chosen:
   * "Starter (everyone): burrata, tomatoes", "Sides (shared): …".
   */
  sharedWords: z.array(Folded).min(1),
  /**
   * Labels of a form's fields or a message's headers, whose line holds no option: "Date:",
   * "Restaurant:", "Budget per head:", "Subject:", "Subtotal".
   */
  fieldWords: z.array(Folded).min(1),
  /**
   * Words that start a change to the item above, on a line of its own indented or after "+" ("  +
   * Extra peanuts $1", "  no onions"): never an option.
   */
  modifierWords: z.array(Folded).min(1),
  /** A milk chosen for a drink ("oat or dairy", "soy"), which alone names no option. */
  milkWords: z.array(Folded).min(1),
  /** Words that start an allergen statement: "(Contains: gluten, milk)", "allergens: 1 gluten". */
  allergenWords: z.array(Folded).min(1),
  /**
   * Dietary marks ("(V)", "VG", "GF") by what they state; marks under "" state nothing that changes
   * a footprint (gluten-free, halal, a size) and are dropped.
   */
  dietMarks: z.record(z.string(), z.array(Folded).min(1)),
  /** Emoji that mark a diet ("🌱" for plant-based). */
  dietEmoji: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});
export type MenuWords = z.infer<typeof MenuWordsSchema>;

export const MENU_WORDS_FILE = 'curated/menu-words.json';

let memoised: MenuWords | undefined;

/** Reads and validates the menu words once per process; a missing or invalid file is SourceUnavailableError. */
export function loadMenuWords(dataDir?: string): MenuWords {
  if (dataDir === undefined && memoised !== undefined) return memoised;
  const path = join(dataDir ?? defaultDataDir(), MENU_WORDS_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = MenuWordsSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`${MENU_WORDS_FILE} is invalid: ${parsed.error.message}`);
  if (dataDir === undefined) memoised = parsed.data;
  return parsed.data;
}

/** Folded phrases as one regular-expression alternation, longest first, for whole words. */
export function alternation(phrases: readonly string[]): string {
  return [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.split(' ').map(escapeRegExp).join('\\s+'))
    .join('|');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether every word of a text is one of these phrases (a section heading, a day, a cuisine). */
export function onlyPhrases(text: string, phrases: ReadonlySet<string>, maxWords = 4): boolean {
  const words = foldWords(text)
    .replace(/'/g, '')
    .split(' ')
    .filter((word) => word !== '');
  if (words.length === 0) return false;
  let i = 0;
  while (i < words.length) {
    let matched = 0;
    for (let n = Math.min(maxWords, words.length - i); n >= 1; n--) {
      if (phrases.has(words.slice(i, i + n).join(' '))) {
        matched = n;
        break;
      }
    }
    if (matched === 0) return false;
    i += matched;
  }
  return true;
}
