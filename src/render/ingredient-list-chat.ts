import { ingredientListView } from '../core/ingredient-list-view.js';
import type { IngredientLine, LookupResult } from '../core/result.js';
import { formatKg } from './shared.js';

/**
 * Ingredient lines for the chat cards (Slack mrkdwn, Discord markdown), packed into text chunks that
 * each fit the platform's limit for one block or field. Escaping is the platform's, passed in; what
 * does not fit ends in "…and N more", so no line disappears unannounced.
 */

export interface LineFormat {
  /** Escapes and shortens user text for the platform's markup, to at most `max` characters. */
  escape: (text: string, max: number) => string;
  /** Bold, in the platform's markup. */
  bold: (text: string) => string;
}

const LINE_TEXT_MAX = 120;
const FOOD_MAX = 80;
const NOTE_MAX = 100;

export function ingredientLineText(line: IngredientLine, format: LineFormat): string {
  const text = format.escape(oneLine(line.text), LINE_TEXT_MAX) || '(blank)';
  if (line.status === 'negligible') return `• ${text}: too little to count`;
  if (line.status === 'skipped') {
    const weighed = line.grams === null ? '' : `${formatKg(line.grams)} g, `;
    const taken = line.food === null ? '' : ` (read as ${format.escape(oneLine(line.food), FOOD_MAX)})`;
    return `• ${text}${taken}: ${weighed}${format.escape(oneLine(line.note ?? 'not understood'), NOTE_MAX)}`;
  }
  const note = line.note === null ? '' : ` (${format.escape(oneLine(line.note), NOTE_MAX)})`;
  const food = format.escape(oneLine(line.food ?? '?'), FOOD_MAX);
  return `• ${text}: ${formatKg(line.grams ?? 0)} g as ${format.bold(food)}, ${formatKg(line.kgCo2e ?? 0)} kg CO2e${note}`;
}

/**
 * Lines packed into at most `maxChunks` chunks of at most `chunkLimit` characters each, the first
 * one starting with `heading`; when lines are left over, the last chunk ends "…and N more".
 */
export function packLines(
  heading: string,
  lines: readonly string[],
  chunkLimit: number,
  maxChunks: number,
): string[] {
  const chunks: string[][] = [[heading]];
  const lengths = [heading.length];
  const more = (left: number) => `…and ${left} more line${left === 1 ? '' : 's'}`;
  for (const [index, line] of lines.entries()) {
    const last = chunks.length - 1;
    const left = lines.length - index;
    const isFinalChunk = chunks.length === maxChunks;
    // The final chunk keeps room for the "…and N more" line whenever this line might not be the last.
    const reserve = isFinalChunk && left > 1 ? more(left).length + 1 : 0;
    if (lengths[last]! + 1 + line.length + reserve <= chunkLimit) {
      chunks[last]!.push(line);
      lengths[last]! += 1 + line.length;
      continue;
    }
    if (!isFinalChunk && line.length <= chunkLimit) {
      chunks.push([line]);
      lengths.push(line.length);
      continue;
    }
    chunks[last]!.push(more(left));
    break;
  }
  return chunks.map((chunk) => chunk.join('\n'));
}

/**
 * Discord's embed fields for a computed list, or null for any other result: two fields of lines and
 * one of skipped ones (`fieldLimit` characters each) keep the embed under its 6,000-character total
 * with the rest of the card.
 */
export function ingredientListEmbedFields(
  result: LookupResult,
  format: LineFormat,
  fieldLimit: number,
): { name: string; value: string }[] | null {
  const list = ingredientListView(result);
  if (list === null) return null;
  const text = (line: IngredientLine) => ingredientLineText(line, format);
  const fields = packLines('', list.used.map(text), fieldLimit, 2).map((value, index) => ({
    name: index === 0 ? list.heading : 'Ingredients (continued)',
    value: value.replace(/^\n/, '') || '—',
  }));
  if (list.skipped.length > 0) {
    const [value = ''] = packLines('', list.skipped.map(text), fieldLimit, 1);
    fields.push({ name: 'Skipped (not in the figure)', value: value.replace(/^\n/, '') });
  }
  return fields;
}

function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
