import {
  convertUnit,
  extractMeasurements,
  type ParseIngredientOptions,
  parseIngredient,
  unitsOfMeasure,
} from 'parse-ingredient';

/**
 * One ingredient line read into an amount and a food description, with parse-ingredient doing the
 * numbers (mixed, unicode and slash fractions, ranges, units) and this module what real lines add
 * around it: "2 x 400g tins", "1 (400 g) can", "150g (1/3 lb)", "100 g / ½ cup", "Lemon juice 1 tbsp",
 * markdown, and negligible amounts ("a pinch", "to taste").
 */

export type Amount =
  /** A weight, in grams. */
  | { kind: 'mass'; grams: number }
  /** A volume, in millilitres. */
  | { kind: 'volume'; millilitres: number; unit: string }
  /** A count of whole things or of portions of them: "2" onions, "3 cloves", "1 large". */
  | { kind: 'count'; count: number; unit: string | null }
  /** A pack without its size: "1 can". */
  | { kind: 'pack'; count: number; unit: string }
  /** Too little to count: "a pinch", "to taste", "salt and pepper". */
  | { kind: 'negligible' }
  /** No quantity at all. */
  | { kind: 'none' };

export interface ParsedLine {
  /** The line as given, whitespace collapsed. */
  text: string;
  amount: Amount;
  /** What the food is called, cleaned of amounts, brackets and preparation notes. */
  food: string;
}

/** British spellings parse-ingredient does not list, and the centilitre it lacks. */
const PARSE_OPTIONS: ParseIngredientOptions = {
  additionalUOMs: {
    liter: {
      short: 'l',
      plural: 'liters',
      alternates: ['l.', 'litre', 'litres', 'ltr'],
      type: 'volume',
      conversionFactor: 1000,
    },
    milliliter: {
      short: 'ml',
      plural: 'milliliters',
      alternates: ['mL', 'ml.', 'mL.', 'millilitre', 'millilitres'],
      type: 'volume',
      conversionFactor: 1,
    },
    centiliter: {
      short: 'cl',
      plural: 'centiliters',
      alternates: ['cl.', 'centilitre', 'centilitres'],
      type: 'volume',
      conversionFactor: 10,
    },
  },
};
/** Millilitres in one unit parse-ingredient's convertUnit does not know. */
const EXTRA_VOLUMES: Record<string, number> = { centiliter: 10 };

const UNICODE_FRACTIONS = '¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';
const PACK_WORDS =
  /^(?:tins?|cans?|jars?|packs?|packets?|packages?|pkgs?|bags?|boxe?s?|cartons?|bottles?|blocks?|containers?|envelopes?|sachets?|pots?|tubs?|punnets?|bunch(?:es)?|heads?|bulbs?|loa(?:f|ves)|sticks?)\b/i;
/** Count units parse-ingredient knows that name a pack of unknown size. */
const PACK_UNITS = new Set(['can', 'bag', 'box', 'carton', 'container', 'pack', 'package', 'bunch']);
/** Portion words parse-ingredient does not know as units, read from the start of the description. */
const PORTION_WORDS: Record<string, string> = {
  clove: 'clove',
  cloves: 'clove',
  slice: 'slice',
  slices: 'slice',
  stalk: 'stalk',
  stalks: 'stalk',
  stick: 'stick',
  sticks: 'stick',
  rib: 'rib',
  ribs: 'rib',
  head: 'head',
  heads: 'head',
  leaf: 'leaf',
  leaves: 'leaf',
  sprig: 'sprig',
  sprigs: 'sprig',
  ear: 'ear',
  ears: 'ear',
  rasher: 'rasher',
  rashers: 'rasher',
  wedge: 'wedge',
  wedges: 'wedge',
  floret: 'floret',
  florets: 'floret',
  cube: 'cube',
  cubes: 'cube',
  piece: 'each',
  pieces: 'each',
  whole: 'each',
};
const NEGLIGIBLE =
  /\b(?:pinch(?:es)?|dash(?:es)?|to taste|a few drops|drops? of|sprinkl(?:e|ing)|for garnish|to garnish|for dusting|for greasing|as needed|as required|smidgen)\b/i;
/** Seasonings and water: without a quantity they do not change a footprint. */
const NEGLIGIBLE_FOODS =
  /^(?:(?:sea |kosher |table |black |white |ground |freshly ground |cracked )?(?:salt|pepper|peppercorns?)(?: and (?:black )?pepper)?|salt & pepper|water|ice|ice cubes?|cooking spray)$/i;

