import type { Comparison } from './result.js';

/**
 * A percent and its direction. The number is either grouped in thousands ("1,234", "12,345.5":
 * commas each followed by exactly three digits and no more) or plain with an optional decimal
 * point or comma ("12.5", "12,5").
 */
const PERCENT_DIRECTION =
  /(?:(-?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?!\d))|(-?\d+(?:[.,]\d+)?))\s*(?:%|percent|per cent)\s+(higher|lower|more|less|above|below|greater|smaller)/i;

/**
 * Reads the percent and direction out of a comparison sentence such as
 * "32% higher than the average product in the category" or "The impact is 12.5 percent lower ...".
 * Returns null when the sentence does not say it plainly; the sentence is still shown verbatim.
 */
export function parseComparison(sentence: string): Comparison | null {
  const match = PERCENT_DIRECTION.exec(sentence);
  if (match) {
    // A comma before exactly three digits groups thousands ("1,234"); any other comma is a decimal one ("12,5").
    const value = Number.parseFloat(
      match[1] === undefined ? match[2]!.replace(',', '.') : match[1].replaceAll(',', ''),
    );
    if (!Number.isFinite(value)) return null;
    const word = match[3]!.toLowerCase();
    let direction: Comparison['direction'] = ['higher', 'more', 'above', 'greater'].includes(word)
      ? 'higher'
      : 'lower';
    // "-20% higher" means lower; normalise the sign into the direction.
    if (value < 0) direction = direction === 'higher' ? 'lower' : 'higher';
    const percent = Math.abs(value);
    return { percent, direction: percent === 0 ? 'same' : direction };
  }
  if (/\b(same as|equal to|on par with|as much as) the average\b/i.test(sentence))
    return { percent: 0, direction: 'same' };
  return null;
}

/** Percent difference of value against a reference average, rounded to a whole percent. */
export function percentDifference(value: number, average: number): Comparison {
  const percent = Math.round((Math.abs(value - average) / average) * 100);
  if (percent === 0) return { percent: 0, direction: 'same' };
  return { percent, direction: value > average ? 'higher' : 'lower' };
}

/**
 * The sentence the catalog and the self-hosted service send as percentage_impact_difference.
 * `reference` names what is compared against, e.g. "the average product in “Milk and dairy
 * products” (mean of 43 items, per kg)".
 */
export function comparisonSentence(comparison: Comparison, reference: string): string {
  if (comparison.direction === 'same') return `The impact is about the same as ${reference}.`;
  return `The impact is ${comparison.percent}% ${comparison.direction} than ${reference}.`;
}
