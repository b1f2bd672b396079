import pluralize from 'pluralize';
import { editDistance } from '../core/edit-distance.js';
import { foldWords } from '../core/fold.js';
import type { DishReading } from './dish-reading.js';
import type { DishTemplatesFile } from './dish-templates.js';
import type { FoundResolution } from './resolution.js';
import type { Understanding } from './understand.js';

/**
 * Whether an option found is understood well enough to be ranked. The team's decision must not be
 * confidently wrong: an answer that is only a guess at what the option is (an unknown word read as
 * another food, a restaurant's name, a template standing in for a main the name does not state) is
 * left out of the ranking with a short reason saying what to name, rather than ranked as if known.
 *
 * The principle is that every word of the option is accounted for: by the answer's name or what it
 * is made of, or as a word the dish reader knows (a style, a diet, a dish type, a food it states).
 * An answer the catalog gives with full confidence (an exact name or alias) accounts for the words it
 * was found by; a guess (matched below full confidence, or built from a template) must account for
 * them itself. Ordered, named rules; the first that doubts an option decides its reason.
 */

interface Context {
  input: string;
  found: FoundResolution;
  /** What the option states, brackets and all (dish-reading.ts). */
  reading: DishReading;
  /** What the option's name states, without what its brackets describe. */
  named: DishReading;
  /** The answer was matched below full confidence, found by setting words aside, or built from a template: a guess. */
  guess: boolean;
  /** Whether the answer's name or one of its ingredients' names holds this word (or a close spelling). */
  explained(word: string): boolean;
  /** The answer's name holds a word the option's does not: it is a variant the catalog picked. */
  adds: boolean;
  /** The option's words that must be accounted for: without numbers and joining words. */
  optionWords: readonly string[];
  /** Whether the answer's name itself holds this word, or a food of the option's it is the catalog's name for. */
  inName(word: string): boolean;
  /** The foods the answer's name states that are a meat, fish, dairy, egg or a protein such as tofu. */
  answerMains(): DishReading['mains'];
  /** The foods the option states that the answer does not hold. */
  missing(): DishReading['mains'];
  /** Whether the option states this food: itself, a word of its name, or its animal. */
  stated(food: DishReading['mains'][number]): boolean;
  /** The restaurant the option's name alone names, or null. */
  restaurant: string | null;
}

export interface CertaintyRule {
  name: string;
  /** Why the rule is there, with the case that asks for it. */
  why: string;
  /** The reason the option is not ranked, for the person reading the answer; null when it does not apply. */
  doubt(context: Context): string | null;
}

/** The words certainty reads, from data/curated/dish-templates.json. */
interface Words {
  /** Joining words and articles, which say nothing a dish is made of. */
  linking: ReadonlySet<string>;
  /** Categories of plant foods a dish may well hold unsaid (lentils in a soup, nuts in a pastry). */
  unsaidPlantProteins: ReadonlySet<string>;
}

const wordsOf = new WeakMap<DishTemplatesFile, Words>();

function certaintyWords(file: DishTemplatesFile): Words {
  let words = wordsOf.get(file);
  if (words === undefined) {
    words = { linking: new Set(file.linkingWords), unsaidPlantProteins: new Set(file.unsaidPlantProteins) };
    wordsOf.set(file, words);
  }
  return words;
}

/** An option's words that must be accounted for: folded, without numbers and joining words. */
function contentWordsOf(text: string, linking: ReadonlySet<string>): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word.length > 1 && !/\d/.test(word) && !linking.has(word));
}

/** A word in the singular: "noodles" is "noodle", "vegetables" "vegetable". */
function singular(word: string): string {
  return /^[a-z]+$/.test(word) && word.length > 3 ? pluralize.singular(word) : word;
}

/**
 * Whether two words are the same: as typed, in the singular, or a typo apart (one edit from four
 * letters, "daal" and "dal"; two from eight, "vegtable" and "vegetables").
 */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const one = singular(a);
  const other = singular(b);
  if (one === other) return true;
  const shortest = Math.min(one.length, other.length);
  const longest = Math.max(one.length, other.length);
  if (longest < 4 || shortest < 3) return false;
  const limit = longest >= 8 ? 2 : 1;
  return Math.abs(one.length - other.length) <= limit && editDistance(one, other) <= limit;
}

/** A food that makes a dish what it is when added: a meat, fish, dairy, egg, or a protein such as tofu. */
function rankedAsMain(
  food: DishReading['mains'][number],
  catalog: Understanding['catalog'],
  words: Words,
): boolean {
  if (food.kind === 'plant') return false;
  if (food.kind !== 'protein') return true;
  const category = catalog.food(food.code)?.category;
  return category === undefined || !words.unsaidPlantProteins.has(category);
}

