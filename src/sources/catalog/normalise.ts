import { BRAND_HINTS, BRAND_PHRASES, KIND_WORDS } from './brands.js';

/**
 * Text normalisation shared by the build (food names, aliases) and lookups (user queries), so both
 * sides reduce to the same tokens: lowercase, accents stripped, singular, no filler words.
 */

/** Lowercase, accents removed (NFKD), typographic quotes and "&" unified, so "Crème Brûlée" → "creme brulee". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/&/g, ' and ');
}

const UNIT =
  '(?:g|gr|grs|gram|grams|gramme|grammes|kg|kgs|kilo|kilos|mg|ml|cl|dl|l|lt|ltr|litre|litres|liter|liters|oz|fl ?oz|lb|lbs|pound|pounds|pt|pts|pint|pints|gal|gallon|gallons|pk|pack|packs|pcs|pieces|x)';
/** Pack sizes and quantities: "415g", "1.5 l", "6x330ml", "2 pints", "x6", "4 pack". */
const QUANTITY = new RegExp(
  `\\b(?:\\d+(?:[.,]\\d+)?\\s*x\\s*)?\\d+(?:[.,]\\d+)?\\s*${UNIT}\\b|\\bx\\s*\\d+\\b|\\b\\d+(?:[.,]\\d+)?(?![\\d.,]*\\s*%)\\b`,
  'g',
);

const BRANDS = new RegExp(
  `\\b(?:${[...BRAND_PHRASES]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .join('|')})\\b`,
  'g',
);

/** Words that carry no meaning for matching on either side. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'with',
  'w',
  'in',
  'for',
  'from',
  'to',
  'by',
  'on',
  'at',
  'per',
  'my',
  'some',
  'type',
  'style',
  'etc',
  'eg',
  'e',
  'g',
  'ie',
  'approx',
  'average',
  'standard',
  'ordinary',
  'like',
  'n',
]);

/** Spelling variants and UK/US words reduced to one token (after singularising). */
const TOKEN_SYNONYMS: Record<string, string> = {
  yoghurt: 'yogurt',
  yoghourt: 'yogurt',
  tinned: 'canned',
  tin: 'canned',
  soya: 'soy',
  flavored: 'flavoured',
  colour: 'color',
  favourite: 'favorite',
  grey: 'gray',
  ground: 'ground',
  minced: 'mince',
  roast: 'roasted',
  skimmed: 'skimmed',
  skim: 'skimmed',
  wholemeal: 'wholemeal',
  wholewheat: 'wholemeal',
  chilli: 'chili',
  chile: 'chili',
  aubergine: 'eggplant',
  zucchini: 'courgette',
  shrimp: 'prawn',
  rocket: 'arugula',
  coriander: 'cilantro',
  ketchup: 'ketchup',
  catsup: 'ketchup',
  whiskey: 'whisky',
  liter: 'litre',
  donut: 'doughnut',
  bbq: 'barbecue',
  veggie: 'vegetarian',
  veg: 'vegetable',
  mayo: 'mayonnaise',
  slightly: 'lightly',
  lasagne: 'lasagna',
  chocolat: 'chocolate',
  sliced: 'slice',
};

const IRREGULAR_SINGULARS: Record<string, string> = {
  leaves: 'leaf',
  loaves: 'loaf',
  halves: 'half',
  knives: 'knife',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
  mangos: 'mango',
  avocados: 'avocado',
  anchovies: 'anchovy',
  cookies: 'cookie',
  brownies: 'brownie',
  smoothies: 'smoothie',
  pastries: 'pastry',
  geese: 'goose',
  mice: 'mouse',
  teeth: 'tooth',
  children: 'child',
  dice: 'die',
  radishes: 'radish',
  peaches: 'peach',
  sandwiches: 'sandwich',
  mixes: 'mix',
  boxes: 'box',
  dishes: 'dish',
  sauces: 'sauce',
  pies: 'pie',
  fries: 'fry',
  chips: 'chip',
  lentils: 'lentil',
  olives: 'olive',
  chives: 'chive',
};

/** Words ending in "s" that are already singular. */
const SINGULAR_ENDING_IN_S = new Set([
  'asparagus',
  'couscous',
  'hummus',
  'houmous',
  'humous',
  'octopus',
  'citrus',
  'molasses',
  'swiss',
  'bass',
  'grass',
  'glass',
  'watercress',
  'cress',
  'lettuces',
  'gas',
  'plus',
  'this',
  'is',
  'was',
  'us',
  'bus',
  'abbess',
  'less',
  'process',
  'press',
  'express',
  'haggis',
  'pastis',
  'anis',
  'aniseed',
  'swiss',
  'chips',
  'lardons',
  'confits',
  'bolognese',
  'chinese',
  'japanese',
  'portuguese',
  'vietnamese',
  'lebanese',
  'maltese',
  'mayonnaise',
  'bearnaise',
  'hollandaise',
  'polonaise',
  'lyonnaise',
  'nicoise',
  'calvados',
  'kvass',
  'boss',
  'mousse',
  'cheese',
  'tortoise',
  'rose',
  'puree',
  'grease',
  'cornflakes',
  'oats',
  'pus',
  'gras',
  'bis',
  'ananas',
  'ribs',
]);

