import { MILK_DENSITY_KG_PER_L, WATER_LIKE_DENSITY_KG_PER_L } from '../../core/densities.js';

/**
 * The API reports kg CO2e per litre for liquids (spec), but does not say which products are liquid,
 * so the unit is inferred from the name. A wrong "L" would misstate the figure, so solid forms of
 * drink words ("milk chocolate", "coffee beans", "watermelon") are excluded explicitly.
 */
const DRINK_WORDS = [
  'milk',
  'milks',
  'juice',
  'juices',
  'wine',
  'wines',
  'beer',
  'beers',
  'lager',
  'ale',
  'stout',
  'cider',
  'water',
  'soda',
  'cola',
  'lemonade',
  'smoothie',
  'milkshake',
  'drink',
  'drinks',
  'beverage',
  'coffee',
  'tea',
  'kombucha',
  'kefir',
  'champagne',
  'prosecco',
  'spirits',
  'vodka',
  'whisky',
  'whiskey',
  'gin',
  'rum',
  'tequila',
  'brandy',
  'liqueur',
  'cordial',
  'tonic',
  'latte',
  'cappuccino',
  'espresso',
];

const SOLID_WORDS = [
  'chocolate',
  'powder',
  'powdered',
  'dried',
  'bean',
  'beans',
  'ground',
  'instant',
  'leaf',
  'leaves',
  'bag',
  'bags',
  'chestnut',
  'chestnuts',
  'vinegar',
  'battered',
  'cake',
  'cakes',
  'biscuit',
  'biscuits',
  'cookie',
  'cookies',
  'bread',
  'loaf',
  'ice',
  'cheese',
  'candy',
  'sweets',
  'jelly',
  'crisps',
  'gummy',
];

function tokens(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 'solid' when a solid-form word appears, 'liquid' for a drink word, null when the name says neither. */
export function physicalForm(name: string): 'liquid' | 'solid' | null {
  const words = tokens(name);
  if (words.some((word) => SOLID_WORDS.includes(word))) return 'solid';
  if (words.some((word) => DRINK_WORDS.includes(word))) return 'liquid';
  return null;
}

/** The API's own name decides; the user's words only when that name says nothing either way. */
export function isDrink(apiName: string, query: string): boolean {
  return (physicalForm(apiName) ?? physicalForm(query)) === 'liquid';
}

/**
 * kg per litre of a drink the API reports per litre, so its figure can be ranked on the per-kg
 * product scale. The API only treats drinks as liquids (never oils), so milk is the one that differs
 * from water enough to matter.
 */
export function drinkDensity(name: string): number {
  return /\bmilks?\b/i.test(name) ? MILK_DENSITY_KG_PER_L : WATER_LIKE_DENSITY_KG_PER_L;
}
