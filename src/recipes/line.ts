import { parseIngredient } from 'parse-ingredient';
import {
  type Amount,
  bracketMeasure,
  leadingMeasure,
  type Measure,
  measureAmount,
  middle,
  scale,
} from './measure.js';
import { type ListVocabulary, listVocabulary, quantityWordValue } from './words.js';

export type { Amount } from './measure.js';

/**
 * One ingredient line read into an amount and a food description, with parse-ingredient doing the
 * numbers (mixed, unicode and slash fractions, ranges, units) and this module what real lines add
 * around it: "2 x 400g tins", "1 (400 g) can", "half a bag", "150g (1/3 lb)", "100 g / ½ cup",
 * "Lemon juice 1 tbsp", "1,200 g", a weight in brackets after a count ("1 whole duck (about 2 kg)"),
 * markdown, and negligible amounts ("a pinch", "to taste"). The words come from list-words.json.
 *
 * Time is linear in the line's length: a line over MAX_LINE_CHARACTERS is not read, parse-ingredient
 * (whose time grows faster than the length) sees only the line's first PARSED_HEAD_CHARACTERS, and
 * every pattern here is anchored or scans each character a bounded number of times.
 */

export interface ParsedLine {
  /** The line as given, whitespace collapsed. */
  text: string;
  amount: Amount;
  /** What the food is called, cleaned of amounts, brackets and preparation notes. */
  food: string;
  /** Why the line could not be read at all, when that is so. */
  unreadable?: string;
}

/**
 * Lines longer than this are not read: the longest ingredient bullet of the 349 based-cooking recipes
 * is 259 characters with its markdown and notes, and the blind sets' longest line is shorter.
 */
export const MAX_LINE_CHARACTERS = 300;
/** The quantity and unit are at the start of a line; parse-ingredient is given no more than this. */
const PARSED_HEAD_CHARACTERS = 80;

const UNICODE_FRACTIONS = '¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';
const UNICODE_FRACTION_AT_START = new RegExp(`^[${UNICODE_FRACTIONS}]`);
const QUANTITY_CHARACTER = new RegExp(`[\\d${UNICODE_FRACTIONS}]`);
const HEADING = new RegExp(`^[^:\\d${UNICODE_FRACTIONS}]{1,40}:\\s*(?=[\\d${UNICODE_FRACTIONS}])`);
const TIMES = new RegExp(
  `^(\\d+(?:[.,]\\d+)?|[${UNICODE_FRACTIONS}])\\s*[x×]\\s*(?=[\\d${UNICODE_FRACTIONS}])`,
  'i',
);
/**
 * "1,200 g", "10,000": groups of three digits after a comma are thousands. "1,5 kg" (one or two
 * digits after the comma) stays a decimal comma, read further on.
 */
/** "juice of ", "zest of ": a part of a food named before how many of it ("juice of half a lemon"). */
const PART_OF = /^[a-z]+ of (?=\S)/i;
const THOUSANDS = /(?<![\d.,])(\d{1,3})((?:,\d{3})+)(?![\d,]|\.\d)/g;

/**
 * "100g/3½oz", "500ml/18fl oz": a slash glued between an amount and the same amount in other units
 * (the British style) is spaced, as "100 g / ½ cup" is, so the second is read as the same amount again.
 */
const GLUED_SLASH = /(\d\s?[a-z]{1,6}\.?)\/(?=\s?[\d¼½¾⅓⅔⅛])/gi;