/** Herbs and whole spices counted in pieces weigh a gram or less each: "2 bay leaves", "3 sprigs thyme". */
const NEGLIGIBLE_COUNTED =
  /^(?:dried |fresh |whole )?(?:bay ?lea(?:f|ves)|bayleaf|star anise|cardamom(?: pods?)?|juniper berr(?:y|ies)|thyme|rosemary|sage(?: leaves)?|curry leaves|(?:kaffir )?lime leaves|cinnamon sticks?|cloves?)$/i;

/** Markdown emphasis and links, list bullets, leading "about". */
function tidy(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/^\s*(?:[-•·+]|\d+[.)])\s+(?=\S)/, '')
    .replace(/^\s*(?:[~≈]|about|approx\.?|approximately|around|roughly)\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The middle of a range, else the quantity. */
function middle(quantity: number, quantity2: number | null): number {
  return quantity2 !== null && quantity2 > quantity ? (quantity + quantity2) / 2 : quantity;
}

interface Measure {
  amount: Amount;
  /** Characters of the text the measure took. */
  length: number;
}

/** A mass or volume measurement at the very start of text ("400g", "(400 g)", "15 oz", "/ ½ cup"). */
function leadingMeasure(text: string): Measure | null {
  const opening = /^\s*[(/]?\s*/.exec(text)![0];
  const rest = text.slice(opening.length);
  // extractMeasurements wants a space in "15oz"; the glued form is as common in real lines.
  const glued = /^([\d.,/]+)([a-z])/i.exec(rest);
  const spaced = glued === null ? rest : `${glued[1]} ${rest.slice(glued[1]!.length)}`;
  const found = extractMeasurements(spaced.slice(0, 40), PARSE_OPTIONS)[0];
  if (found === undefined || found.quantity === null || found.unitOfMeasureID === null) return null;
  if (found.startIndex !== 0) return null;
  const amount = measureAmount(middle(found.quantity, found.quantity2), found.unitOfMeasureID);
  if (amount === null) return null;
  let length =
    opening.length + found.endIndex - (glued === null || found.endIndex <= glued[1]!.length ? 0 : 1);
  const close = /^\s*\)/.exec(text.slice(length));
  if (close !== null) length += close[0].length;
  return { amount, length };
}

function measureAmount(quantity: number, unitId: string): Amount | null {
  const extra = EXTRA_VOLUMES[unitId];
  if (extra !== undefined) return { kind: 'volume', millilitres: quantity * extra, unit: unitId };
  const unit = unitsOfMeasure[unitId as keyof typeof unitsOfMeasure];
  if (unit === undefined) return null;
  if (unit.type === 'mass') {
    const grams = convertUnit(quantity, unitId, 'gram');
    return grams === null ? null : { kind: 'mass', grams };
  }
  if (unit.type === 'volume') {
    const millilitres = convertUnit(quantity, unitId, 'milliliter');
    return millilitres === null ? null : { kind: 'volume', millilitres, unit: unitId };
  }
  return null;
}

function scale(amount: Amount, factor: number): Amount {
  switch (amount.kind) {
    case 'mass':
      return { ...amount, grams: amount.grams * factor };
    case 'volume':
      return { ...amount, millilitres: amount.millilitres * factor };
    case 'count':
    case 'pack':
      return { ...amount, count: amount.count * factor };
    default:
      return amount;
  }
}

/** "Lemon juice 1 tbsp", "beef (chuck): 1kg | 2 1/4lb": a food first, its quantity after. */
function trailingQuantity(text: string): { quantityText: string; food: string } | null {
  const match = new RegExp(`^([^\\d${UNICODE_FRACTIONS}]{2,}?)[\\s:,-]+([\\d${UNICODE_FRACTIONS}].*)$`).exec(
    text,
  );
  if (match === null) return null;
  const quantityText = match[2]!.split('|')[0]!.trim();
  const measure = leadingMeasure(quantityText);
  // Only a bare measure may follow ("1 tbsp", "50 g"): "2 eggs" after a name is not a quantity of it.
  if (
    measure === null ||
    quantityText
      .slice(measure.length)
      .replace(/[()*.,]/g, '')
      .trim() !== ''
  )
    return null;
  return { quantityText, food: match[1]!.trim() };
}

/**
 * The size of one of a count of things: "(400 g) can tomatoes", "15 oz can", "tin (415g) beans",
 * "salmon fillets (about 140g each)". `rest` is the description without it.
 */
function packSize(description: string): { amount: Amount; rest: string } | null {
  const leading = leadingMeasure(description);
  if (leading !== null)
    return { amount: leading.amount, rest: description.slice(leading.length).trim().replace(PACK_WORDS, '') };
  const pack = PACK_WORDS.exec(description);
  if (pack !== null) {
    const after = description.slice(pack[0].length);
    const measure = /^\s*\(/.test(after) ? leadingMeasure(after) : null;
    if (measure !== null) return { amount: measure.amount, rest: after.slice(measure.length) };
  }
  const each = /\((?:about |approx\.? |~\s*)?([^()]*?)\s+each\b[^()]*\)/i.exec(description);
  const eachMeasure = each === null ? null : leadingMeasure(each[1]!);
  if (eachMeasure !== null && eachMeasure.length === each![1]!.length)
    return { amount: eachMeasure.amount, rest: description };
  return null;
}

/** Reads one ingredient line. Never throws. */
export function parseLine(raw: string): ParsedLine {
  const text = raw.replace(/\s+/g, ' ').trim();
  let body = tidy(text);
  const trailing = trailingQuantity(body);
  if (trailing !== null) body = `${trailing.quantityText} ${trailing.food}`;
  // "For the dough: 300g flour", "Topping: 200g passata": a heading before the ingredient.
  else
    body = body.replace(
      new RegExp(`^[^:\\d${UNICODE_FRACTIONS}]{1,40}:\\s*(?=[\\d${UNICODE_FRACTIONS}])`),
      '',
    );

  // "2 x 400g tins", "2×400 g": a multiplier of what follows.
  let multiplier = 1;
  const times = new RegExp(
    `^(\\d+(?:[.,]\\d+)?|[${UNICODE_FRACTIONS}])\\s*[x×]\\s*(?=[\\d${UNICODE_FRACTIONS}])`,
    'i',
  ).exec(body);
  if (times !== null) {
    multiplier = parseIngredient(times[1]!.replace(',', '.'), PARSE_OPTIONS)[0]?.quantity ?? 1;
    body = body.slice(times[0].length);
  }

  const parsed = parseIngredient(body.replace(/^(\d+),(\d+)(?=\s*[a-z])/i, '$1.$2'), PARSE_OPTIONS)[0];
  if (parsed === undefined) return { text, amount: { kind: 'none' }, food: '' };
  let description = parsed.description;
  let amount: Amount = { kind: 'none' };

  if (parsed.quantity !== null) {
    const quantity = middle(parsed.quantity, parsed.quantity2);
    const unitId = parsed.unitOfMeasureID;
    const measured = unitId === null ? null : measureAmount(quantity, unitId);
    if (measured !== null) {
      amount = measured;
      // "150g (1/3 lb) bacon", "100 g / ½ cups butter": the same amount again in other units.
      const again = leadingMeasure(description);
      if (again !== null) description = description.slice(again.length);
    } else {
      // "1 (400 g) can", "1 15 oz can", "1 can (29 ounces)", "1 tin (415g)": packs of a stated size.
      const size = packSize(description);
      if (size !== null) {
        amount = scale(size.amount, quantity);
        description = size.rest;
      } else if (unitId !== null && PACK_UNITS.has(unitId)) {
        amount = { kind: 'pack', count: quantity, unit: unitId };
      } else if (unitId === 'pinch' || unitId === 'dash' || unitId === 'drop') {
        amount = { kind: 'negligible' };
      } else {
        const first = /^(?:of\s+)?([a-z]+)\b/i.exec(description);
        const portion = first === null ? undefined : PORTION_WORDS[first[1]!.toLowerCase()];
        // parse-ingredient reads "large", "medium", "small" as units; they are sizes of a whole thing.
        const unit = unitId ?? portion ?? null;
        if (unitId === null && portion !== undefined) description = description.slice(first![0].length);
        amount = { kind: 'count', count: quantity, unit };
      }
    }
  }
  if (amount.kind === 'none' && (NEGLIGIBLE.test(text) || NEGLIGIBLE_FOODS.test(cleanFood(description))))
    amount = { kind: 'negligible' };
  const food = cleanFood(description);
  if (amount.kind === 'count' && NEGLIGIBLE_COUNTED.test(food)) amount = { kind: 'negligible' };
  return { text, amount: scale(amount, multiplier), food };
}

/**
 * The food words of a description: no brackets, no preparation after a comma, no pack word or "of"
 * in front, the first of alternatives ("butter or margarine"), no notes such as "optional".
 */
export function cleanFood(description: string): string {
  let food = description
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\[[^\]]*\]?/g, ' ')
    .replace(/[*_`]+/g, '')
    .split(/,|;| - | – |\bfor (?:the|serving|garnish|frying|dusting)\b|\bto serve\b|\bplus\b/i)[0]!;
  food = food.replace(/\b(?:or|and\/or)\b.*$/i, '');
  food = food
    .replace(/^\s*(?:of\s+)?/i, '')
    .replace(PACK_WORDS, '')
    .replace(/^\s*of\s+/i, '');
  food = food.replace(
    /\b(?:optional|divided|heaped|heaping|level|scant|good|generous|large|medium|small|big)\b/gi,
    ' ',
  );
  return food
    .replace(/[^\p{L}\p{N}'&\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
