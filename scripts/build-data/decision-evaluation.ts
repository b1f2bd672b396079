/**
 * Scores the team's decision on a blind set (issue #19): a posted menu or a `/carbon compare` command
 * run through the real path, and what the bot presented set against the options the set expects.
 * Shared by decision-report.ts, which prints the figures, and by its tests. Nothing here knows the
 * code under test beyond the CompareResult document every interface prints.
 */
import { readFileSync } from 'node:fs';
import pluralize from 'pluralize';
import { z } from 'zod';
import type { CompareResult } from '../../src/compare/model.js';
import { foldWords } from '../../src/core/fold.js';

/** One option a person reading the message would see, with independent data about it. */
export const ExpectedOptionSchema = z.object({
  name: z.string().min(1),
  course: z.string().nullish(),
  /** The option's main protein as its text states or implies it ("tofu", "beef", "chickpeas"). */
  mainProtein: z.string().nullish(),
  /** "vegan", "vegetarian", "pescatarian", or anything else for no restriction. */
  diet: z.string().nullish(),
  portionGrams: z.number().nullish(),
  /** kg CO2e per serving from independent data (Poore & Nemecek, Clark), when the set gives one. */
  independentKgPerServing: z.number().nullish(),
  method: z.string().nullish(),
});
export type ExpectedOption = z.infer<typeof ExpectedOptionSchema>;

export const MenuCaseSchema = z.object({
  id: z.string(),
  platform: z.string().nullish(),
  kind: z.string().nullish(),
  text: z.string(),
  options: z.array(ExpectedOptionSchema),
  /** Lines of the message that are not options (chatter, headings); informative only. */
  notOptions: z.array(z.unknown()).optional(),
});
export const CompareCaseSchema = z.object({
  id: z.string(),
  text: z.string(),
  people: z.number().int().nullish(),
  options: z.array(ExpectedOptionSchema),
});
export const DecisionSetSchema = z.union([
  z.object({ menus: z.array(MenuCaseSchema) }),
  z.object({ compares: z.array(CompareCaseSchema) }),
]);
export type MenuCase = z.infer<typeof MenuCaseSchema>;
export type CompareCase = z.infer<typeof CompareCaseSchema>;

export interface DecisionCase {
  id: string;
  /** "menu" is read as a posted message, "compare" as the text after `/carbon compare`. */
  path: 'menu' | 'compare';
  text: string;
  platform: string | null;
  kind: string | null;
  people: number | null;
  options: ExpectedOption[];
}

export function loadDecisionSet(file: string): DecisionCase[] {
  const raw = DecisionSetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  if ('menus' in raw) {
    return raw.menus.map((menu) => ({
      id: menu.id,
      path: 'menu',
      text: menu.text,
      platform: menu.platform ?? null,
      kind: menu.kind ?? null,
      people: null,
      options: menu.options,
    }));
  }
  return raw.compares.map((compare) => ({
    id: compare.id,
    path: 'compare',
    text: compare.text,
    platform: null,
    kind: null,
    people: compare.people ?? null,
    options: compare.options,
  }));
}

/** What the bot presented for one option, whatever became of it. */
export interface Presented {
  input: string;
  status: 'ranked' | 'not ranked' | 'not found' | 'not understood' | 'failed';
  /** The name the source answered with, when found. */
  answer: string | null;
  kgCo2e: number | null;
  /** A ranked option's figure on every other dataset the answer carries, on the ranked footing. */
  figures: { dataset: string; kgCo2e: number }[];
}