/** Markdown emphasis and links, list bullets, a leading "about", glued slashes between amounts. */
function tidy(text: string, vocabulary: ListVocabulary): string {
  return text
    .replace(GLUED_SLASH, '$1 / ')
    .replace(/\[([^\][]*)\]\([^()]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/^\s*(?:[-•·+]|\d+[.)])\s+(?=\S)/, '')
    .replace(vocabulary.approximately, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Lemon juice 1 tbsp", "beef (chuck): 1kg | 2 1/4lb": a food first, its quantity after. */
function trailingQuantity(
  text: string,
  vocabulary: ListVocabulary,
): { quantityText: string; food: string } | null {
  const first = QUANTITY_CHARACTER.exec(text);
  if (first === null || first.index === 0) return null;
  const before = text.slice(0, first.index);
  const food = before.replace(/[\s:,-]+$/, '');
  // The food needs two characters, and a space, colon, comma or dash before the quantity.
  if (food.length < 2 || food.length === before.length) return null;
  const quantityText = text.slice(first.index).split('|')[0]!.trim();
  const measure = leadingMeasure(quantityText, vocabulary);
  // Only a bare measure may follow ("1 tbsp", "50 g"): "2 eggs" after a name is not a quantity of it.
  if (
    measure === null ||
    quantityText
      .slice(measure.length)
      .replace(/[()*.,]/g, '')
      .trim() !== ''
  )
    return null;
  return { quantityText, food: food.trim() };
}

/** A pack word at the start of a description: its kind and the description after it. */
function leadingPack(
  description: string,
  vocabulary: ListVocabulary,
  /** "whole" is a pack only right after a count ("1 whole duck"), never after a measure ("3 cups whole milk"). */
  afterCount = false,
): { kind: string; rest: string } | null {
  const pack = vocabulary.packAtStart.exec(description);
  if (pack === null) return null;
  const kind = vocabulary.packKind.get(pack[1]!.toLowerCase());
  if (kind === undefined || (!afterCount && vocabulary.words.packsNotDroppedFromFood.includes(kind)))
    return null;
  return { kind, rest: description.slice(pack[0].length).trimStart() };
}

function withPack(amount: Amount, pack: string | undefined): Amount {
  return pack !== undefined && (amount.kind === 'mass' || amount.kind === 'volume')
    ? { ...amount, pack }
    : amount;
}

/**
 * The size of one of a count of things: "(400 g) can tomatoes", "15 oz can", "tin (415g) beans".
 * `rest` is the description without it.
 */
function packSize(description: string, vocabulary: ListVocabulary): { amount: Amount; rest: string } | null {
  const leading: Measure | null = leadingMeasure(description, vocabulary);
  if (leading !== null) {
    const after = description.slice(leading.length).trim();
    const pack = leadingPack(after, vocabulary);
    return { amount: withPack(leading.amount, pack?.kind), rest: pack === null ? after : pack.rest };
  }
  // "1 tin (415g) beans", "1 bottle 700ml red wine".
  const pack = leadingPack(description, vocabulary);
  if (pack !== null) {
    const measure = leadingMeasure(pack.rest, vocabulary);
    if (measure !== null)
      return { amount: withPack(measure.amount, pack.kind), rest: pack.rest.slice(measure.length) };
  }
  return null;
}

/** "half a bag", "a 400g tin", "two onions": the quantity words parse-ingredient does not read, as digits. */
function quantityWordsAsDigits(body: string, vocabulary: ListVocabulary): string {
  const vague = vocabulary.vagueMeasure.exec(body);
  if (vague !== null) {
    const measure = vocabulary.words.vagueMeasures[vague[1]!.toLowerCase().replace(/\s+/g, ' ')];
    if (measure !== undefined) return `${measure} ${body.slice(vague[0].length)}`;
  }
  if (vocabulary.vagueAfterA.test(body)) return body;
  // "tin of chickpeas", "thumb-sized piece of ginger": a pack named without a number is one pack.
  if (vocabulary.packAtStart.test(body) && !/^\s*(?:of\s+)?whole\b/i.test(body)) return `1 ${body}`;
  // "juice of half a lemon" is read as "juice of 0.5 lemon", as "juice of 2 lemons" is.
  const part = PART_OF.exec(body);
  const start = part === null ? 0 : part[0].length;
  // "juice of ½ lemon" as "juice of 1/2 lemon", which parse-ingredient reads; it reads "½" only first.
  const fraction = part === null ? null : UNICODE_FRACTION_AT_START.exec(body.slice(start));
  if (fraction !== null) {
    const ascii = fraction[0].normalize('NFKC').replace('\u2044', '/');
    return `${body.slice(0, start)}${ascii}${body.slice(start + fraction[0].length)}`;
  }
  const lead = vocabulary.leadingQuantity.exec(body.slice(start));
  if (lead === null) return body;
  const value = quantityWordValue(vocabulary, lead[1]!);
  return value === undefined ? body : `${body.slice(0, start)}${value} ${body.slice(start + lead[0].length)}`;
}

/**
 * parse-ingredient on the head of the body only, the rest added to its description; when the head
 * has no quantity, on the tail, where parse-ingredient finds a quantity written last ("…, 1 – 1.5kg").
 */
function parseBounded(body: string, vocabulary: ListVocabulary) {
  const decimalComma = (text: string) => text.replace(/^(\d+),(\d+)(?=\s*[a-z])/i, '$1.$2');
  if (body.length <= PARSED_HEAD_CHARACTERS)
    return parseIngredient(decimalComma(body), vocabulary.parseOptions)[0];
  const space = body.lastIndexOf(' ', PARSED_HEAD_CHARACTERS);
  const cut = space > 0 ? space : PARSED_HEAD_CHARACTERS;
  const head = parseIngredient(decimalComma(body.slice(0, cut)), vocabulary.parseOptions)[0];
  if (head !== undefined && head.quantity !== null)
    return { ...head, description: `${head.description}${body.slice(cut)}` };
  const tailSpace = body.indexOf(' ', body.length - PARSED_HEAD_CHARACTERS);
  const tailStart = tailSpace > 0 ? tailSpace : body.length - PARSED_HEAD_CHARACTERS;
  const tail = parseIngredient(body.slice(tailStart), vocabulary.parseOptions)[0];
  if (tail !== undefined && tail.quantity !== null)
    return { ...tail, description: `${body.slice(0, tailStart)} ${tail.description}` };
  return head === undefined ? undefined : { ...head, description: `${head.description}${body.slice(cut)}` };
}

function isNegligibleFood(food: string, vocabulary: ListVocabulary): boolean {
  return vocabulary.negligibleFoods.has(food.toLowerCase());
}

/** "a handful of basil", "small bunch dill", "few sprigs thyme", "2 bunches parsley": herbs, vaguely. */
function isVagueHerbs(food: string, vocabulary: ListVocabulary): boolean {
  const words = food.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = words.filter((word) => !vocabulary.vagueWords.has(word));
  const rest = kept.join(' ');
  if (rest === '') return false;
  // Leaves only with a vague word ("a handful of spinach"): "spinach" alone may be the dish.
  return vocabulary.vagueHerbs.has(rest) || (kept.length < words.length && vocabulary.vagueLeaves.has(rest));
}

function startsVague(food: string, vocabulary: ListVocabulary): boolean {
  const first = food.toLowerCase().split(/\s+/)[0];
  return first !== undefined && first !== 'a' && first !== 'of' && vocabulary.vagueWords.has(first);
}

function isNegligibleCounted(food: string, vocabulary: ListVocabulary): boolean {
  const lower = food.toLowerCase();
  // "2 dried bay leaves" is bay leaves; "10 dried chillies" are listed as such (fresh ones are weighed).
  return (
    vocabulary.negligibleCountedFoods.has(lower) ||
    vocabulary.negligibleCountedFoods.has(lower.replace(vocabulary.countedModifier, ''))
  );
}

/**
 * "1 chorizo ring", "2 garlic bulbs": a count whose food ends in a pack word, read instead as that
 * many packs of the food before it ("1 ring chorizo"); null when the food does not end in one, is only
 * that word, or the word stays in names ("whole milk"). Taken only when the count cannot be weighed:
 * "2 onion rings" may be onions.
 */
export function packAfterFood(
  parsed: ParsedLine,
  vocabulary = listVocabulary(),
): { amount: Amount; food: string } | null {
  if (parsed.amount.kind !== 'count' || parsed.amount.unit !== null) return null;
  const last = /\s(\S+)$/.exec(parsed.food);
  if (last === null) return null;
  const kind = vocabulary.packKind.get(last[1]!.toLowerCase());
  if (kind === undefined || vocabulary.words.packsNotDroppedFromFood.includes(kind)) return null;
  return {
    amount: { kind: 'pack', count: parsed.amount.count, unit: kind },
    food: parsed.food.slice(0, last.index),
  };
}

/** Reads one ingredient line. Never throws. */
export function parseLine(raw: string, vocabulary = listVocabulary()): ParsedLine {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_LINE_CHARACTERS) {
    return {
      text,
      amount: { kind: 'none' },
      food: '',
      unreadable: `over ${MAX_LINE_CHARACTERS} characters, too long for one ingredient`,
    };
  }
  let body = tidy(text, vocabulary).replace(
    THOUSANDS,
    (_match, head: string, groups: string) => `${head}${groups.replace(/,/g, '')}`,
  );
  const trailing = trailingQuantity(body, vocabulary);
  if (trailing !== null) body = `${trailing.quantityText} ${trailing.food}`;
  // "For the dough: 300g flour", "Topping: 200g passata": a heading before the ingredient.
  else body = body.replace(HEADING, '');
  body = quantityWordsAsDigits(body, vocabulary);

  // "2 x 400g tins", "2×400 g": a multiplier of what follows.
  let multiplier = 1;
  const times = TIMES.exec(body);
  if (times !== null) {
    multiplier = parseIngredient(times[1]!.replace(',', '.'), vocabulary.parseOptions)[0]?.quantity ?? 1;
    body = body.slice(times[0].length);
  }

  const parsed = parseBounded(body, vocabulary);
  if (parsed === undefined) return { text, amount: { kind: 'none' }, food: '' };
  let description = parsed.description;
  let amount: Amount = { kind: 'none' };

  if (parsed.quantity !== null) {
    let quantity = middle(parsed.quantity, parsed.quantity2);
    let unitId = parsed.unitOfMeasureID;
    // "1 dozen eggs", "half a dozen": parse-ingredient reads "dozen" as a unit; it is a number of dozens.
    const times = unitId === null ? undefined : vocabulary.words.multipliers[unitId.toLowerCase()];
    if (times !== undefined) {
      quantity *= times;
      unitId = null;
    }
    const measured = unitId === null ? null : measureAmount(quantity, unitId, vocabulary);
    if (measured !== null) {
      // "150g (1/3 lb) bacon", "100 g / ½ cups butter": the same amount again in other units; but
      // "1lb 2oz flour", "1 kg 200 g", with nothing between, is one amount in two units, added up.
      const again = leadingMeasure(description, vocabulary);
      if (again !== null) description = description.slice(again.length);
      // "14 ounces or 400 grams of chicken", "1 lb or 450g beef": the same amount in other units.
      const or = again === null ? vocabulary.alternativeAtStart.exec(description) : null;
      const alternative = or === null ? null : leadingMeasure(description.slice(or[0].length), vocabulary);
      if (or !== null && alternative !== null)
        description = description.slice(or[0].length + alternative.length);
      const added =
        again !== null &&
        measured.kind === 'mass' &&
        again.amount.kind === 'mass' &&
        /^\s*\d/.test(parsed.description)
          ? again.amount.grams
          : 0;
      // "400g tins kidney beans" (after "2 x"): the stated size of a pack.
      const pack = leadingPack(description, vocabulary);
      const total: Amount =
        added > 0 && measured.kind === 'mass' ? { ...measured, grams: measured.grams + added } : measured;
      amount = withPack(total, pack?.kind);
      if (pack !== null) description = pack.rest;
      // "1 cup (200g) rice", "2 cups egg noodles (100g)": a weight beside a volume is what the cook
      // weighed; a cup of a solid depends on how it is packed.
      if (measured.kind === 'volume' && pack === null) {
        const weighed =
          again?.amount.kind === 'mass' ? again.amount : bracketMeasure(description, vocabulary)?.amount;
        if (weighed?.kind === 'mass') amount = weighed;
      }
    } else {
      // "1 (400 g) can", "1 15 oz can", "1 can (29 ounces)", "1 tin (415g)": packs of a stated size.
      const size = packSize(description, vocabulary);
      const unitPack = unitId === null ? undefined : vocabulary.packKind.get(unitId);
      if (size !== null) {
        amount = scale(size.amount, quantity);
        description = size.rest;
      } else if (unitPack !== undefined) {
        amount = { kind: 'pack', count: quantity, unit: unitPack };
      } else if (unitId !== null && vocabulary.negligibleUnits.has(unitId)) {
        amount = { kind: 'negligible' };
      } else {
        let pack = unitId === null ? leadingPack(description, vocabulary, true) : null;
        // "a whole head of garlic" is one head.
        const wholeOf = pack === null ? null : /^\s*(?:of\s+)?([a-z]+)\b/i.exec(pack.rest);
        if (wholeOf && vocabulary.portionWord.has(wholeOf[1]!.toLowerCase())) {
          description = pack!.rest;
          pack = null;
        }
        if (pack !== null) {
          amount = { kind: 'pack', count: quantity, unit: pack.kind };
          description = pack.rest;
        } else {
          const first = /^(?:of\s+)?([a-z]+)\b/i.exec(description);
          const portion = first === null ? undefined : vocabulary.portionWord.get(first[1]!.toLowerCase());
          // parse-ingredient reads "large", "medium", "small" as units; they are sizes of a whole thing.
          const unit = unitId ?? portion ?? null;
          if (unitId === null && portion !== undefined) description = description.slice(first![0].length);
          amount = { kind: 'count', count: quantity, unit };
        }
      }
      // A weight in brackets wins over a count ("6 lamb chops (about 700g)": 700 g in all) and gives a
      // pack its size ("1 pack vegan sausages (6 sausages, 300g)"); "(140g each)" is one piece's.
      if (amount.kind === 'count' || amount.kind === 'pack') {
        const bracket = bracketMeasure(description, vocabulary);
        if (bracket !== null) {
          const perPiece = bracket.each || amount.kind === 'pack';
          const pack = amount.kind === 'pack' ? amount.unit : undefined;
          amount = withPack(perPiece ? scale(bracket.amount, amount.count) : bracket.amount, pack);
        }
      }
    }
  }
  const food = cleanFood(description, vocabulary);
  if (
    amount.kind === 'none' &&
    (vocabulary.negligiblePhrase.test(text) || isNegligibleFood(food, vocabulary))
  )
    amount = { kind: 'negligible' };
  // "Pot of water", "a jug of water": salt, pepper and water by the vessel are as much as is needed.
  if (amount.kind === 'pack' && isNegligibleFood(food, vocabulary)) amount = { kind: 'negligible' };
  if (amount.kind === 'count' && isNegligibleCounted(food, vocabulary)) amount = { kind: 'negligible' };
  // A vague amount of fresh herbs; a weighed one ("30g parsley") still counts.
  // "1 handful mint" is read as one "handful mint": a count whose food starts with a vague word is vague too.
  // A bunch, pack or bag of them is weighed at its typical size (weighedPacks): "2 bunches parsley".
  const vague =
    amount.kind === 'none' ||
    (amount.kind === 'pack' && !vocabulary.words.negligible.weighedPacks.includes(amount.unit)) ||
    (amount.kind === 'count' && (amount.unit !== null || startsVague(food, vocabulary)));
  if (vague && isVagueHerbs(food, vocabulary)) amount = { kind: 'negligible' };
  return { text, amount: scale(amount, multiplier), food };
}

/**
 * The food words of a description: no brackets, no preparation after a comma, no pack word or "of"
 * in front, the first of alternatives ("butter or margarine"), no notes such as "optional".
 */
export function cleanFood(description: string, vocabulary = listVocabulary()): string {
  let food = description
    .replace(/\([^()]*\)?/g, ' ')
    .replace(/\[[^\][]*\]?/g, ' ')
    .replace(/[*_`]+/g, '')
    .split(vocabulary.foodEnd)[0]!;
  food = food.replace(vocabulary.alternative, '');
  food = food
    .replace(/^\s*(?:of\s+)?/i, '')
    .replace(vocabulary.vagueAmountAtStart, '')
    .replace(vocabulary.leadWordNotFood, '')
    .replace(/^\s*of\s+/i, '');
  food = food.replace(vocabulary.notFoodWords, ' ');
  return food
    .replace(/[^\p{L}\p{N}'&\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
