import { foldWords } from '../core/fold.js';
import {
  dedupeByCode,
  JOINS,
  NOTHING,
  PhraseIndex,
  stem,
  TypoIndex,
  withoutPhrases,
} from './dish-phrases.js';
import type { DishTemplate, DishTemplatesFile } from './dish-templates.js';
import type { FoodKnowledge } from './knowledge.js';
import { expandAbbreviations } from './options.js';

/**
 * What a dish's name states: its type ("katsu curry" is a curry), its main foods ("with tofu",
 * "beef", "chickpea & sweet potato"), its diet ("vegan", "(vegetarian)") and what it leaves out ("no
 * cheese", "dairy free"), read with the words of data/curated/dish-templates.json and the catalog's
 * product matcher. Compose.ts builds a dish from it; resolve.ts checks a named dish against it.
 */

export type FoodKind = 'meat' | 'fish' | 'dairy' | 'egg' | 'protein' | 'plant';

export interface StatedFood {
  code: string;
  label: string;
  kind: FoodKind;
  /** The catalog item only stands in for it (halloumi priced as a semi-hard ewe's-milk cheese). */
  standIn: boolean;
  /** The words it was read from. */
  words: string;
  /** The catalog food's own name ("Chicken" for "chiken"). */
  foodName: string;
  /** It says only what kind of food ("veg"), which any vegetables keep. */
  generic: boolean;
}

export interface DishReading {
  template: DishTemplate | null;
  /** Main foods in the order stated: in the dish's name, or after "with" when its name has none. */
  mains: StatedFood[];
  diet: 'vegan' | 'vegetarian' | null;
  /** Words left out: "cheese" for "no cheese", "dairy" for "dairy free". */
  without: string[];
  /** Words read as nothing: a variety, a place, a name ("ital", "Kanada-Ya"). */
  unknown: string[];
  /** How many of them are in the dish's name before its type (not after it, nor after "with", nor in brackets). */
  unknownInName: number;
  /** The template is the one a word of the name names (not a plate of the foods it states). */
  byType: boolean;
  /** Its dairy is the plant milk the name states ("oat flat white"). */
  plantMilk: boolean;
  /** The words that name its type ("suya" of "beef suya"), folded; "" when none does. */
  typeNamedBy: string;
}

/** A typed word of this many letters is read as a dish type's through a typo ("shnitzel", "teryaki"). */
const MIN_TYPO_LETTERS = 6;
const MEAT_KINDS: ReadonlySet<FoodKind> = new Set(['meat', 'fish']);
/** A stated food is taken by the product matcher only this sure (an exact name or alias). */
const MAIN_CONFIDENCE = 0.95;
/** Words of a food's name tried together, longest first ("sweet potato", "pulled pork"). */
const MAX_FOOD_WORDS = 3;

export class DishReader {
  private readonly types = new PhraseIndex<DishTemplate>();
  private readonly diets = new PhraseIndex<'vegan' | 'vegetarian'>();
  private readonly style = new PhraseIndex<true>();
  private readonly before: ReadonlySet<string>;
  private readonly proteins: readonly string[][];
  private readonly after: ReadonlySet<string>;
  private readonly cuts: ReadonlySet<string>;
  /** One-word dish types, for reading a typo in one. */
  private readonly typeWords = new TypoIndex<DishTemplate>(MIN_TYPO_LETTERS);

  constructor(
    private readonly file: DishTemplatesFile,
    private readonly catalog: Pick<FoodKnowledge, 'matchFood' | 'food'>,
    /** Whether the catalog food with this code is a meal on its own (servings.ts). */
    private readonly isMeal: (code: string) => boolean,
  ) {
    for (const template of file.templates) {
      for (const word of template.words) {
        this.types.add(word, template);
        this.typeWords.add(word, template);
      }
    }
    for (const word of file.diets.vegan) this.diets.add(word, 'vegan');
    for (const word of file.diets.vegetarian) this.diets.add(word, 'vegetarian');
    for (const word of file.styleWords) this.style.add(word, true);
    this.before = new Set(file.without.before);
    this.proteins = file.proteinWords.map((phrase) => phrase.split(' ').map(stem));
    this.after = new Set(file.without.after);
    this.cuts = new Set(file.cutWords.map(stem));
  }

