import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParseIngredientOptions } from 'parse-ingredient';
import { z } from 'zod';
import { dataDir as packageDataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';
import { singularWords } from './phrases.js';

/**
 * The English words an ingredient list is read with (pack words, portion words, serving words,
 * number words, negligible amounts), from data/curated/list-words.json, and the patterns built from
 * them. Every pattern is an alternation of literal words between fixed anchors, so matching stays
 * linear in the text's length.
 */

const Words = z.array(z.string().min(1)).min(1);

export const ListWordsSchema = z.object({
  about: z.string(),
  /** Units parse-ingredient lacks or spells the American way only, as its `additionalUOMs`. */
  units: z.array(
    z.discriminatedUnion('type', [
      z.object({
        id: z.string().min(1),
        short: z.string().min(1),
        plural: z.string().min(1),
        alternates: z.array(z.string().min(1)),
        type: z.literal('volume'),
        millilitres: z.number().positive(),
      }),
      /** "1 kilo potatoes": spellings of a mass unit parse-ingredient already converts, by its id. */
      z.object({
        id: z.enum(['kilogram', 'gram']),
        short: z.string().min(1),
        plural: z.string().min(1),
        alternates: z.array(z.string().min(1)),
        type: z.literal('mass'),
        grams: z.number().positive(),
      }),
    ]),
  ),
  /** Words before an amount that only say it is approximate: "about 2 kg". */
  approximately: Words,
  /** Counts written as words: "two onions", "serves four". */
  numbers: z.record(z.string().min(1), z.number().positive()),
  /** parse-ingredient units that are numbers, by what they multiply: "2 dozen eggs" is 24 eggs. */
  multipliers: z.record(z.string().min(1), z.number().positive()),
  /** Words that start a line with a quantity parse-ingredient does not read: "half a bag", "a 400g tin". */
  leadingQuantities: z.record(z.string().min(1), z.number().positive()),
  /** After "a", words that make it vague rather than one: "a few", "a little", "a handful". */
  notAQuantityAfterA: Words,
  /** Pack kinds and the words for them: "tin" and "can" are one kind. */
  packs: z.record(z.string().min(1), Words),
  /** Pack kinds that also name a whole thing: a size unknown for the food, the portion table weighs it. */
  packsAlsoPortions: z.record(z.string().min(1), z.string().min(1)),
  /** Pack kinds whose word stays in the food's name: "whole milk". */
  packsNotDroppedFromFood: z.array(z.string().min(1)),
  /** Pack kinds whose count alone makes a one-part text a list ("1 can chickpeas"); "one pot pasta" is a dish. */
  packsStatingAnAmount: z.array(z.string().min(1)),
  /** Words before a food that state no amount ("lots of black pepper"): dropped from its name. */
  vagueAmountWords: Words,
  /** Portion words (ours, see PortionKeySchema) and how lines write them: "3 cloves garlic". */
  portions: z.record(z.string().min(1), Words),
  /** Portions whose word in front of a food is dropped from its name: "(1) head garlic". */
  portionsDroppedFromFood: z.array(z.string().min(1)),
  /** Portions a food's own name may carry: "3 garlic cloves" is 3 cloves. */
  portionWordsInFood: z.array(z.string().min(1)),
  /** Sizes parse-ingredient reads as units: "1 large onion". */
  sizes: Words,
  negligible: z.object({
    /** Phrases anywhere in a line that make it too little to count: "a pinch", "to taste". */
    phrases: Words,
    /** parse-ingredient units that are too little to count. */
    units: Words,
    /** Foods that without a quantity do not change a footprint: salt, pepper, water. */
    foods: Words,
    /** Herbs and whole spices counted in pieces weigh a gram or less each: "2 bay leaves". */
    countedFoods: Words,
    /** Words in front of a counted food that do not change it: "dried", "fresh". */
    countedModifiers: Words,
    /** Packs of herbs that are weighed at their typical size, not called vague: "2 bunches parsley". */
    weighedPacks: Words,
    /** Leaves as a vague amount of them: "a handful of spinach" (but "spinach" alone is unknown). */
    vagueLeaves: Words,
    /** Fresh herbs and leaves: a vague amount of them ("a handful", "a few sprigs") is too little to count. */
    vagueHerbs: Words,
    /** The words a vague amount of herbs is written with: "small bunch", "few sprigs", "handful of". */
    vagueWords: Words,
  }),
  /** Lengths parse-ingredient reads as units, in centimetres: "5cm galangal", "1 inch ginger". */
  lengths: z.record(z.string().min(1), z.number().positive()),
  /**
   * Catalog categories of whole dishes (Agribalyse's "starters and dishes"): a first line naming one
   * without an amount is the list's title, not an ingredient ("Fish pie" above "2 cod fillets").
   */
  titleCategories: Words,
  /** Headings after which a recipe says how to cook, not what to buy: "Method:". */
  endHeadings: Words,
  /** Headings of the ingredients themselves, never a title: "Ingredients:". */
  sectionHeadings: Words,
  /** First words of a heading of part of the list, never a title: "For the sauce:". */
  sectionHeadingStarts: Words,
  /** Words after a food's name that leave it that food: "peppers per person", "bacon strips". */
  afterFood: Words,
  /** Words that join two ingredients in one part when a quantity follows: "2 carrots and 1 cucumber". */
  joiners: Words,
  /** Vague measures read as household ones: "a knob of" is "1 tablespoon". */
  vagueMeasures: z.record(z.string().min(1), z.string().min(1)),
  servings: z.object({
    /** "serves 4", "feeds 8". */
    serves: Words,
    /** "for 2": only with an eaters word, or at the end of a part. */
    for: Words,
    /** "makes 12": one of whatever is made is a serving. */
    makes: Words,
    /** "Servings: 4", "Yield: 8 servings". */
    labels: Words,
    /** "4 people", "6 portions". */
    eaters: Words,
    /** "feeds a family of 4", "serves up to 6": words between a servings word and its number. */
    beforeCount: Words,
    /** "cut into 12 slices": words before the pieces a made thing is cut into. */
    cutInto: Words,
    /** "about 12 slices", "16 squares": the pieces a made thing is cut into, a serving each. */
    pieces: Words,
  }),
  /** Words that only say how the ingredient before a comma is prepared: "2 leeks, finely chopped". */
  preparation: Words,
  /** Words dropped from a food's name: "optional", "large". */
  notFoodWords: Words,
  /** Where a food's name ends: ", finely chopped", " for the sauce", " plus extra". */
  foodEndsAt: Words,
  /** Words that start an alternative, dropped with what follows: "butter or margarine". */
  alternatives: Words,
  /** Words a part may start with to carry a quantity: "a pinch of salt", "half an onion". */
  quantityWords: Words,
  /** Units after a number anywhere in a part mark a quantity: "Lemon juice 1 tbsp". */
  unitsAfterNumber: Words,
  /** "(140g each)": the weight is of one piece. */
  eachWords: Words,
});
export type ListWords = z.infer<typeof ListWordsSchema>;

export function readListWords(dataDir = packageDataDir()): ListWords {
  const path = join(dataDir, 'curated', 'list-words.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = ListWordsSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`list-words.json is invalid: ${parsed.error.message}`);
  return parsed.data;
}

function escapePhrase(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&').replace(/ /g, '\\s+');
}

/** An alternation of the phrases, longest first so that "half of a" is tried before "half". */
export function alternation(phrases: readonly string[]): string {
  return [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map(escapePhrase)
    .join('|');
}

/** Phrases as whole words: a word boundary on each side that is a word character. */
function wholeWords(phrases: readonly string[]): string {
  const words = phrases.filter((phrase) => /^\w/.test(phrase) && /\w$/.test(phrase));
  const others = phrases.filter((phrase) => !words.includes(phrase));
  const parts = [];
  if (words.length > 0) parts.push(`\\b(?:${alternation(words)})\\b`);
  if (others.length > 0) parts.push(`(?:${alternation(others)})`);
  return parts.join('|');
}

/** The words compiled into what the readers use. */
export interface ListVocabulary {
  words: ListWords;
  parseOptions: ParseIngredientOptions;
  /** Millilitres in one of the additional units, which parse-ingredient's convertUnit does not know. */
  extraVolumes: Readonly<Record<string, number>>;
  /** An approximation word at the start: "about ", "~". */
  approximately: RegExp;
  /** A pack word at the start of a description, as group 1. */
  packAtStart: RegExp;
  /** Pack word (lower case) → pack kind. */
  packKind: ReadonlyMap<string, string>;
  /** Portion word (lower case) → portion key. */
  portionWord: ReadonlyMap<string, string>;
  /** A portion word a food's name may carry, as group 1: "garlic cloves". */
  portionWordInFood: RegExp;
  /** A pack or portion word at the start of a food's name that is not part of it: "tins", "head". */
  leadWordNotFood: RegExp;
  vagueAmountAtStart: RegExp;
  /** Splits a description where the food's name ends. */
  foodEnd: RegExp;
  /** An alternative and what follows it. */
  alternative: RegExp;
  /** An alternative word at the start of a description, before another amount: "or 400 grams". */
  alternativeAtStart: RegExp;
  negligiblePhrase: RegExp;
  negligibleUnits: ReadonlySet<string>;
  negligibleFoods: ReadonlySet<string>;
  negligibleCountedFoods: ReadonlySet<string>;
  countedModifier: RegExp;
  vagueHerbs: ReadonlySet<string>;
  vagueLeaves: ReadonlySet<string>;
  vagueWords: ReadonlySet<string>;
  /** A vague measure at the start, as group 1: "knob of ". */
  vagueMeasure: RegExp;
  notFoodWords: RegExp;
  /** A leading quantity phrase, as group 1, followed by a space: "half a ", "two ". */
  leadingQuantity: RegExp;
  /** "a few", "a little": "a" that is not one. */
  vagueAfterA: RegExp;
  preparationWords: ReadonlySet<string>;
  quantityStart: RegExp;
  quantityAnywhere: RegExp;
  each: RegExp;
  /**
   * Words (singular) that may follow a food's name in a line without making it another food: portion,
   * pack and preparation words and the connectors of list-words.json `afterFood` ("onion sliced",
   * "garlic cloves", "bacon strips", "peppers per person").
   */
  headFollowers: ReadonlySet<string>;
  endHeadings: ReadonlySet<string>;
  sectionHeadings: ReadonlySet<string>;
  /** " and " or " & " before a number, as the separator between two ingredients: "2 carrots and 1 cucumber". */
  andThenQuantity: RegExp;
}

export function compileVocabulary(words: ListWords): ListVocabulary {
  const packKind = new Map<string, string>();
  for (const [kind, forms] of Object.entries(words.packs)) for (const form of forms) packKind.set(form, kind);
  const portionWord = new Map<string, string>();
  for (const [key, forms] of Object.entries(words.portions))
    for (const form of forms) portionWord.set(form, key);
  const additionalUOMs: NonNullable<ParseIngredientOptions['additionalUOMs']> = {};
  const extraVolumes: Record<string, number> = {};
  for (const unit of words.units) {
    additionalUOMs[unit.id] = {
      short: unit.short,
      plural: unit.plural,
      alternates: unit.alternates,
      type: unit.type,
      conversionFactor: unit.type === 'volume' ? unit.millilitres : unit.grams,
    };
    if (unit.type === 'volume') extraVolumes[unit.id] = unit.millilitres;
  }
  const numberAndLeading = { ...words.numbers, ...words.leadingQuantities };
  return {
    words,
    parseOptions: { additionalUOMs },
    // convertUnit knows litres and millilitres; only units it lacks entirely need their factor here.
    extraVolumes: Object.fromEntries(
      Object.entries(extraVolumes).filter(([id]) => id !== 'liter' && id !== 'milliliter'),
    ),
    approximately: new RegExp(`^\\s*(?:${wholeWords(words.approximately)})\\s*`, 'i'),
    packAtStart: new RegExp(`^\\s*(?:of\\s+)?(${alternation([...packKind.keys()])})\\b`, 'i'),
    packKind,
    portionWord,
    portionWordInFood: new RegExp(
      `\\b(${alternation([...portionWord].filter(([, key]) => words.portionWordsInFood.includes(key)).map(([form]) => form))})\\b`,
      'i',
    ),
    vagueAmountAtStart: new RegExp(`^\\s*(?:${alternation(words.vagueAmountWords)})\\s+(?=\\S)`, 'i'),
    leadWordNotFood: new RegExp(
      `^\\s*(?:${alternation([
        ...[...packKind]
          .filter(([, kind]) => !words.packsNotDroppedFromFood.includes(kind))
          .map(([form]) => form),
        ...[...portionWord]
          .filter(([, key]) => words.portionsDroppedFromFood.includes(key))
          .map(([form]) => form),
      ])})\\b`,
      'i',
    ),
    foodEnd: new RegExp(wholeWords(words.foodEndsAt), 'i'),
    alternativeAtStart: new RegExp(`^\\s*(?:${alternation(words.alternatives)})\\s+(?=[\\d¼½¾⅓⅔⅛])`, 'i'),
    alternative: new RegExp(`\\b(?:${alternation(words.alternatives)})\\b.*$`, 'i'),
    negligiblePhrase: new RegExp(wholeWords(words.negligible.phrases), 'i'),
    negligibleUnits: new Set(words.negligible.units),
    negligibleFoods: new Set(words.negligible.foods),
    negligibleCountedFoods: new Set(words.negligible.countedFoods),
    vagueHerbs: new Set(words.negligible.vagueHerbs),
    vagueLeaves: new Set(words.negligible.vagueLeaves),
    vagueWords: new Set(words.negligible.vagueWords),
    vagueMeasure: new RegExp(`^(${alternation(Object.keys(words.vagueMeasures))})\\s+(?=\\S)`, 'i'),
    countedModifier: new RegExp(`^(?:${alternation(words.negligible.countedModifiers)})\\s+`, 'i'),
    notFoodWords: new RegExp(`\\b(?:${alternation(words.notFoodWords)})\\b`, 'gi'),
    leadingQuantity: new RegExp(`^(${alternation(Object.keys(numberAndLeading))})\\s+(?=\\S)`, 'i'),
    vagueAfterA: new RegExp(`^an?\\s+(?:${alternation(words.notAQuantityAfterA)})\\b`, 'i'),
    preparationWords: new Set(words.preparation.map((word) => word.toLowerCase())),
    quantityStart: new RegExp(
      `^(?:${wholeWords(words.approximately)})?\\s*(?:\\d|[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\\b(?:${alternation(words.quantityWords)})\\b)`,
      'i',
    ),
    quantityAnywhere: new RegExp(`\\d\\s?(?:${alternation(words.unitsAfterNumber)})\\b`, 'i'),
    each: new RegExp(`\\b(?:${alternation(words.eachWords)})\\b`, 'i'),
    endHeadings: new Set(words.endHeadings),
    sectionHeadings: new Set(words.sectionHeadings),
    headFollowers: new Set(
      [...portionWord.keys(), ...packKind.keys(), ...words.preparation, ...words.afterFood].flatMap((form) =>
        singularWords(form),
      ),
    ),
    andThenQuantity: new RegExp(
      `\\s+(?:${alternation(words.joiners)})\\s+(?=\\d|[¼½¾⅓⅔⅛]|(?:${alternation(Object.keys(words.numbers))})\\s)`,
      'i',
    ),
  };
}

/** The value of a leading quantity or number word, lower case. */
export function quantityWordValue(vocabulary: ListVocabulary, phrase: string): number | undefined {
  const key = phrase.toLowerCase().replace(/\s+/g, ' ');
  return vocabulary.words.leadingQuantities[key] ?? vocabulary.words.numbers[key];
}

let memoised: ListVocabulary | undefined;

/** The vocabulary of the shipped data, read once. */
export function listVocabulary(): ListVocabulary {
  memoised ??= compileVocabulary(readListWords());
  return memoised;
}
