import { MAX_NAME_LENGTH } from '../core/command.js';
import { foldWords } from '../core/fold.js';
import { MAX_JUDGED, MenuJudge } from './menu-judge.js';
import { isTitle, itemMarks, type Line, linesOf, MAX_PARTS } from './menu-lines.js';
import { MAX_SIBLING_WORDS, plainListSiblings } from './menu-siblings.js';
import {
  headingMarked,
  headingsInCapitals,
  kindSentence,
  labelColumn,
  labelledPairs,
  MAX_HOUSE_NAME_WORDS,
  namesOwnKind,
  type Option,
  optionText,
  pricedItems,
  saidOnce,
  segmentsOf,
  shareKind,
  withHouseName,
  withSides,
  withType,
  wordCount,
} from './menu-structure.js';
import { cleanSegment } from './menu-text.js';
import { loadMenuWords, onlyPhrases } from './menu-words.js';
import {
  type FoodJudge,
  holdsSentence,
  optionPatterns,
  saysNothing,
  splitDescribed,
  trimChat,
} from './options.js';
import { type CompareItemInput, MAX_OPTIONS, readItem } from './parse.js';

export { MAX_JUDGED } from './menu-judge.js';
export { MAX_MESSAGE_LENGTH } from './menu-lines.js';
export type { FoodJudge } from './options.js';

/**
 * "Rate this menu": a posted message read into the options a person would see in it, by its
 * structure rather than by format rules.
 *
 * 1. Lines, and sentences within them; chat syntax, bullets, markup, allergen statements off
 *    (menu-lines.ts, menu-text.ts).
 * 2. Which lines hold options: when a menu's items are marked (a bullet or number, a price, a day,
 *    each on two lines or more), a line with no such mark is chatter or a heading, unless it labels
 *    what follows ("Sides: bhajis, poppadoms"); a form's field ("Date:", "Subtotal") and a legend of
 *    marks never; otherwise a message's first line is its title when it reads like one.
 * 3. Within a line, segments parted by a dash, colon, bar or dot leaders: a label before the dish
 *    ("Tue –", "Option B:") says nothing of it; a label before several options ("pasta night:
 *    carbonara or pesto?") introduces them; a house name before a dish ("Cluck Norris – buttermilk
 *    fried chicken burger") names it; what follows the dish describes it.
 * 4. Within the dish segment, alternatives ("or", "/", "vs", "·") and, where the structure says it
 *    is a list, commas (options.ts); the sentence around an option trimmed off ("do people want the
 *    …"); dietary marks kept as the diet they state; a remark in brackets that is not food dropped.
 * 5. A judge (the catalog's matchers, food-judge.ts) decides what reads as food, so chatter and
 *    headings drop out; where the structure does not say a line is an item, a candidate that keeps a
 *    word of a sentence ("who's in for 1pm") is dropped rather than ranked.
 *
 * Linear in the message's length (at most MAX_MESSAGE_LENGTH characters are read), and the judge
 * is asked about at most MAX_JUDGED candidates.
 */
export interface ReadMenu {
  /** At most MAX_OPTIONS, in menu order, without repeats. */
  options: CompareItemInput[];
  /** How many distinct options the menu had before the cap. */
  total: number;
}

/** Characters of one candidate cleaned and judged: a dish's name is at most MAX_NAME_LENGTH. */
const MAX_PIECE_LENGTH = 2 * MAX_NAME_LENGTH;
interface Part extends Option {
  food: boolean;
}

/**
 * Reads a posted menu into at most ten options, with the total so the reply can say what was left
 * out. With a judge, what reads as food decides; without one, the first dish segment of every line
 * that holds options is an option.
 */