  /**
   * The kind of a catalog food: by its category (meat, fish, dairy, egg, legumes), else a protein
   * when its words or the words it was read from name one (tofu is a "composite dish"), else a plant.
   */
  kindOf(code: string, words = ''): FoodKind {
    const food = this.catalog.food(code);
    const byCategory = food === null ? undefined : this.file.categoryKinds[food.category];
    if (byCategory !== undefined) return byCategory;
    const named = foldWords(`${words} ${food?.name ?? ''}`)
      .split(' ')
      .map(stem);
    return this.proteins.some((protein) => protein.every((word) => named.includes(word)))
      ? 'protein'
      : 'plant';
  }

  read(text: string): DishReading {
    const expanded = expandAbbreviations(text)
      .replace(/\+/g, ' with ')
      .replace(/['’]s\b/g, 's');
    const inside = [...expanded.matchAll(/\(([^()]*)\)/g)].map((match) => match[1]!).join(' , ');
    const outside = expanded.replace(/\([^()]*\)/g, ' , ');
    const words = foldWords(outside)
      .split(' ')
      .filter((word) => word !== '');
    const withAt = words.findIndex((word, i) => (word === 'with' || word === 'w') && i > 0);
    let name = withAt < 0 ? words : words.slice(0, withAt);
    const sides = withAt < 0 ? [] : words.slice(withAt + 1);
    const insideWords = foldWords(inside)
      .split(' ')
      .filter((word) => word !== '');

    // The diet the name or its brackets state: a side's word ("with seasonal veg", "with vegan mayo") is
    // that side's, not the dish's.
    const diet = this.dietOf([...(withAt < 0 ? words : words.slice(0, withAt)), ...insideWords]);
    let typeSpan = this.typeOf(name);
    // "oat flat white": the oat is its milk, not its main.
    let plantMilk = false;
    const milks = typeSpan?.template.plantMilk;
    if (milks !== undefined) {
      const kept = withoutPhrases(name, milks);
      if (kept.length < name.length) {
        plantMilk = true;
        name = kept;
        typeSpan = this.typeOf(name);
      }
    }
    // A side names the type only when it is a side dish ("chicken adobo with garlic rice"), not a
    // seasoning that shares a dish's name ("edamame with chilli salt").
    const sideType = typeSpan === null ? this.typeOf(sides) : null;
    let template = typeSpan?.template ?? (sideType?.template.side === true ? sideType.template : null);
    const without: string[] = [];
    const unknown: string[] = [];
    const readFoods = (list: readonly string[], skip: { from: number; to: number } | null) =>
      this.foodsOf(list, skip, without, unknown);
    // Words the reader does not know before the dish type may name its main ("fruit platter");
    // after it, they name a style or a range ("samosa chaat", "crunchwrap supreme").
    const before = typeSpan === null ? name : name.slice(0, typeSpan.span.from);
    let mains = readFoods(before, null);
    const unknownInName = unknown.length;
    if (typeSpan !== null) mains = [...mains, ...readFoods(name.slice(typeSpan.span.to), null)];
    const sideFoods = readFoods(sides, sideType?.span ?? null);
    const listed = readFoods(insideWords, null);
    // A side states the main only when the name states no protein ("pad thai with prawns", "miso ramen
    // with tofu"), and only as a protein: "shakshuka with sourdough" is not a bread dish.
    if (!mains.some((food) => food.kind !== 'plant'))
      mains = [...mains, ...sideFoods.filter((food) => food.kind !== 'plant')];
    // A filling listed in brackets ("Veggie breakfast (halloumi, veggie sausage, eggs)", "Egusi soup
    // (beef and stockfish)"): all of it when the name states nothing, else its proteins.
    mains = mains.length === 0 ? listed : [...mains, ...listed.filter((food) => food.kind !== 'plant')];
    // A name the reader does not know with what it is made of in brackets ("Pollo asado (chicken,
    // rice & black beans)") is a plate of those foods; its name's words are no unknown main.
    const named = (type: string) => this.file.templates.find((each) => each.type === type) ?? null;
    const plate = () => named(this.file.fillingsType);
    const typeNamedBy =
      typeSpan === null ? '' : name.slice(typeSpan.span.from, typeSpan.span.to).map(stem).join(' ');
    const reading = { mains: dedupeByCode(mains), diet, without, unknown, plantMilk, typeNamedBy };
    const meaty = reading.mains.some((food) => MEAT_KINDS.has(food.kind) && !food.generic);
    // "steak & kidney pud": a sweet dish's name with meat in it is its savoury kind.
    const savoury = template?.savouryType;
    if (savoury !== undefined && meaty) template = named(savoury) ?? template;
    if (template === null && listed.length >= 2 && mains.length === listed.length)
      return { ...reading, template: plate(), unknownInName: 0, byType: false };
    // A name of no dish type that states its protein ("pollo al ajillo", "smoked half chicken",
    // "ackee & saltfish") is a plate of it, when at most one word more is one the reader does not know.
    if (template === null && meaty && unknown.length <= reading.mains.length + 1)
      return { ...reading, template: plate(), unknownInName: 0, byType: false };
    return { ...reading, template, unknownInName, byType: template !== null };
  }

  private dietOf(words: readonly string[]): DishReading['diet'] {
    const stems = words.map(stem);
    let diet: DishReading['diet'] = null;
    for (let i = 0; i < stems.length; i++) {
      const found = this.diets.at(stems, i)?.value;
      if (found === 'vegan') return 'vegan';
      if (found === 'vegetarian') diet = 'vegetarian';
    }
    return diet;
  }

  /**
   * The dish type a list of words names: the last one named ("chicken katsu curry" is a curry, not
   * katsu), but a type that is usually a side gives way to any other ("beef stew & dumplings" is a
   * stew, "scampi & chips" a plate of chips).
   */
  typeOf(
    words: readonly string[],
    typos = true,
  ): { template: DishTemplate; span: { from: number; to: number } } | null {
    const stems = words.map(stem);
    let best: { template: DishTemplate; span: { from: number; to: number } } | null = null;
    for (let i = 0; i < stems.length; ) {
      const found = this.types.at(stems, i);
      if (found === null) {
        i++;
        continue;
      }
      if (best === null || found.value.side !== true || best.template.side === true)
        best = { template: found.value, span: { from: i, to: i + found.length } };
      i += found.length;
    }
    return best ?? (typos ? this.typoType(words) : null);
  }

  /**
   * A dish type named through a typo ("chicken shnitzel", "beef teryaki"): a word of five letters or
   * more within one edit of a type's word with the same first letter (two from eight letters), when
   * the catalog does not know the word itself. The last such word names the type.
   */
  private typoType(
    words: readonly string[],
  ): { template: DishTemplate; span: { from: number; to: number } } | null {
    const found = this.typeWords.last(words, (word) => this.catalog.matchFood(word)?.confidence !== 1);
    return found === null ? null : { template: found.value, span: { from: found.at, to: found.at + 1 } };
  }

  /** The foods a list of words names, longest phrase first; what it leaves out and does not know. */
  private foodsOf(
    words: readonly string[],
    skip: { from: number; to: number } | null,
    without: string[],
    unknown: string[],
  ): StatedFood[] {
    const stems = words.map(stem);
    const foods: StatedFood[] = [];
    const isGap = (word: string) => JOINS.has(word) || NOTHING.has(word) || /^\d/.test(word);
    let previous: { end: number; food: StatedFood } | undefined;
    for (let i = 0; i < words.length; ) {
      if (skip !== null && i >= skip.from && i < skip.to) {
        i = skip.to;
        continue;
      }
      const word = words[i]!;
      if (isGap(word)) {
        i++;
        continue;
      }
      // "no cheese", "without egg"; "dairy free".
      if (this.before.has(word) && i + 1 < words.length) {
        without.push(words[i + 1]!);
        i += 2;
        continue;
      }
      if (i + 1 < words.length && this.after.has(words[i + 1]!)) {
        without.push(word);
        i += 2;
        continue;
      }
      // Another dish type is a side, not a main: "burger & fries", "beef stew & dumplings".
      const type = this.types.at(stems, i);
      if (type !== null) {
        i += type.length;
        continue;
      }
      // A diet before a meat names its plant-based version: "veggie bangers", "vegan burger".
      const plant = this.plantVersionAt(words, stems, i);
      if (plant !== null) {
        foods.push(plant.food);
        previous = { end: i + plant.length, food: plant.food };
        i += plant.length;
        continue;
      }
      // A food first, so "sweet potato" and "veggie sausage" are foods before "sweet" and "veggie"
      // are a style and a diet.
      let taken = 0;
      for (let n = Math.min(MAX_FOOD_WORDS, words.length - i); n >= 1 && taken === 0; n--) {
        const phrase = words.slice(i, i + n);
        if (phrase.some(isGap) || (skip !== null && i + n > skip.from && i < skip.to)) continue;
        const food = this.foodFor(phrase.join(' '));
        // A spice names a flavour, not what the dish is made of ("cinnamon bun", "saffron rice"): at a
        // main's grams its dried powder would price the dish.
        if (food !== null && this.flavour(food)) {
          taken = n;
          continue;
        }
        if (food !== null) {
          // "Cauliflower steak", "seitan wings": a cut named after a plant food is its shape, not a meat.
          const shape = previous?.end === i && this.shapeOf(previous.food, food, phrase);
          if (!shape) foods.push(food);
          previous = { end: i + n, food };
          taken = n;
        }
      }
      if (taken === 0) {
        const style = this.style.at(stems, i) ?? this.diets.at(stems, i);
        if (style !== null) taken = style.length;
        else {
          unknown.push(word);
          taken = 1;
        }
      }
      i += taken;
    }
    return foods;
  }

  /** Whether a stated food is of a catalog category that flavours a dish (data: flavourCategories). */
  private flavour(food: StatedFood): boolean {
    const category = this.catalog.food(food.code)?.category;
    return category !== undefined && this.file.flavourCategories.includes(category);
  }

  /**
   * Whether a meat read right after a plant food is only the shape it is cut or served in
   * ("cauliflower steak", "seitan wings", "mushroom bacon"): a cut word of data/curated/
   * dish-templates.json after a vegetable, a legume or a meat-free protein, not after a spice or a
   * sauce ("pepper steak" is a beef steak).
   */
  private shapeOf(before: StatedFood, food: StatedFood, phrase: readonly string[]): boolean {
    if (!MEAT_KINDS.has(food.kind) || phrase.length !== 1 || !this.cuts.has(stem(phrase[0]!))) return false;
    if (before.kind === 'protein') return true;
    // A seasoning before a cut flavours it: "garlic steak", "chilli wings".
    if (this.style.at(before.words.split(' ').map(stem), 0) !== null) return false;
    const category = this.catalog.food(before.code)?.category;
    return before.kind === 'plant' && category !== undefined && this.file.shapeCategories.includes(category);
  }

  /** The plant-based version a diet word and the meat after it name, with the words it takes. */
  private plantVersionAt(
    words: readonly string[],
    stems: readonly string[],
    at: number,
  ): { food: StatedFood; length: number } | null {
    const diet = this.diets.at(stems, at);
    if (diet === null) return null;
    const from = at + diet.length;
    for (let n = Math.min(2, words.length - from); n >= 1; n--) {
      const phrase = words.slice(from, from + n).join(' ');
      const version = this.file.plantVersions[phrase] ?? this.file.plantVersions[stem(phrase)];
      if (version === undefined) continue;
      const said = words.slice(at, from + n).join(' ');
      return {
        food: {
          code: version.code,
          label: version.label,
          kind: 'protein',
          standIn: false,
          words: said,
          foodName: this.catalog.food(version.code)?.name ?? version.label,
          generic: false,
        },
        length: from + n - at,
      };
    }
    return null;
  }

  private foodFor(phrase: string): StatedFood | null {
    const listed = this.file.mains[phrase] ?? this.file.mains[stem(phrase)];
    if (listed !== undefined) {
      return {
        code: listed.code,
        label: listed.label,
        kind: this.kindOf(listed.code, phrase),
        standIn: listed.standIn === true,
        words: phrase,
        foodName: this.catalog.food(listed.code)?.name ?? listed.label,
        generic: listed.generic === true,
      };
    }
    const match = this.catalog.matchFood(phrase);
    if (match === null || match.closest || match.confidence < MAIN_CONFIDENCE) return null;
    const kind = this.kindOf(match.code, phrase);
    // A dish is not an ingredient of another ("chicken caesar" is the chicken, not a Caesar salad),
    // unless it is a protein sold ready made (tofu, falafel, a plant-based patty).
    if (kind === 'plant' && this.isMeal(match.code)) return null;
    return {
      code: match.code,
      label: phrase,
      kind,
      standIn: false,
      words: phrase,
      foodName: match.name,
      generic: false,
    };
  }
}
