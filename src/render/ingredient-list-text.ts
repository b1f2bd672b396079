import type { IngredientLine, IngredientListResult } from '../core/result.js';
import { formatFootprint, formatKg, levelBasis } from './shared.js';

/**
 * Plain text for a recipe computed from its ingredient list: the figure and verdict as for a named
 * dish, then every line with the grams and the food it was taken as, so a misreading can be seen and
 * corrected, then the skipped lines. Lines and notes come from the result; nothing is decided here.
 */

export interface IngredientListTextParts {
  /** "low ▮▯▯", from the text renderer. */
  levelBar: string;
  /** The figures of every dataset, from the view model. */
  basis: string;
  /** The verdict in words, from the view model. */
  verdict: string;
  /** The notes and source lines, from the text renderer. */
  tail: string[];
  /** Removes control characters from anything a user typed. */
  clean: (text: string) => string;
}

function lineText(line: IngredientLine, clean: (text: string) => string): string {
  const text = clean(line.text);
  if (line.status === 'negligible') return `  ~ ${text}: too little to count`;
  if (line.status === 'skipped') {
    const weighed = line.grams === null ? '' : `${formatKg(line.grams)} g, `;
    const taken = line.food === null ? '' : ` (read as ${clean(line.food)})`;
    return `  x ${text}${taken}: ${weighed}${clean(line.note ?? 'not understood')}`;
  }
  const assumption = line.note === null ? '' : ` (${clean(line.note)})`;
  return `  - ${text}: ${formatKg(line.grams ?? 0)} g as ${clean(line.food ?? '?')}, ${formatKg(line.kgCo2e ?? 0)} kg CO2e${assumption}`;
}

export function renderIngredientListText(
  result: IngredientListResult,
  parts: IngredientListTextParts,
): string {
  const { ingredientList } = result;
  const lines = [parts.clean(result.name)];
  lines.push(
    `${formatFootprint(result.kgCo2ePerServing, 'serving')} · ${parts.levelBar} (${levelBasis('recipe', result.level)})`,
  );
  lines.push(parts.basis, parts.verdict);
  const counted = ingredientList.lines.filter((line) => line.status !== 'skipped');
  const skipped = ingredientList.lines.filter((line) => line.status === 'skipped');
  const whole =
    ingredientList.servings === 1 ? '' : ` (whole recipe, for ${ingredientList.servings} servings)`;
  lines.push(`Ingredients${whole}:`);
  for (const line of counted) lines.push(lineText(line, parts.clean));
  if (skipped.length > 0) {
    lines.push('Skipped (not in the figure):');
    for (const line of skipped) lines.push(lineText(line, parts.clean));
  }
  lines.push(...parts.tail);
  return lines.join('\n');
}
