import { foldWords } from '../core/fold.js';
import { MAX_PARTS } from './menu-lines.js';
import { MAX_SIBLING_WORDS } from './menu-siblings.js';
import { wordCount } from './menu-structure.js';
import { cleanSegment } from './menu-text.js';
import { onlyPhrases } from './menu-words.js';
import { type FoodJudge, holdsSentence, type OptionPatterns, saysNothing } from './options.js';

/**
 * Candidates the judge is asked about per message: a plain message is read no further; a marked menu
 * past its tenth option is only counted, by its structure.
 */
export const MAX_JUDGED = 60;

/**
 * The food judge as the menu reader asks it, within MAX_JUDGED questions a message, and the
 * readings of a candidate that need it: a kind of dish labelling a dish, a remark in brackets, a
 * place's dish in brackets, a dish's sides, a food said once before a kind. Once ten options are
 * read (`counting`), the rest of a marked menu is only counted, by its structure, and nothing is
 * asked. Members are arrow functions so readMenu can take them apart.
 */
export class MenuJudge {
  judged = 0;
  counting = false;
  /** The judge, within the same bound, for what trims an option's tail. */
  readonly bounded: FoodJudge | undefined;

  constructor(
    private readonly p: OptionPatterns,
    private readonly judge: FoodJudge | undefined,
  ) {
    this.bounded =
      judge === undefined
        ? undefined
        : {
            readsAsFood: this.reads,
            namesDishType: (text) => judge.namesDishType?.(text) ?? false,
            namesMealType: (text) => judge.namesMealType?.(text) ?? false,
            headingType: (text) => judge.headingType?.(text) ?? null,
          };
  }

  readonly reads = (text: string): boolean => {
    if (this.judge === undefined || this.counting) return true;
    if (this.judged >= MAX_JUDGED) return false;
    this.judged++;
    return this.judge.readsAsFood(text);
  };

  readonly namesMeal = (text: string): boolean =>
    !this.counting && this.bounded?.namesMealType?.(text) === true;

  /** The kind of dish a label names, when it labels the dish after it; null otherwise. */
  readonly typeLabel = (
    raw: string,
    text: string,
    colon: boolean,
    next: string,
    item: boolean,
  ): string | null => {
    const types = this.bounded;
    if (this.counting || types?.namesDishType === undefined) return null;
    // "Soup of the day", "Cake of the week": what the day's dish is.
    const ofThe = /^(.*?)\s+of\s+the\s+\w+\s*$/i.exec(raw.trim())?.[1];
    if (ofThe !== undefined && wordCount(ofThe) <= 2 && (types.namesDishType(ofThe) || this.reads(ofThe)))
      return ofThe.toLowerCase();
    if (!types.namesDishType(text)) return null;
    // After a dash, on a menu's item, a kind of dish labels a dish that is no list of what it is
    // made of ("Soup – Leek & potato", not "Margherita – tomato, mozzarella, basil").
    return colon || (item && !next.includes(',') && this.reads(next)) ? text.toLowerCase() : null;
  };

  /** The kind of dish a label names before its head word ("Ramen options", "Curry choices"), or null. */
  readonly labelKind = (raw: string): string | null => {
    const types = this.bounded;
    if (this.counting || types?.namesDishType === undefined) return null;
    const words = foldWords(cleanSegment(raw, this.p.words).text).split(' ');
    if (words.length < 2 || words.length > 3 || !this.p.labelHeads.has(words.at(-1)!)) return null;
    const kind = words.slice(0, -1).join(' ');
    return types.namesDishType(kind) ? kind : null;
  };

  /** A remark in brackets that is not food ("(someone said 4 larges)", "(Sundays only)") is dropped. */
  readonly withoutRemarks = (text: string): string =>
    !text.includes('(') || this.judge === undefined || this.counting
      ? text
      : text
          // A list in brackets describes the dish ("(korean fried chicken, soy garlic)", "(beef and
          // stockfish)"): kept.
          .replace(/\(([^()]*)\)/g, (group, inside: string) =>
            holdsSentence(inside, this.p) ||
            saysNothing(inside, this.p) ||
            (!/,|\s(?:and|&)\s/.test(inside) && !this.reads(inside))
              ? ' '
              : group,
          )
          .replace(/\s+/g, ' ')
          .trim();

  /** One word naming a food, and no kind of dish ("chicken", "tofu"; not "chips", "cod loin"). */
  readonly bareFood = (text: string): boolean => {
    const stated = wordCount(text) === 1 ? this.judge?.statedFoods?.(text) : null;
    return stated != null && stated.foods >= 1 && !stated.kind;
  };

  /** The kind of dish named after one food ("burrito" of "beef burrito"), or null. */
  readonly kindAfterFood = (text: string): string | null => {
    const stated = this.judge?.statedFoods?.(text);
    const kind =
      stated != null && stated.foods >= 1 && stated.kind ? (this.bounded?.headingType?.(text) ?? null) : null;
    return kind !== null && wordCount(text) === wordCount(kind) + 1 ? kind : null;
  };

  /** The food a text holds in brackets, when it reads as food; null otherwise. */
  readonly bracketedDish = (text: string): string | null => {
    if (this.judge === undefined || this.counting) return null;
    const inside = /\(([^()]*)\)/.exec(text)?.[1]?.trim();
    if (inside === undefined || inside === '' || holdsSentence(inside, this.p) || saysNothing(inside, this.p))
      return null;
    return this.reads(inside) ? inside : null;
  };

  /**
   * The sides a dish's commas list that read as food, each short and no sentence ("chips",
   * "peppercorn sauce", "bok choy"); a note that is not food ("served till 2") is left out.
   */
  readonly sidesOf = (described: readonly string[]): string[] => {
    const sides: string[] = [];
    for (const raw of described.slice(0, MAX_PARTS)) {
      const side = cleanSegment(raw, this.p.words).text;
      if (side === '' || wordCount(side) > MAX_SIBLING_WORDS || holdsSentence(side, this.p)) continue;
      // A milk offered for a drink ("flat whites, oat or dairy") is a choice the order makes, not a side.
      if (onlyPhrases(side, this.p.milks) || saysNothing(side.replace(/\([^()]*\)/g, ' '), this.p)) continue;
      if (!this.reads(side)) continue;
      // Every word of a side known to the dish reader ("chips", "jasmine rice", "bok choy"): a word it
      // does not know ("lentilles du Puy") would leave the whole dish not understood.
      if (this.judge?.statedFoods !== undefined && this.judge.statedFoods(side) === null) continue;
      sides.push(side);
    }
    return sides;
  };
}
