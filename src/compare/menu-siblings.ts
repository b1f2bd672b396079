import { type Line, MAX_PARTS } from './menu-lines.js';
import { type Option, wordCount } from './menu-structure.js';
import { cleanSegment } from './menu-text.js';
import { holdsSentence, type OptionPatterns, saysNothing, splitOptions, trimChat } from './options.js';

/** A sibling kept beside food without reading as food itself is at most this many words. */
export const MAX_SIBLING_WORDS = 4;

/**
 * A plain list of lines (no marks), most of them food: a short line among them is an item the
 * catalog may not know ("Crunchwrap Supreme", "Baja Blast (lg)"), not chatter. Fills `perLine` in
 * place for the lines that read nothing; only when at least two lines were read as food.
 */
export function plainListSiblings(
  lines: readonly Line[],
  perLine: Option[][],
  p: OptionPatterns,
  headings: ReadonlySet<number> = new Set(),
): void {
  if (perLine.filter((found) => found.length > 0).length < 2) return;
  lines.forEach((line, index) => {
    if (perLine[index]!.length > 0 || line.sentences.length !== 1 || (index === 0 && lines.length >= 3))
      return;
    if (line.field || line.legend || line.styledHeading || line.introduces || headings.has(index)) return;
    if (holdsSentence(line.text, p)) return;
    const siblings: Option[] = [];
    for (const part of splitOptions(line.text, false, p).slice(0, MAX_PARTS)) {
      const text = cleanSegment(part, p.words);
      const trimmed = trimChat(text.text, p, undefined);
      const bare = trimmed.replace(/\([^()]*\)/g, ' ');
      // "Burrata, blood orange & basil": a list of what one item is made of is an item.
      const last = bare.lastIndexOf(',');
      const enumerates = last >= 0 && /\s(?:&|and)\s/.test(bare.slice(last + 1)) && !/[?!:;]/.test(bare);
      const words = wordCount(bare);
      if (enumerates ? words > 2 * MAX_SIBLING_WORDS : /[,?!:;]/.test(bare) || words > MAX_SIBLING_WORDS)
        return;
      if (saysNothing(bare, p)) return;
      if (trimmed !== '') siblings.push({ text: trimmed, diets: text.diets });
    }
    perLine[index] = siblings;
  });
}