/**
 * The option states what its dish is made of: a meat, fish, dairy, egg or protein, not only plants
 * ("spinach and ricotta tortellini" states spinach, but "ricotta", a word the reader does not know,
 * may be its main) nor only a kind of food ("veg").
 */
const statesMain = (reading: DishReading) =>
  reading.mains.some((food) => !food.generic && food.kind !== 'plant');

export const CERTAINTY_RULES: readonly CertaintyRule[] = [
  {
    name: 'a restaurant, not a dish',
    why: 'A restaurant or chain named alone ("subway", "KFC or Nando\'s?") is where to eat, not what: the catalog\'s guess at a dish it sells is no figure for the team to choose by. A dish named with it ("Pret (egg mayo sandwich)") is ranked.',
    doubt({ restaurant, reading }) {
      if (restaurant === null || reading.mains.length > 0) return null;
      return `${restaurant} is a restaurant, not a dish: name what you would have there`;
    },
  },
  {
    name: 'none of its words in the answer',
    why: 'A guess that holds none of the option\'s words ("Garlic bread" answered with "Bolo do Caco", "Burrata" with "Burritos") was found by spelling alone: it says nothing of what the option is.',
    doubt({ found, guess, inName, optionWords }) {
      if (!guess || found.takenAs === 'composed dish') return null;
      if (optionWords.length === 0 || optionWords.some(inName)) return null;
      return `not sure what it is (the nearest name is ${found.result.name}): name its main ingredients`;
    },
  },
  {
    name: 'a food of its own',
    why: 'A guess that adds a meat, fish, cheese, egg or a protein such as tofu the option never states ("Puff puff" answered with "Cheese in puff pastry", "Cornbread" with "Chicken cornbread", "Vegetable chow mein" with a tofu and cashew chow mein) ranks that food, not the option. A food the option states by another name ("gambas", prawns; "beef teriyaki", a steak) is stated.',
    doubt({ found, guess, answerMains, stated }) {
      if (!guess || found.takenAs === 'composed dish') return null;
      const added = answerMains().find((food) => !stated(food));
      if (added === undefined) return null;
      return `not sure it is ${found.result.name}, which has ${added.label} it does not state: name its main ingredients`;
    },
  },
  {
    name: 'a stated food left out',
    why: 'A meat, fish, cheese, egg or protein the option states that the answer does not hold ("vegetarian bacon roll" built without its bacon, "veggie bangers & mash" without its bangers) is a stated main dropped: the answer ranks another dish. A flavour set aside to find the food ("pistachio baklava") is said so in the answer, and is no main.',
    doubt({ found, missing }) {
      const left = missing();
      if (left.length === 0) return null;
      return `${found.result.name} leaves out the ${left[0]!.label} it states: name its main ingredients`;
    },
  },
  {
    name: 'a word that may name its main',
    why: 'An option stating no main food whose name holds a word the reader does not know, which the answer does not explain ("Nachos BellGrande", "Bún chả Hà Nội", "Oreo milkshake", "kimchi fried rice"), may be named after that very food: the guess would rank a dish whose main is unknown as if it were known.',
    doubt({ guess, named, reading, explained }) {
      // A vegan dish is plants, whatever the word; a vegetarian one may be named after its cheese.
      if (!guess || statesMain(reading) || reading.diet === 'vegan') return null;
      const unknown = named.unknown.filter((word) => !explained(word));
      if (unknown.length === 0) return null;
      return `not sure what "${unknown.join(' ')}" is in it: name its main ingredients`;
    },
  },
  {
    name: 'a template standing in for its main',
    why: 'A dish whose name states only its type, neither its main nor a diet ("sushi platter", "nasi lemak", "pie"), built from its type\'s template has the template\'s stand-in main (mixed vegetables, beans, cucumber), and found below full confidence is one variant picked for it ("Pot pie, no meat", "Tomato soup"): either way a guess at the very part that decides its figure. Types whose default is what the dish is usually made of (a burger is beef, a hot dog a sausage, a latte espresso and milk) are understood as it; a dish the catalog names exactly ("ramen", "tacos") is its own.',
    doubt({ found, reading, named, guess, explained, adds }) {
      if (!guess || reading.template === null || !reading.byType) return null;
      if (reading.template.main.usual === true || reading.diet !== null || reading.mains.length > 0)
        return null;
      // The catalog's dish by the option's own name ("Cottage pie" for "Cottage pie with seasonal
      // greens"), or one explaining a word the reader did not know ("vegtable"), is no stand-in.
      if (found.takenAs !== 'composed dish' && (!adds || named.unknown.some(explained))) return null;
      const type = reading.template.type;
      return `not sure what the ${type} is made of: name its main ingredient (meat, fish, cheese, beans or vegetables)`;
    },
  },
];

