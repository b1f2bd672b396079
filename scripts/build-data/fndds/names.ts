/**
 * Names people ask for, from FNDDS descriptions such as "Pizza, cheese, from restaurant or fast food,
 * thin crust" or "Beef stew, no potatoes, tomato-based sauce, Mexican style". The full description is
 * kept as a synonym, so nothing a search could use is lost by shortening the name.
 */

/** Comma-separated parts that say where a food was bought or how it was packed, not what it is. */
const NOT_THE_DISH =
  /^(nfs|ns as to .*|from (restaurant|fast food|school( cafeteria)?|frozen|canned|mix|home recipe|pre-?packaged).*|restaurant|fast food|school|frozen( meal| entree)?|(canned )?(or )?ready-to-(heat|eat|serve)|canned or ready-to-serve|home recipe|homemade|made from .*|lean only eaten|reduced fat|lower sodium|diet|commercial|with added .*|from scratch)$/i;

/** Heads that read better after a one-word or two-word kind: "Pizza, cheese" → "Cheese pizza". */
const HEAD_AFTER_KIND =
  /^(pizza|soup|sandwich|burrito|taco|enchilada|quesadilla|tamale|nachos|stew|casserole|salad|omelet|pie|chili|curry|sushi|dumpling|egg roll|spring roll|wrap|sub|hoagie|burger|hamburger|cheeseburger|fajita|calzone|stromboli|pot pie|pasta|noodles|fried rice|lo mein|chow mein|pupusa|empanada|kabob|shish kabob|gyro|frittata)$/i;

/** Words that describe how a food is made or which kind it is, rather than naming another food. */
const DESCRIBING_WORD = /^([a-z-]+ed|brown|white|wild|yellow|red|green|sweet|hot|cold|spicy|plain|mixed)$/i;

/** "Mexican style", "Puerto Rican style", "Chinese style" at the end say the cuisine. */
const STYLE = /^(.*) style$/i;

/**
 * FNDDS splits mixed dishes by vegetable group for its nutrient bookkeeping: "with vegetables excluding
 * carrots, broccoli, and dark-green leafy". Nobody orders by that, and the clause names foods the dish
 * does NOT contain, which a search would read as if it did ("broccoli soup"). Removed from names and
 * synonyms alike.
 */
export function withoutVegetableGroups(description: string): string {
  return description
    .replace(
      /\s*\(?\b(excluding|including|except)\b[^;()]*\b(carrots|broccoli|dark-green|potatoes|tomatoes)\b[^;()]*\)?/gi,
      '',
    )
    .replace(/\s+,/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A clean, short name for a FNDDS description, at most 100 characters. */
export function dishName(description: string): string {
  const main = withoutVegetableGroups(description)
    .split(';')[0]!
    .replace(/\([^)]*\)/g, ' ');
  let parts = main
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '' && !NOT_THE_DISH.test(part));
  if (parts.length === 0) parts = [main.replace(/\s+/g, ' ').trim()];
  let style = '';
  const last = parts.at(-1)!;
  const styled = parts.length > 1 ? STYLE.exec(last) : null;
  if (styled !== null) {
    style = `${styled[1]} `;
    parts = parts.slice(0, -1);
  }
  let [head, ...rest] = parts;
  const kind = rest[0];
  const words = kind?.split(' ').length ?? 0;
  const readsBefore =
    kind !== undefined &&
    !/^(with|in|and|or|no|without|on|from|made|excluding|including|\d)/i.test(kind) &&
    ((HEAD_AFTER_KIND.test(head!) && words <= 3) ||
      // "Rice, fried" → "Fried rice", "Rice, brown" → "Brown rice": one describing word, not a
      // second food ("Bacon, lettuce, and tomato sandwich" stays as it is).
      (words === 1 && head!.split(' ').length <= 2 && DESCRIBING_WORD.test(kind)));
  if (readsBefore) {
    head = `${kind} ${head!.toLowerCase()}`;
    rest = rest.slice(1);
  }
  // "Fried rice, with shrimp" reads as "Fried rice with shrimp".
  const dish = [head, ...rest].join(', ').replace(/^([^,]*), (with|in|on) /i, '$1 $2 ');
  // "Puerto Rican veal fricassee": the dish's own first word loses its capital after the style.
  const withStyle = style === '' ? dish : `${style}${dish.charAt(0).toLowerCase()}${dish.slice(1)}`;
  let name = capitalise(withStyle.replace(/\s+/g, ' ').trim());
  while (name.length > 100 && name.includes(',')) name = name.slice(0, name.lastIndexOf(','));
  return name.length > 100 ? `${name.slice(0, 99).trimEnd()}…` : name;
}

const CUISINES: [RegExp, string][] = [
  [/\bpuerto rican\b/i, 'Puerto Rican'],
  [
    /\bmexican\b|\bburrito|\btaco|\benchilada|\bquesadilla|\btamale|\bnachos|\bfajita|\bchimichanga|\btostada/i,
    'Mexican',
  ],
  [
    /\bchinese\b|\blo mein|\bchow mein|\bfried rice|\begg roll|\bwonton|\bgeneral tso|\bkung pao|\bsweet and sour/i,
    'Chinese',
  ],
  [/\bjapanese\b|\bsushi|\bteriyaki|\btempura|\bmiso\b/i, 'Japanese'],
  [/\bthai\b|\bpad thai/i, 'Thai'],
  [/\bkorean\b|\bbibimbap|\bbulgogi/i, 'Korean'],
  [/\bvietnamese\b|\bpho\b/i, 'Vietnamese'],
  [/\bfilipino\b|\badobo\b|\bpancit/i, 'Filipino'],
  [/\bindian\b|\bcurry|\bbiryani|\bdal\b|\bmasala/i, 'Indian'],
  [
    /\bitalian\b|\bpizza|\blasagna|\bspaghetti|\bravioli|\bmanicotti|\bcalzone|\brisotto|\bgnocchi|\bparmigiana|\bmeatballs/i,
    'Italian',
  ],
  [/\bgreek\b|\bgyro|\bsouvlaki|\bspanakopita|\bmoussaka/i, 'Greek'],
  [/\bcuban\b|\bdominican\b|\bcaribbean|\bjamaican/i, 'Caribbean'],
  [/\bpupusa|\bsalvadoran|\bcentral american|\bempanada|\barepa/i, 'Latin American'],
  [/\bcajun\b|\bcreole\b|\bjambalaya|\bgumbo/i, 'Cajun and Creole'],
];

/** The cuisine a FNDDS dish belongs to, read from its description and WWEIA category. */
export function dishCuisine(description: string, categoryDescription: string): string {
  for (const [pattern, cuisine] of CUISINES) if (pattern.test(description)) return cuisine;
  if (/mexican/i.test(categoryDescription)) return 'Mexican';
  if (/fried rice|stir-fry|egg rolls/i.test(categoryDescription)) return 'Asian';
  return 'American';
}
