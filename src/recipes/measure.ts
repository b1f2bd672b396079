import { convertUnit, extractMeasurements, unitsOfMeasure } from 'parse-ingredient';
import { listVocabulary } from './words.js';

/**
 * Amounts, and the measurements (a weight or a volume) a line states for them, wherever they are:
 * at the start ("400g"), in brackets ("(about 2 kg)", "(6 sausages, 300g)", "(140g each)").
 */

export type Amount =
  /** A weight, in grams; `pack` when it is the stated size of packs ("2 x 400g tins"). */
  | { kind: 'mass'; grams: number; pack?: string }
  /** A volume, in millilitres. */
  | { kind: 'volume'; millilitres: number; unit: string; pack?: string }
  /** A count of whole things or of portions of them: "2" onions, "3 cloves", "1 large". */
  | { kind: 'count'; count: number; unit: string | null }
  /** Packs without their size: "1 can", "half a bag"; `unit` is the pack kind (a tin is a can). */
  | { kind: 'pack'; count: number; unit: string }
  /** Too little to count: "a pinch", "to taste", "salt and pepper". */
  | { kind: 'negligible' }
  /** No quantity at all. */
  | { kind: 'none' };

export interface Measure {
  amount: Amount;
  /** Characters of the text the measure took. */
  length: number;
}

/** The middle of a range, else the quantity. */
export function middle(quantity: number, quantity2: number | null): number {
  return quantity2 !== null && quantity2 > quantity ? (quantity + quantity2) / 2 : quantity;
}

export function measureAmount(
  quantity: number,
  unitId: string,
  vocabulary = listVocabulary(),
): Amount | null {
  const extra = vocabulary.extraVolumes[unitId];
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

/** A mass or volume measurement at the very start of text ("400g", "(400 g)", "15 oz", "/ ½ cup"). */
export function leadingMeasure(text: string, vocabulary = listVocabulary()): Measure | null {
  const opening = /^\s*[(/]?\s*/.exec(text)![0];
  const rest = text.slice(opening.length);
  // extractMeasurements wants a space in "15oz"; the glued form is as common in real lines.
  const glued = /^([\d.,/¼½¾⅓⅔⅛⅜⅝⅞]+)([a-z])/i.exec(rest);
  const spaced = glued === null ? rest : `${glued[1]} ${rest.slice(glued[1]!.length)}`;
  const found = extractMeasurements(spaced.slice(0, 40), vocabulary.parseOptions)[0];
  if (found === undefined || found.quantity === null || found.unitOfMeasureID === null) return null;
  if (found.startIndex !== 0) return null;
  const amount = measureAmount(middle(found.quantity, found.quantity2), found.unitOfMeasureID, vocabulary);
  if (amount === null) return null;
  let length =
    opening.length + found.endIndex - (glued === null || found.endIndex <= glued[1]!.length ? 0 : 1);
  const close = /^\s*\)/.exec(text.slice(length));
  if (close !== null) length += close[0].length;
  return { amount, length };
}

export function scale(amount: Amount, factor: number): Amount {
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

export interface BracketMeasure {
  amount: Amount;
  /** "(140g each)": the weight of one piece, not of all of them. */
  each: boolean;
}

/**
 * A weight or volume stated in brackets: "(about 2 kg)", "(350g)", "(6 sausages, 300g)",
 * "(about 140g each)". Each bracket's pieces are tried in turn;
 * a piece counts only when the measure is all of it but for an approximation before it and "each",
 * "total" or the like after it. Brackets are found without nesting, so the scan is linear.
 */
export function bracketMeasure(description: string, vocabulary = listVocabulary()): BracketMeasure | null {
  for (const bracket of description.matchAll(/\(([^()]*)\)/g)) {
    // Pieces between commas, semicolons and slashes that are not fractions: "250 g/9 oz", "1 / 2 cups".
    for (const raw of bracket[1]!.split(/[,;]|\s\/\s|(?<=[a-z.])\/(?=\s*[~≈]?\s*\d)/i)) {
      const piece = raw.replace(vocabulary.approximately, '').trim();
      // "(33c)": a lone "c" or "t" is as likely centilitres as cups; not taken as a measure.
      if (piece === '' || /^[\d.,/\s–-]+[ct]\.?$/i.test(piece)) continue;
      // Only a piece that starts with its number: "(or 1 1/2 tsp onion powder)" is an alternative.
      if (!/^[\d¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(piece)) continue;
      const measure = leadingMeasure(piece, vocabulary);
      if (measure === null || (measure.amount.kind !== 'mass' && measure.amount.kind !== 'volume')) continue;
      const after = piece.slice(measure.length).trim();
      // Only a word or two may follow ("each", "total", "drained"), never another quantity.
      if (/\d/.test(after) || after.split(/\s+/).length > 2) continue;
      return { amount: measure.amount, each: vocabulary.each.test(after) };
    }
  }
  return null;
}