export function readMenu(message: string, judge?: FoodJudge): ReadMenu {
  const p = optionPatterns(loadMenuWords());
  const lines = linesOf(message, p);
  const marks = itemMarks(lines);
  const marked = marks.length > 0;
  const isItem = (line: Line) => !line.field && !line.legend && marks.some((mark) => line[mark]);
  // A message of one line ("curry or noodles for lunch?"): a poll, whose commas list options.
  const prose = lines.length === 1;
  const mj = new MenuJudge(p, judge);
  const {
    reads,
    namesMeal,
    typeLabel,
    labelKind,
    withoutRemarks,
    bareFood,
    kindAfterFood,
    bracketedDish,
    sidesOf,
  } = mj;
  const bounded = mj.bounded;

  /**
   * The parts of one segment: its alternatives (and list items), cleaned and judged. Where the
   * structure does not say the line is an item (`doubtful`), a part holding a word of a sentence is
   * chatter.
   */
  const partsOf = (segment: string, asList: boolean, doubtful: boolean): Part[] => {
    const parts: (Part & { cuisine?: true })[] = [];
    for (const { text: whole, described } of splitDescribed(segment, asList, p).slice(0, MAX_PARTS)) {
      // A dish's name is at most MAX_NAME_LENGTH characters: what is longer is not read whole.
      const piece = whole.length > MAX_PIECE_LENGTH ? whole.slice(0, MAX_PIECE_LENGTH) : whole;
      // An item the menu says is not on offer is no option.
      if (p.unavailable.test(piece)) continue;
      const cleaned = cleanSegment(piece, p.words);
      const chatty = judge !== undefined && holdsSentence(cleaned.text, p);
      const text = withoutRemarks(trimChat(cleaned.text, p, mj.counting ? undefined : bounded));
      if (text === '' || p.negated.test(text)) continue;
      // A diet or a milk alone ("vegan", "the veggie place", "oat or dairy") names no dish: a wish.
      if (onlyPhrases(text, p.diets) || onlyPhrases(text, p.milks)) continue;
      if (saysNothing(text.replace(/\([^()]*\)/g, ' '), p)) {
        // A place named with its dish in brackets ("the Greek place (lamb gyros)"): the dish is the option.
        const dish = bracketedDish(text);
        if (dish !== null) {
          parts.push({ text: dish, diets: cleaned.diets, food: true, chatty });
          continue;
        }
        // A cuisine alone is a choice of restaurant, but beside a food it is one of the choices
        // ("BBQ or Mediterranean").
        if (onlyPhrases(text, p.cuisines))
          parts.push({ text, diets: cleaned.diets, food: false, cuisine: true });
        continue;
      }
      const food = reads(text);
      // An item's dish with what its commas say it comes with ("Ribeye steak, chips, peppercorn
      // sauce"): one option, served with its sides, not the dish alone nor each side an option.
      // A part naming a dish of a kind of its own beside a dish that names one ("GRILL – turkey club,
      // patty melt"; "cheeseburger, chicken wrap") is another item, not a side.
      const meals =
        food && !chatty && namesMeal(text)
          ? described.filter((part) => namesMeal(cleanSegment(part, p.words).text))
          : [];
      const sides = food && !chatty ? sidesOf(described.filter((part) => !meals.includes(part))) : [];
      parts.push({ text: withSides(text, sides), diets: cleaned.diets, food, chatty });
      for (const meal of meals)
        parts.push({ text: cleanSegment(meal, p.words).text, diets: [], food: true, chatty });
    }
    // Where the structure does not say the line is an item, a sentence is chatter ("please fill the
    // spreadsheet, link in channel topic"), unless it offers a choice of foods ("we could do pizza or
    // sushi").
    const offered = parts.filter((part) => part.food).length;
    // Said, not listed: "chicken or beef burrito" (a menu's "Cod / Cheese omelette" are two dishes).
    if (
      judge?.statedFoods !== undefined &&
      !mj.counting &&
      parts.length === 2 &&
      (doubtful || prose) &&
      saidOnce(segment)
    )
      shareKind(parts, bareFood, kindAfterFood);
    return parts
      .filter(
        (part) =>
          (part.chatty !== true || offered >= 2 || !doubtful) && (part.cuisine !== true || offered >= 1),
      )
      .map((part) => (part.chatty === true && offered >= 2 ? { ...part, chatty: false } : part));
  };

  /** The options one sentence of a line holds, in its order; `column`: its first segment is a column's label. */
  const readSentence = (sentence: string, line: Line, column = false): Option[] => {
    const unwrapped = sentence.trim().replace(/^\((.*)\)[\s?!.]*$/, '$1');
    const segments = segmentsOf(unwrapped);
    // An item of a marked menu holds a dish even when the judge does not know it.
    const item = isItem(line);
    let structural = item && !line.labelled;
    const doubtful = !item && !prose;
    let labelled = false;
    for (let i = 0; i < segments.length; i++) {
      const { text: raw, colon } = segments[i]!;
      const next = segments[i + 1]?.text;
      const asList = labelled || prose || /,\s*(?:or|and)\s/i.test(raw);
      const parts = partsOf(raw, asList, doubtful);
      if (parts.length === 0) {
        // "Starter (everyone): burrata, tomatoes": what is served to all is no choice.
        if (p.shared.test(raw)) return [];
        // A label that says nothing of a dish ("Sides:", "Tue –", "Option B:") heads the options after it.
        structural ||= saysNothing(raw, p) && next !== undefined && (item || line.labelled);
        // "Ramen options: tonkotsu, shoyu", "Pizza choices – margherita or nduja": each of that kind.
        const kind = next === undefined ? null : labelKind(raw);
        if (kind !== null) {
          const named = partsOf(next!, true, doubtful);
          if (named.some((part) => part.food))
            return named.map((part) =>
              namesOwnKind(part.text, kind) || namesMeal(part.text) ? part : withType(part, kind),
            );
        }
        // After a colon the commas list options ("Sides: bhajis, poppadoms"); after a dash on a
        // menu's item, or a column's label, they describe its one dish ("Main – Chicken pie, mash,
        // gravy £9", "Main: Chicken supreme, dauphinoise").
        labelled = !(i === 0 && column) && (colon || !item);
        continue;
      }
      const food = parts.filter((part) => part.food);
      // A dish type as a label ("Soup: spiced red lentil", "Soup of the day – carrot & coriander",
      // "Cake of the week: lemon drizzle"), not a dish described after a dash ("Margherita – tomato,
      // mozzarella, basil").
      const type =
        parts.length === 1 && next !== undefined ? typeLabel(raw, parts[0]!.text, colon, next, item) : null;
      if (type !== null) {
        // After a colon its commas list dishes of that kind ("Pizza: margherita, pepperoni"), unless
        // they enumerate one dish's fillings ("Toastie: Ham, cheddar & mustard").
        // "and" in the last comma's item, tested on that item alone so a line is read once.
        const enumerates = /\s(?:&|and)\s/i.test(next!.slice(next!.lastIndexOf(',') + 1));
        const named = partsOf(next!, (colon && !enumerates) || /,\s*(?:or|and)\s/i.test(next!), doubtful);
        // A dish that names its own kind ("Pud – Sticky toffee pudding", "Soup: Leek & potato soup")
        // keeps its name.
        // After a dash, as in a column of labels, a dish that names a kind of its own keeps it ("PASTA –
        // Penne arrabbiata").
        if (
          named.length === 1 &&
          (namesOwnKind(named[0]!.text, type) || (!colon && namesMeal(named[0]!.text)))
        )
          return named;
        if (named.length === 1 && (named[0]!.food || item || line.labelled))
          return [withType(named[0]!, type)];
        // "Pizza: margherita or pepperoni": each a pizza.
        if (named.length >= 2 && named.some((part) => part.food))
          return named.map((part) => (namesOwnKind(part.text, type) ? part : withType(part, type)));
      }
      // A label of a column of labels ("Fish: battered cod & chips", "GRILL – ribeye steak") heads
      // the dish after it, whether or not it names a food.
      // What follows is one dish, its commas describing it ("GRILL – Ribeye steak, chips, peppercorn
      // sauce"); a label naming a kind of dish is the kind of the dish after it ("PIZZA – Four cheese").
      if (i === 0 && column && next !== undefined) {
        const kind =
          parts.length === 1 && bounded?.namesDishType?.(parts[0]!.text) === true ? parts[0]!.text : null;
        if (kind !== null) {
          const named = partsOf(next, false, doubtful);
          if (named.length === 1 && !namesMeal(named[0]!.text)) return [withType(named[0]!, kind)];
        }
        structural = true;
        continue;
      }
      // A label before several options: "pasta night: carbonara or pesto?", "Options: a · b · c".
      if (colon && next !== undefined && parts.length === 1) {
        const after = partsOf(next, true, doubtful);
        if (after.filter((part) => part.food).length >= 2) {
          labelled = true;
          continue;
        }
      }
      if (food.length === 0 && !structural) {
        // A label that is not food ("Chinese –", "From:") introduces the dish after it.
        labelled = true;
        continue;
      }
      // A house name before its dish: "Albóndigas – beef meatballs in tomato sauce", "Cluck Norris –
      // buttermilk fried chicken burger", "Classic Ahi – ahi tuna poke bowl". The dish is looked up;
      // the name stays beside it, in brackets, as the menu's name for it.
      if (structural && parts.length === 1 && next !== undefined && !next.includes(',')) {
        const name = parts[0]!;
        const houseName =
          !name.food || (wordCount(name.text) <= MAX_HOUSE_NAME_WORDS && !namesMeal(name.text));
        if (houseName) {
          const dish = partsOf(next, false, doubtful);
          if (dish.length === 1 && dish[0]!.food && (!name.food || namesMeal(dish[0]!.text)))
            return [withHouseName(dish[0]!, name)];
        }
      }
      // A name the catalog does not know, described by what it is made of ("Diavola – tomato,
      // mozzarella, spicy salami"): the description goes with it, in brackets.
      if (food.length === 0 && structural && parts.length === 1 && next?.includes(',')) {
        const described = cleanSegment(next, p.words).text;
        if (described !== '' && !holdsSentence(described, p))
          return [{ ...parts[0]!, text: `${parts[0]!.text} (${described})` }];
      }
      if (food.length === 0) return parts;
      // Beside a food in one list, a short sibling is an option the catalog may not know.
      const shortSiblings = parts.filter((part) => !part.food && wordCount(part.text) <= MAX_SIBLING_WORDS);
      return food.length + shortSiblings.length > 1
        ? parts.filter((part) => part.food || shortSiblings.includes(part))
        : food;
      // What follows the dish describes it ("Dal – lentils, rice"; "Tofu banh mi – £8.50").
    }
    return [];
  };

  /**
   * The kind of dish a heading names over the items after it ("Ramen Thursday" over "Tonkotsu",
   * "Shoyu"; "*Pizzas*" over "Margherita"), when the next line does not name a kind itself (a plain
   * list of kinds is a poll). Undefined when the line is no heading; null for a heading of no kind.
   */
  const headingType = (line: Line, index: number): string | null | undefined => {
    if (judge === undefined || mj.counting || line.listItem || line.priced || line.dayLabelled)
      return undefined;
    // A label and its value ("Sam: pizza?") or a question is no heading.
    if ((line.labelled && !line.introduces) || /\?\s*$/.test(line.text)) return undefined;
    if (!((index === 0 && lines.length >= 3) || line.styledHeading || line.introduces)) return undefined;
    const text = trimChat(cleanSegment(line.text.replace(/:\s*$/, ''), p.words).text, p, undefined);
    const type = bounded?.headingType?.(text) ?? null;
    const next = lines[index + 1];
    if (type === null || next === undefined) return null;
    // A first line naming a dish type alone ("lasagne" over "dal", "fish pie") is the poll's first
    // dish: only a mark makes it a heading.
    // Over items marked with a bullet, a number or a price it lacks ("Pizza" over "- four cheese"),
    // the line is set apart as a heading is.
    const apart = isItem(next) && !isItem(line);
    if (
      !line.styledHeading &&
      !line.introduces &&
      !apart &&
      !headingMarked(type, line.text, next.text, namesNoDish)
    )
      return undefined;
    const nextDish = cleanSegment(segmentsOf(next.text)[0]?.text ?? '', p.words).text;
    return namesMeal(nextDish) ? null : type;
  };
  // A heading's words beside its kind: a section, a day or a time ("Thursday", "night", "menu").
  const when = new Set(p.words.whenWords);
  const namesNoDish = (text: string) => saysNothing(text, p) || onlyPhrases(text, when);
  const withKindSentence = (sentences: Option[][]): Option[] =>
    mj.counting
      ? sentences.flat()
      : kindSentence(
          sentences,
          (text) => bounded?.namesDishType?.(text) === true,
          (option, kind) =>
            namesOwnKind(option.text, kind) || namesMeal(option.text) ? option : withType(option, kind),
        );
  const capitalHeadings = headingsInCapitals(lines, (text) => saysNothing(text, p));
  let sectionType: string | null = null;
  const column = labelColumn(lines);

  const distinct = new Set<string>();
  const perLine: Option[][] = lines.map((line, index) => {
    if (mj.judged >= MAX_JUDGED && !mj.counting) return [];
    if (line.field || line.legend) return [];
    // "Chilli squid? (sold out)": the line's item is not on offer.
    if (p.unavailable.test(line.text) && line.sentences.length > 1) return [];
    const heading = headingType(line, index);
    if (heading !== undefined) sectionType = heading;
    if (typeof heading === 'string') return [];
    if (marked && !isItem(line) && !line.labelled) return [];
    // Past ten options, a marked menu's items are counted without the judge: linear and cheap.
    if (mj.counting && !isItem(line)) return [];
    if (!marked && index === 0 && lines.length >= 3 && isTitle(line, p)) return [];
    // A heading alone on its line ("*Mains*", "## Desserts", "Hi Priya, for Friday we can do:").
    if (!line.listItem && (line.introduces || (line.styledHeading && saysNothing(line.text, p)))) return [];
    // A word or two in capitals alone on its line, among such lines that head sections ("MAIN",
    // "VEG", "DESSERT"), heads one too.
    if (capitalHeadings.has(index)) return [];
    // A markdown heading in a menu of items ("## Greek Day") heads them.
    if (marked && line.styledHeading && !line.listItem && !line.priced && !line.labelled) return [];
    const bySentence = line.sentences
      .flatMap(pricedItems)
      .flatMap(labelledPairs)
      .map((sentence, at) => {
        const options = readSentence(sentence, line, at === 0 && column.has(index));
        // A sentence that starts with an alternative ("pho or falafel? or i could do pizza") adds to
        // the choice before it: its option is one of the poll's, not chatter beside it.
        return p.continuesChoice.test(sentence)
          ? options.map((option) => ({ ...option, chatty: false }))
          : options;
      });
    const read = withKindSentence(bySentence);
    const kind = sectionType;
    const found =
      kind === null ? read : read.map((option) => (namesMeal(option.text) ? option : withType(option, kind)));
    for (const option of found) distinct.add(foldWords(option.text));
    mj.counting ||= marked && judge !== undefined && distinct.size >= MAX_OPTIONS;
    return found;
  });
  // A plain list of lines, most of them food: a short line among them is an item the catalog may not
  // know, not chatter (menu-siblings.ts).
  if (!marked && judge !== undefined && mj.judged < MAX_JUDGED)
    plainListSiblings(lines, perLine, p, capitalHeadings);

  // A sentence offering a choice of foods is the poll ("laksa or nasi lemak?"): beside it, an option
  // read out of another sentence ("the food court's closing early today") is chatter.
  const poll = perLine.some((found) => found.filter((option) => option.chatty !== true).length >= 2);
  // Beside foods offered, a restaurant named alone ("wingstop or chipotle? (wings vs burrito bowl)")
  // is where they come from, not one of them; restaurants alone ("KFC or subway?") are the choice.
  const restaurant = (option: Option) => judge?.namesRestaurant?.(option.text) === true;
  const dishes = perLine.flat().filter((option) => option.chatty !== true && !restaurant(option)).length;
  const where = (option: Option) => dishes >= 2 && !mj.counting && restaurant(option);
  const seen = new Set<string>();
  const options: CompareItemInput[] = [];
  let total = 0;
  for (const option of perLine.flat()) {
    if ((poll && option.chatty === true) || where(option)) continue;
    const key = foldWords(option.text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    total++;
    if (options.length < MAX_OPTIONS)
      options.push({ ...readItem(optionText(option.text, option.diets)), ingredients: null });
  }
  return { options, total };
}