/** The first rule that doubts an option, and the reason it gives. */
export interface Doubt {
  rule: string;
  reason: string;
}

/** Why an option found is not understood well enough to rank, by the first rule that doubts it; null to rank it. */
export function doubtOf(found: FoundResolution, understanding: Understanding): Doubt | null {
  // The user's own ingredient list is what they say it is.
  if (found.takenAs === 'ingredient list') return null;
  const { composer, catalog } = understanding;
  const words = certaintyWords(understanding.templates);
  const contentWords = (text: string) => contentWordsOf(text, words.linking);
  const { input, result } = found;
  const nameWords = contentWords(result.name);
  const answerWords = [
    ...nameWords,
    ...(result.kind === 'recipe' ? result.contributors.flatMap((each) => contentWords(each.name)) : []),
  ];
  const inAnswer = (text: string) =>
    contentWords(text).some((word) => answerWords.some((each) => sameWord(word, each)));
  const reading = composer.read(input);
  // A food the option states that the answer holds, by the catalog's name for it ("gambas": "Prawns").
  const held = reading.mains.filter(
    (food) => inAnswer(food.label) || inAnswer(food.foodName.split(',')[0]!) || inAnswer(food.words),
  );
  const optionWords = contentWords(input);
  const said = (word: string) => optionWords.some((each) => sameWord(word, each));
  // "Chicken or turkey parmigiana": an answer offering another food beside the stated one adds nothing.
  const folded = foldWords(result.name).split(' ');
  const offeredWithStated = new Set(
    folded.flatMap((word, i) =>
      word === 'or' && i > 0 && i + 1 < folded.length
        ? said(folded[i - 1]!)
          ? [folded[i + 1]!]
          : said(folded[i + 1]!)
            ? [folded[i - 1]!]
            : []
        : [],
    ),
  );
  // What the option states as foods: the words of its mains ("wings" after "jackfruit" is a shape)
  // and the words the reader does not know (which may name one).
  const statedWords = [...reading.mains.flatMap((food) => contentWords(food.words)), ...reading.unknown];
  const optionAnimals = new Set(catalog.animalsIn?.(statedWords.join(' ')) ?? []);
  let mains: DishReading['mains'] | undefined;
  const context: Context = {
    input,
    optionWords,
    adds: nameWords.some((word) => !optionWords.some((each) => sameWord(word, each))),
    found,
    reading,
    named: composer.read(input.replace(/\([^()]*\)/g, ' ')),
    guess:
      found.takenAs === 'composed dish' ||
      (result.confidence !== null && result.confidence < 1) ||
      ('setAside' in found && found.setAside !== undefined),
    explained: (word) =>
      answerWords.some((answer) => sameWord(word, answer)) ||
      held.some((food) => contentWords(food.words).some((each) => sameWord(each, word))),
    inName: (word) =>
      nameWords.some((answer) => sameWord(word, answer)) ||
      held.some(
        (food) =>
          contentWords(food.words).some((each) => sameWord(each, word)) &&
          contentWords(food.foodName.split(',')[0]!).some((each) =>
            nameWords.some((name) => sameWord(each, name)),
          ),
      ),
    answerMains: () => {
      // The foods its name states; of a changed dish, those it still holds ("Ramen with tofu instead
      // of chashu pork" holds no pork).
      const holds = (food: DishReading['mains'][number]) =>
        result.kind !== 'recipe' ||
        result.contributors.some((each) =>
          contentWords(each.name).some((word) =>
            contentWords(`${food.words} ${food.label}`).some((said) => sameWord(word, said)),
          ),
        );
      mains ??= composer
        .read(result.name)
        .mains.filter((food) => !food.generic && rankedAsMain(food, catalog, words) && holds(food));
      return mains;
    },
    stated: (food) =>
      reading.mains.some((each) => each.code === food.code) ||
      contentWords(`${food.words} ${food.label} ${food.foodName.split(',')[0]}`).some(
        (word) => statedWords.some((each) => sameWord(word, each)) || offeredWithStated.has(word),
      ) ||
      (catalog.animalsIn?.(food.words) ?? []).some(
        (animal) => optionAnimals.has(animal) && animal !== 'meatfree',
      ),
    missing: () =>
      understanding.checks.missing(reading, result).filter((food) => rankedAsMain(food, catalog, words)),
    restaurant: catalog.restaurantNamed?.(input.replace(/\([^()]*\)/g, ' ')) ?? null,
  };
  for (const rule of CERTAINTY_RULES) {
    const reason = rule.doubt(context);
    if (reason !== null) return { rule: rule.name, reason };
  }
  return null;
}