/** Every option the result shows, in the order of its lists. An error reply presents nothing. */
export function presentedOptions(result: CompareResult | null): Presented[] {
  if (result === null) return [];
  return [
    ...result.ranked.map((item) => ({
      input: item.input,
      status: 'ranked' as const,
      answer: item.name,
      kgCo2e: item.kgCo2e,
      figures: (item.figures ?? []).map(({ dataset, kgCo2e }) => ({ dataset, kgCo2e })),
    })),
    ...result.notRanked.map((item) => ({
      input: item.input,
      status: 'not ranked' as const,
      answer: item.name,
      kgCo2e: null,
      figures: [],
    })),
    ...result.notFound.map((item) => ({
      input: item.input,
      status: 'not found' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
    ...result.notUnderstood.map((item) => ({
      input: item.input,
      status: 'not understood' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
    ...result.failed.map((item) => ({
      input: item.input,
      status: 'failed' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
  ];
}

/** Words that join a name without naming anything: "fish and chips" is "fish & chips". */
const JOINING_WORDS = new Set(['and', 'n', 'with', 'w', 'the', 'of', 'a', 'an', 'in', 'on']);

/** A name's words, folded and singular, without joining words. */
export function nameWords(text: string): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '' && !JOINING_WORDS.has(word))
    .map((word) => (/^[a-z]+$/.test(word) ? pluralize.singular(word) : word));
}

/** Edits (insert, delete, substitute, swap two neighbours) from one word to another, up to `limit` + 1. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The set's names have obvious typos corrected while the message keeps them ("brocoli"): a word
 * matches one typed within one edit (two from eight letters), as a reader would still recognise it.
 */
function sameWord(expected: string, typed: string): boolean {
  if (expected === typed) return true;
  const longest = Math.max(expected.length, typed.length);
  if (longest < 4 || /\d/.test(expected)) return false;
  const limit = longest >= 8 ? 2 : 1;
  return editDistance(expected, typed, limit) <= limit;
}

/** Whether a presented option's text holds every word of the expected name (singular or plural). */
export function corresponds(expected: string, presented: string): boolean {
  const words = nameWords(presented);
  const wanted = nameWords(expected);
  return wanted.length > 0 && wanted.every((word) => words.some((typed) => sameWord(word, typed)));
}

/**
 * Pairs expected options with presented ones one to one (a maximum bipartite matching by augmenting
 * paths): "tacos / pho / salad" read as one option corresponds to one expected option only.
 * Returns, per expected option, the index of its presented option or -1.
 */
export function pairOptions(expected: readonly string[], presented: readonly string[]): number[] {
  const edges = expected.map((name) =>
    presented.map((text, j) => (corresponds(name, text) ? j : -1)).filter((j) => j >= 0),
  );
  const ownerOf = new Array<number>(presented.length).fill(-1);
  const augment = (i: number, seen: boolean[]): boolean => {
    for (const j of edges[i]!) {
      if (seen[j]) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || augment(ownerOf[j]!, seen)) {
        ownerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < expected.length; i++) augment(i, new Array<boolean>(presented.length).fill(false));
  const pairOf = new Array<number>(expected.length).fill(-1);
  ownerOf.forEach((i, j) => {
    if (i >= 0) pairOf[i] = j;
  });
  return pairOf;
}

/**
 * Words that say which animal (or none) a food is, for judging whether an answer contradicts what the
 * option states. A word list is enough for a report: it reads the answer's name only.
 */
const ANIMAL_WORDS: Record<string, readonly string[]> = {
  beef: ['beef', 'veal', 'steak', 'brisket', 'sirloin', 'ribeye', 'bresaola', 'pastrami', 'oxtail', 'wagyu'],
  pork: [
    'pork',
    'ham',
    'bacon',
    'gammon',
    'chorizo',
    'salami',
    'pancetta',
    'prosciutto',
    'chashu',
    'lardon',
    'pepperoni',
    'nduja',
    'carnitas',
    'char siu',
  ],
  chicken: ['chicken', 'poultry'],
  turkey: ['turkey'],
  // The sets price goat as lamb and mutton (Poore & Nemecek's "Lamb & Mutton") and label it so.
  lamb: ['lamb', 'mutton', 'goat'],
  duck: ['duck'],
  fish: [
    'fish',
    'salmon',
    'tuna',
    'cod',
    'haddock',
    'mackerel',
    'sardine',
    'trout',
    'pollock',
    'hake',
    'anchovy',
    'herring',
    'sea bass',
    'seabass',
    'plaice',
    'sole',
    'tilapia',
    'snapper',
    'halibut',
    'swordfish',
    'eel',
    'kipper',
    'basa',
    'catfish',
  ],
  shellfish: [
    'prawn',
    'shrimp',
    'crab',
    'lobster',
    'mussel',
    'scallop',
    'squid',
    'calamari',
    'clam',
    'oyster',
    'octopus',
    'langoustine',
    'scampi',
    'crayfish',
  ],
  // Fish or shellfish: it contradicts neither.
  seafood: ['seafood', 'fruits de mer'],
};

/** Whether two animal groups can be the same food: seafood is fish or shellfish. */
function sameAnimal(a: string, b: string): boolean {
  if (a === b) return true;
  const pair = new Set([a, b]);
  return pair.has('seafood') && (pair.has('fish') || pair.has('shellfish'));
}
const DAIRY_WORDS = [
  'cheese',
  'parmesan',
  'mozzarella',
  'cheddar',
  'feta',
  'halloumi',
  'paneer',
  'ricotta',
  'mascarpone',
  'gruyere',
  'brie',
  'camembert',
  'gorgonzola',
  'cream',
  'butter',
  'milk',
  'yogurt',
  'yoghurt',
  'ghee',
  'raita',
  'tzatziki',
];
const EGG_WORDS = ['egg', 'omelette', 'omelet', 'frittata', 'mayonnaise', 'quiche'];
/** Plant proteins and meat-free mains: stating one says the option has no meat (egg or cheese does not: eggs Benedict has ham). */
const MEAT_FREE_PROTEINS = [
  'tofu',
  'tempeh',
  'seitan',
  'quorn',
  'mycoprotein',
  'bean',
  'lentil',
  'dal',
  'dhal',
  'chickpea',
  'falafel',
  'edamame',
  'soy',
  'soya',
  'jackfruit',
  'mushroom',
  'vegetable',
  'none',
  'plant',
];
/** Plant foods named after animal ones: "coconut milk" is no dairy. */
const PLANT_NAMES = [
  'coconut milk',
  'coconut cream',
  'oat milk',
  'almond milk',
  'soy milk',
  'soya milk',
  'rice milk',
  'peanut butter',
  'nut butter',
  'cocoa butter',
  'butter bean',
  'butternut',
  'vegan cheese',
  'cream of tartar',
];
/** In an answer's name these say its animal words are imitations: "Cheese, vegan alternative". */
const IMITATION_MARKERS = [
  'vegan',
  'vegetarian',
  'meatless',
  'meat free',
  'meat substitute',
  'plant based',
  'imitation',
  'mock',
  'faux',
  'veggie',
  'meat alternative',
  'alternative',
];

const folded = (text: string) => ` ${nameWords(text).join(' ')} `;
const hasPhrase = (text: string, phrase: string) => text.includes(` ${nameWords(phrase).join(' ')} `);

/** A cheese named after its animal ("goat's cheese") is a cheese, not the animal. */
const NAMED_CHEESE = /\b(?:goat|sheep|ewe|buffalo)(?:['’]?s)?\s+(?:milk\s+)?cheese/gi;

/** The animals an answer's name states. */
export function animalsNamed(answer: string): string[] {
  const text = folded(answer.replace(NAMED_CHEESE, 'cheese'));
  return Object.entries(ANIMAL_WORDS)
    .filter(([, words]) => words.some((word) => hasPhrase(text, word)))
    .map(([animal]) => animal);
}

/** The animal a stated main protein is, "meat-free", or null when it says nothing usable. */
export function proteinGroup(mainProtein: string | null | undefined): string | null {
  if (mainProtein === null || mainProtein === undefined) return null;
  const named = animalsNamed(mainProtein);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return null;
  const text = folded(mainProtein);
  return MEAT_FREE_PROTEINS.some((word) => hasPhrase(text, word)) ? 'meat-free' : null;
}

/** What a contradiction is of: a diet, or the main protein. */
export type ContradictionKind = 'vegan' | 'vegetarian' | 'pescatarian' | 'protein';

/**
 * Why an answer contradicts the option's main protein or diet as the set gives them ("tofu" answered
 * with a pork ramen, "vegan" with a cheese pasta), and of what, or null when nothing it names does.
 */
export function contradictionOf(
  option: ExpectedOption,
  answer: string,
): { reason: string; kind: ContradictionKind } | null {
  // What an answer says it leaves out is not in it: "Pasta al pesto without parmesan", "Ramen with
  // tofu instead of chashu pork".
  let text = folded(
    answer.replace(/\b(?:without|instead of)\b[^,;]*/gi, ' ').replace(NAMED_CHEESE, 'cheese'),
  );
  for (const name of PLANT_NAMES) text = text.replaceAll(` ${nameWords(name).join(' ')} `, ' ');
  const imitation = IMITATION_MARKERS.some((marker) => hasPhrase(text, marker));
  const animals = imitation ? [] : animalsNamed(text);
  const diet = foldWords(option.diet ?? '');
  if (diet.includes('vegan')) {
    if (animals.length > 0) return { reason: `vegan, answered with ${animals.join(' and ')}`, kind: 'vegan' };
    const animalProduct = imitation
      ? undefined
      : [...DAIRY_WORDS, ...EGG_WORDS, 'honey'].find((word) => hasPhrase(text, word));
    if (animalProduct !== undefined)
      return { reason: `vegan, answered with ${animalProduct}`, kind: 'vegan' };
  }
  if (diet.includes('vegetarian') && animals.length > 0)
    return { reason: `vegetarian, answered with ${animals.join(' and ')}`, kind: 'vegetarian' };
  if (diet.includes('pescatarian')) {
    const meat = animals.filter((animal) => !['fish', 'shellfish', 'seafood'].includes(animal));
    if (meat.length > 0)
      return { reason: `pescatarian, answered with ${meat.join(' and ')}`, kind: 'pescatarian' };
  }
  const protein = proteinGroup(option.mainProtein);
  if (protein === 'meat-free' && animals.length > 0)
    return { reason: `${option.mainProtein}, answered with ${animals.join(' and ')}`, kind: 'protein' };
  if (protein !== null && protein !== 'meat-free') {
    const others = animals.filter((animal) => !sameAnimal(animal, protein));
    // "chicken" answered with "Chicken and prawn paella" states the protein: only an answer that
    // names another animal and not the stated one contradicts it.
    if (others.length > 0 && !animals.some((animal) => sameAnimal(animal, protein)))
      return { reason: `${option.mainProtein}, answered with ${others.join(' and ')}`, kind: 'protein' };
  }
  return null;
}

/** Why an answer contradicts the option's main protein or diet, or null (contradictionOf's reason). */
export function contradiction(option: ExpectedOption, answer: string): string | null {
  return contradictionOf(option, answer)?.reason ?? null;
}

/** Words of an option's text that state a diet: "veggie curry" states vegetarian, not vegan. */
const DIET_WORDS: Record<Exclude<ContradictionKind, 'protein'>, readonly string[]> = {
  vegan: ['vegan', 'plant based', 'plant-based', 've'],
  vegetarian: ['vegan', 'vegetarian', 'veggie', 'veg', 'meat free', 'meatless', 'plant based', 'v', 've'],
  pescatarian: ['pescatarian', 'pescetarian'],
};

/**
 * Whether the option's own text states what the answer contradicts ("tofu ramen" states tofu, "(vegan)"
 * a diet), rather than the set reading it into a generic name ("sushi" as fish, "veggie curry" as vegan).
 */
export function statesIt(option: ExpectedOption, text: string, kind: ContradictionKind): boolean {
  const words = folded(text.replace(NAMED_CHEESE, 'cheese'));
  if (kind !== 'protein') return DIET_WORDS[kind].some((word) => hasPhrase(words, word));
  const protein = proteinGroup(option.mainProtein);
  if (protein === null) return false;
  if (protein === 'meat-free') return MEAT_FREE_PROTEINS.some((word) => hasPhrase(words, word));
  return animalsNamed(text).some((animal) => sameAnimal(animal, protein));
}

/** Where a wrong pair is wrong: on every dataset the answer carries, or on its headline only. */
export type WrongOn = 'every dataset' | 'headline only';

/** A wrong pair's class, from the figures each ranked option carries on the other datasets. */
export function wrongOn(low: Presented, high: Presented): WrongOn {
  const rightOnAStudy = low.figures.some((figure) => {
    const other = high.figures.find((each) => each.dataset === figure.dataset);
    return other !== undefined && figure.kgCo2e < other.kgCo2e;
  });
  return rightOnAStudy ? 'headline only' : 'every dataset';
}

/** Independent figures at least this many times apart make a clear pair whose order is checked. */
export const CLEAR_PAIR_RATIO = 2;

export interface CaseOutcome {
  case: DecisionCase;
  /** The error text when the command was refused outright. */
  error: string | null;
  presented: Presented[];
  /** Per expected option, the index into `presented`, or -1. */
  pairOf: number[];
  /** Every option read as its own option and nothing else presented. */
  exact: boolean;
  /** Presented and ranked, corresponding to no expected option. */
  chatterRanked: Presented[];
  pairs: {
    low: number;
    high: number;
    outcome: 'right' | 'wrong' | 'tied' | 'not comparable';
    /**
     * A wrong pair, by what the answer carries: wrong on every dataset it gives both options (the
     * headline and each study's figures: a misreading or a bad serving, ours to fix), or on the
     * headline only, a study putting them in the set's order (the datasets differ; the answer says
     * the two change places).
     */
    wrongOn?: WrongOn;
  }[];
  /** `stated`: the option's own text states what is contradicted (see statesIt). */
  contradictions: { option: number; reason: string; stated: boolean }[];
  /** The group size the comparison used, for compare commands. */
  people: number | null;
  milliseconds: number;
}

/**
 * What an answer is made of, for judging contradictions: the name and, for a catalog dish, its
 * ingredients ("Ramen" is made with chashu pork). Empty for a name it does not know.
 */
export type Ingredients = (answer: string) => readonly string[];

/** The ingredients of the built-in catalog's dishes (data/recipes.json), by dish name. */
export function catalogDishIngredients(recipesFile: string): Ingredients {
  const file = z
    .object({
      recipes: z.array(z.object({ name: z.string(), contributors: z.array(z.object({ name: z.string() })) })),
    })
    .parse(JSON.parse(readFileSync(recipesFile, 'utf8')));
  const byName = new Map(
    file.recipes.map((recipe) => [recipe.name, recipe.contributors.map((each) => each.name)]),
  );
  return (answer) => byName.get(answer) ?? [];
}

export function scoreCase(
  decisionCase: DecisionCase,
  result: CompareResult | null,
  error: string | null,
  milliseconds: number,
  ingredients: Ingredients = () => [],
): CaseOutcome {
  const presented = presentedOptions(result);
  const pairOf = pairOptions(
    decisionCase.options.map((option) => option.name),
    presented.map((option) => option.input),
  );
  const claimed = new Set(pairOf.filter((j) => j >= 0));
  const exact =
    pairOf.every((j) => j >= 0) && claimed.size === presented.length && decisionCase.options.length > 0;
  const chatterRanked = presented.filter((option, j) => !claimed.has(j) && option.status === 'ranked');
  const pairs: CaseOutcome['pairs'] = [];
  const { options } = decisionCase;
  for (let a = 0; a < options.length; a++) {
    for (let b = a + 1; b < options.length; b++) {
      const kgA = options[a]!.independentKgPerServing;
      const kgB = options[b]!.independentKgPerServing;
      if (kgA == null || kgB == null || kgA <= 0 || kgB <= 0) continue;
      if (Math.max(kgA, kgB) / Math.min(kgA, kgB) < CLEAR_PAIR_RATIO) continue;
      const [low, high] = kgA < kgB ? [a, b] : [b, a];
      const lowShown = presented[pairOf[low]!];
      const highShown = presented[pairOf[high]!];
      let outcome: CaseOutcome['pairs'][number]['outcome'] = 'not comparable';
      if (lowShown?.status === 'ranked' && highShown?.status === 'ranked' && lowShown !== highShown) {
        const difference = highShown.kgCo2e! - lowShown.kgCo2e!;
        outcome = difference > 0 ? 'right' : difference < 0 ? 'wrong' : 'tied';
      }
      pairs.push(
        outcome === 'wrong'
          ? { low, high, outcome, wrongOn: wrongOn(lowShown!, highShown!) }
          : { low, high, outcome },
      );
    }
  }
  const contradictions: CaseOutcome['contradictions'] = [];
  options.forEach((option, i) => {
    const shown = presented[pairOf[i]!];
    const answer = shown?.answer;
    if (shown === undefined || answer === null || answer === undefined) return;
    const found = contradictionOf(option, [answer, ...ingredients(answer)].join(', '));
    if (found !== null)
      contradictions.push({
        option: i,
        reason: found.reason,
        stated: statesIt(option, shown.input, found.kind),
      });
  });
  return {
    case: decisionCase,
    error,
    presented,
    pairOf,
    exact,
    chatterRanked,
    pairs,
    contradictions,
    people: result?.people ?? null,
    milliseconds,
  };
}

export interface DecisionSummary {
  cases: number;
  exact: number;
  options: number;
  ranked: number;
  /** Found: ranked or found but not ranked. */
  found: number;
  contradicting: number;
  /** Of those, contradicting what the option's own text states. */
  contradictingStated: number;
  chatterRanked: number;
  pairs: number;
  right: number;
  wrong: number;
  /** Wrong on every dataset the answer carries (ours to fix), and on the headline only. */
  wrongEvery: number;
  wrongHeadline: number;
  tied: number;
  notComparable: number;
  /** Compare commands stating a group size, and of those read with it. */
  peopleStated: number;
  peopleRead: number;
  /** Slowest case, ms. */
  slowestMs: number;
}

export function summarise(outcomes: readonly CaseOutcome[]): DecisionSummary {
  const summary: DecisionSummary = {
    cases: outcomes.length,
    exact: 0,
    options: 0,
    ranked: 0,
    found: 0,
    contradicting: 0,
    contradictingStated: 0,
    chatterRanked: 0,
    pairs: 0,
    right: 0,
    wrong: 0,
    wrongEvery: 0,
    wrongHeadline: 0,
    tied: 0,
    notComparable: 0,
    peopleStated: 0,
    peopleRead: 0,
    slowestMs: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.exact) summary.exact++;
    summary.options += outcome.case.options.length;
    for (const j of outcome.pairOf) {
      const status = outcome.presented[j]?.status;
      if (status === 'ranked') summary.ranked++;
      if (status === 'ranked' || status === 'not ranked') summary.found++;
    }
    summary.contradicting += outcome.contradictions.length;
    summary.contradictingStated += outcome.contradictions.filter((each) => each.stated).length;
    summary.chatterRanked += outcome.chatterRanked.length;
    for (const pair of outcome.pairs) {
      summary.pairs++;
      if (pair.outcome === 'right') summary.right++;
      else if (pair.outcome === 'wrong') {
        summary.wrong++;
        if (pair.wrongOn === 'headline only') summary.wrongHeadline++;
        else summary.wrongEvery++;
      } else if (pair.outcome === 'tied') summary.tied++;
      else summary.notComparable++;
    }
    if (outcome.case.people !== null) {
      summary.peopleStated++;
      if (outcome.people === outcome.case.people) summary.peopleRead++;
    }
    summary.slowestMs = Math.max(summary.slowestMs, outcome.milliseconds);
  }
  return summary;
}

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/** The one line per file the issue's targets are read from. */
export function describeSummary(title: string, summary: DecisionSummary): string {
  const s = summary;
  const people = s.peopleStated === 0 ? '' : `; group size read ${s.peopleRead}/${s.peopleStated}`;
  return (
    `${title}: read into exactly the right options ${s.exact}/${s.cases} (${share(s.exact, s.cases)}); ` +
    `options found and ranked ${s.ranked}/${s.options} (${share(s.ranked, s.options)}); ` +
    `clear pairs ${s.pairs}: right order ${share(s.right, s.pairs)}, wrong order ${share(s.wrong, s.pairs)}` +
    ` (on every dataset ${share(s.wrongEvery, s.pairs)}, on the headline only ${share(s.wrongHeadline, s.pairs)})` +
    `, tied ${s.tied}, not comparable ${share(s.notComparable, s.pairs)}; ` +
    `chatter ranked ${s.chatterRanked}; ` +
    `dish names found ${s.found}/${s.options} (${share(s.found, s.options)}), ` +
    `contradicting ${s.contradicting} (${share(s.contradicting, s.found)} of found; ` +
    `what the text states ${s.contradictingStated}, ${share(s.contradictingStated, s.found)})${people}; ` +
    `slowest ${s.slowestMs.toFixed(1)} ms`
  );
}

/** Every case: what was expected, what it became, and what was presented besides. */
export function describeOutcome(outcome: CaseOutcome): string {
  const { case: c } = outcome;
  const head = `${outcome.exact ? 'ok ' : 'MIS'} ${c.id}${c.platform ? ` [${c.platform}${c.kind ? `, ${c.kind}` : ''}]` : ''}${
    outcome.error === null ? '' : ` refused: ${outcome.error}`
  }${c.people !== null ? ` people ${outcome.people ?? '-'}/${c.people}` : ''}`;
  const lines = [head];
  c.options.forEach((option, i) => {
    const shown = outcome.presented[outcome.pairOf[i]!];
    const kg =
      option.independentKgPerServing == null ? '' : ` (independent ${option.independentKgPerServing})`;
    const contradiction = outcome.contradictions.find((entry) => entry.option === i);
    lines.push(
      shown === undefined
        ? `    - ${option.name}${kg}: not presented`
        : `    - ${option.name}${kg}: "${shown.input}" ${shown.status}${shown.answer === null ? '' : ` as ${shown.answer}`}${
            shown.kgCo2e === null ? '' : ` ${shown.kgCo2e.toFixed(2)}`
          }${
            shown.figures.length === 0
              ? ''
              : ` {${shown.figures.map((figure) => `${figure.dataset} ${figure.kgCo2e.toFixed(2)}`).join(', ')}}`
          }${contradiction === undefined ? '' : ` CONTRADICTS${contradiction.stated ? ' what it states' : ''} (${contradiction.reason})`}`,
    );
  });
  const claimed = new Set(outcome.pairOf);
  outcome.presented.forEach((shown, j) => {
    if (!claimed.has(j))
      lines.push(
        `    + extra "${shown.input}" ${shown.status}${shown.answer === null ? '' : ` as ${shown.answer}`}`,
      );
  });
  for (const pair of outcome.pairs) {
    if (pair.outcome === 'right') continue;
    lines.push(
      `    ! ${c.options[pair.low]!.name} < ${c.options[pair.high]!.name}: ${pair.outcome}${pair.wrongOn === undefined ? '' : ` (${pair.wrongOn})`}`,
    );
  }
  return lines.join('\n');
}
