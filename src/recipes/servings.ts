import { alternation, type ListVocabulary, listVocabulary, quantityWordValue } from './words.js';

/**
 * A list's servings however they are written: "serves 4", "Serves: 6", "for 2", "makes 8 portions",
 * "4 servings", "Yield: 8 servings", "feeds 8", "serves 4-6". A statement that names eaters or
 * portions is firm; "makes 12" alone (muffins, pancakes: one each is a serving) is weaker, so in
 * "makes 2 large pizzas, serves 4" the 4 counts.
 */

export interface Servings {
  count: number;
  /** The words that stated it, as typed. */
  statement: string;
}

export interface FoundServings extends Servings {
  /** "serves 4" is firm; "makes 12" only says what is made. */
  firm: boolean;
}

interface Pattern {
  regex: RegExp;
  /** Whether a match is firm; otherwise firm only when an eaters word follows (group 3). */
  firm: boolean;
}

function patterns(vocabulary: ListVocabulary): Pattern[] {
  const { servings, numbers } = vocabulary.words;
  // Any number of digits, and a sign, so that "serves 5000", "serves -3" and "serves 99999999999999999999"
  // are read, and refused (bounds.ts), rather than left in the list as a line of unknown weight.
  const count = `([-−]?\\d+|${alternation(Object.keys(numbers))})`;
  // "feeds a family of 4", "serves up to 6": words between the statement and its number.
  const before = `(?:(?:${alternation(servings.beforeCount)})\\s+)?`;
  const range = `${before}${count}(?:\\s*(?:-|–|to)\\s*${count})?`;
  const eaters = `(${alternation(servings.eaters)})`;
  const end = '(?![\\w.,/])';
  const labels = servings.labels.filter((label) => servings.eaters.includes(label));
  return [
    {
      regex: new RegExp(
        `\\b(?:${alternation(servings.serves)})\\s*:?\\s*${range}(?:\\s+${eaters})?${end}`,
        'i',
      ),
      firm: true,
    },
    // "Servings: 4", "Servings - 4".
    {
      regex: new RegExp(`\\b(?:${alternation(labels)})\\s*(?::|\\s-|\\s–)\\s*${range}${end}`, 'i'),
      firm: true,
    },
    // "for 2" only before an eaters word or at the end of a part: "simmer for 20 minutes" is not.
    {
      regex: new RegExp(
        `\\b(?:${alternation(servings.for)})\\s+${range}(?:\\s+${eaters}\\b|(?=\\s*(?:$|[,;:)!.])))`,
        'i',
      ),
      firm: true,
    },
    // "makes 10 slices", "Yield: 12 muffins": what is made is one serving each.
    {
      regex: new RegExp(
        `\\b(?:${alternation([...servings.makes, ...servings.labels])})\\s*:?\\s*${range}(?:\\s+(?:${eaters}|[a-z]+))?${end}`,
        'i',
      ),
      firm: false,
    },
    // Last: "4 servings" alone (after "Yield: 8 servings" is taken whole).
    { regex: new RegExp(`(?:^|[\\s(])${range}\\s+${eaters}\\b`, 'i'), firm: true },
  ];
}

let compiled: { vocabulary: ListVocabulary; patterns: Pattern[] } | undefined;

function compiledPatterns(vocabulary: ListVocabulary): Pattern[] {
  if (compiled?.vocabulary !== vocabulary) compiled = { vocabulary, patterns: patterns(vocabulary) };
  return compiled.patterns;
}

function countOf(vocabulary: ListVocabulary, word: string | undefined): number | null {
  if (word === undefined) return null;
  const value = quantityWordValue(vocabulary, word) ?? Number(word.replace('−', '-'));
  // Negative, and beyond the largest exact integer, stay numbers for bounds.ts to refuse.
  return Number.isNaN(value) ? null : value;
}

/** The first servings statement in a part, and the part with it removed. */
function takeOne(part: string, vocabulary: ListVocabulary): { servings: FoundServings; rest: string } | null {
  for (const { regex, firm } of compiledPatterns(vocabulary)) {
    const match = regex.exec(part);
    if (match === null) continue;
    const low = countOf(vocabulary, match[1]);
    if (low === null) continue;
    const high = countOf(vocabulary, match[2]) ?? low;
    // A range ("serves 4-6") is read as its middle, as ranges of quantities are.
    const count = (low + Math.max(low, high)) / 2;
    const rest = `${part.slice(0, match.index)} ${part.slice(match.index + match[0].length)}`;
    return {
      servings: { count, statement: match[0].trim(), firm: firm || match[3] !== undefined },
      rest: rest.replace(/[\s,;:()-]+$/, '').replace(/^[\s,;:)-]+/, ''),
    };
  }
  return null;
}

/** Every servings statement in a part (a line may hold two: "Makes 8 pancakes, serves 4"). */
export function findServings(
  part: string,
  vocabulary = listVocabulary(),
): { found: FoundServings[]; rest: string } {
  const found: FoundServings[] = [];
  let rest = part;
  for (let i = 0; i < 3; i++) {
    const taken = takeOne(rest, vocabulary);
    if (taken === null) break;
    found.push(taken.servings);
    rest = taken.rest;
  }
  return { found, rest };
}

/** The servings a part states (firm first), and the part with every statement removed. */
export function takeServings(part: string): { servings: Servings | null; rest: string } {
  const { found, rest } = findServings(part);
  return { servings: chooseServings(found), rest };
}

/** The statement that counts: the first firm one, else the first. */
export function chooseServings(found: readonly FoundServings[]): Servings | null {
  const chosen = found.find((servings) => servings.firm) ?? found[0];
  return chosen === undefined ? null : { count: chosen.count, statement: chosen.statement };
}

let cutPattern: { vocabulary: ListVocabulary; regex: RegExp } | undefined;

/**
 * "about 12 slices", "(cut into 16 squares)": after a statement of what is made ("Makes 1 loaf"), the
 * pieces it is cut into, one serving each; firm, since it says how the thing made is shared. Only a
 * part that says nothing else is one: "12 slices bread" is an ingredient.
 */
export function cutInto(part: string, vocabulary = listVocabulary()): FoundServings | null {
  if (cutPattern?.vocabulary !== vocabulary) {
    const { servings, numbers, approximately } = vocabulary.words;
    const count = `(\\d{1,6}|${alternation(Object.keys(numbers))})`;
    cutPattern = {
      vocabulary,
      regex: new RegExp(
        `^[\\s(,]*(?:(?:${alternation(approximately)})\\s*)?(?:(?:${alternation(servings.cutInto)})\\s+)?${count}(?:\\s*(?:-|–|to)\\s*${count})?\\s+(?:${alternation(servings.pieces)})[\\s).]*$`,
        'i',
      ),
    };
  }
  const match = cutPattern.regex.exec(part);
  if (match === null) return null;
  const low = countOf(vocabulary, match[1]);
  if (low === null) return null;
  const high = countOf(vocabulary, match[2]) ?? low;
  return {
    count: (low + Math.max(low, high)) / 2,
    statement: part.trim().replace(/^[(,\s]+|[).\s]+$/g, ''),
    firm: true,
  };
}