export function singularise(token: string): string {
  const irregular = IRREGULAR_SINGULARS[token];
  if (irregular !== undefined) return irregular;
  if (token.length <= 3 || SINGULAR_ENDING_IN_S.has(token) || !token.endsWith('s')) return token;
  if (/(ss|us|is)$/.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('oes')) return token.slice(0, -2);
  return token.slice(0, -1);
}

function canonical(token: string): string {
  const direct = TOKEN_SYNONYMS[token];
  if (direct !== undefined) return direct;
  const single = singularise(token);
  return TOKEN_SYNONYMS[single] ?? single;
}

/** Splits folded text into canonical tokens; percentages such as "5%" are kept as one token. */
function tokenise(folded: string): string[] {
  const tokens: string[] = [];
  for (const raw of folded
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    .split(/[^a-z0-9%]+/)) {
    if (raw === '' || STOP_WORDS.has(raw)) continue;
    if (raw === '%') continue;
    const token = canonical(raw);
    if (!STOP_WORDS.has(token)) tokens.push(token);
  }
  return tokens;
}

/** Tokens of a catalog name (food names, aliases, dish names): no brand or pack-size stripping. */
export function normaliseTokens(name: string): string[] {
  return tokenise(foldText(name));
}

/**
 * Tokens of a user's query: pack sizes, quantities and brand or marketing words removed first.
 * Falls back to the unstripped tokens when stripping would leave nothing (e.g. a query "Mars").
 */
export function normaliseQuery(query: string): string[] {
  return normaliseFolded(foldText(query));
}

/** normaliseQuery on text already passed through foldText (which is idempotent). */
function normaliseFolded(text: string): string[] {
  // US lean/fat ratios: "ground beef 80/20" is 20% fat.
  const folded = text.replace(/\b(\d{2})\s*\/\s*(\d{1,2})\b/g, (ratio, lean: string, fat: string) =>
    Number(lean) + Number(fat) === 100 ? ` ${fat}% fat ` : ratio,
  );
  const unquoted = folded.replace(/'/g, '').replace(QUANTITY, ' ');
  const brands = unquoted.match(BRANDS) ?? [];
  const tokens = tokenise(unquoted.replace(BRANDS, ' '));
  if (tokens.length === 0) return tokenise(folded.replace(QUANTITY, ' '));
  // A brand that makes one kind of food says what the rest of the query is ("Alpro almond").
  const namesKind = tokens.some((token) => KIND_WORDS.has(token));
  for (const brand of brands) {
    const hint = BRAND_HINTS[brand];
    if (hint === undefined) continue;
    const words = `${hint.always ?? ''} ${namesKind ? '' : (hint.words ?? '')}`;
    for (const token of tokenise(words)) if (!tokens.includes(token)) tokens.push(token);
  }
  return tokens;
}

/** Where a folded query's packing medium or accompaniment starts (" in …", " with …"), or -1. */
function headCut(folded: string): number {
  return folded.search(/\s(?:in|with|w|on|for|from)\s/);
}

/**
 * The part of a query that names the food, before a packing medium or accompaniment: "tuna chunks in
 * spring water" → "tuna chunks", "pasta with cheese sauce" → "pasta". Its last word is the query's head.
 */
export function queryHeadPhrase(query: string): string {
  const folded = foldText(query);
  const cut = headCut(folded);
  return cut > 0 ? folded.slice(0, cut) : folded;
}

/** A query normalised once for a whole lookup (matching, then suggestions). */
export interface NormalisedQuery {
  /** normaliseQuery(query). */
  tokens: readonly string[];
  /** normaliseQuery(queryHeadPhrase(query)): the same array when the query has no "in …"/"with …" part. */
  headTokens: readonly string[];
}

/** Folds the query once; tokenises the head phrase separately only when it is shorter than the query. */
export function normaliseLookup(query: string): NormalisedQuery {
  const folded = foldText(query);
  const tokens = normaliseFolded(folded);
  const cut = headCut(folded);
  return { tokens, headTokens: cut > 0 ? normaliseFolded(folded.slice(0, cut)) : tokens };
}
