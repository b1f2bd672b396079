import type { HelpView } from '../core/help.js';
import { CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from '../core/levels.js';
import type { Reply } from '../core/lookup.js';
import { type ErrorView, MAX_SUGGESTIONS } from '../core/messages.js';
import {
  isIngredientListResult,
  type Level,
  type ProductResult,
  type RecipeResult,
  type SourceInfo,
  type Verdict,
} from '../core/result.js';
import { renderIngredientListText } from './ingredient-list-text.js';
import { formatFootprint, formatKg, formatShare, levelBasis, shouldShowConfidence } from './shared.js';

export interface TextOptions {
  /**
   * How the reader invokes the bot, e.g. "carbon" on the command line. Help and hints are written
   * for chat ("/carbon product …"); in a terminal the slash would be wrong.
   */
  command?: string;
}

const MAX_CONTRIBUTORS = 3;

/** Plain text for terminals: no colour, no markup, so it reads the same in a pipe or a log. */
export function renderText(reply: Reply, options: TextOptions = {}): string {
  let text: string;
  switch (reply.type) {
    case 'result':
      text = reply.result.kind === 'product' ? renderProduct(reply.result) : renderRecipe(reply.result);
      break;
    case 'help':
      text = renderHelp(reply.help);
      break;
    case 'error':
      text = renderError(reply.error);
      break;
  }
  if (options.command !== undefined && options.command !== '/carbon') {
    text = text.replaceAll('/carbon ', `${options.command} `);
  }
  return text;
}

/** "low ▮▯▯": reads without colour or emoji support. */
export function levelBar(level: Level): string {
  const filled = level === 'low' ? 1 : level === 'medium' ? 2 : 3;
  return `${level} ${'▮'.repeat(filled)}${'▯'.repeat(3 - filled)}`;
}

function renderProduct(result: ProductResult): string {
  const lines = [heading(result.name, result.query)];
  lines.push(
    `${formatFootprint(result.kgCo2ePerUnit, result.unit)} · ${levelBar(result.level)} (${levelBasis('product', result.level)})`,
  );
  if (result.comparisonText.trim() !== '') lines.push(clean(result.comparisonText));
  if (result.category !== null) lines.push(`Category: ${clean(result.category)}`);
  if (result.swap !== null) {
    const swap = result.swap;
    lines.push(
      `Lower-carbon swap: ${clean(swap.name)}, ${formatFootprint(swap.kgCo2ePerUnit, swap.unit)} (${Math.round(swap.percentLower)}% lower)`,
    );
  }
  lines.push(...tail(result.confidence, result.notes, result.source));
  return lines.join('\n');
}

function renderRecipe(result: RecipeResult): string {
  if (isIngredientListResult(result)) {
    return renderIngredientListText(result, {
      levelBar: levelBar(result.level),
      verdict: `${verdictText(result.climateFriendly)} (${thresholdText(result.thresholdKgPerServing)})`,
      tail: tail(result.confidence, result.notes, result.source),
      clean,
    });
  }
  const lines = [heading(result.name, result.query)];
  lines.push(
    `${formatFootprint(result.kgCo2ePerServing, 'serving')} · ${levelBar(result.level)} (${levelBasis('recipe', result.level)})`,
  );
  lines.push(
    `Climate-friendly: ${verdictText(result.climateFriendly)} (${thresholdText(result.thresholdKgPerServing)})`,
  );
  if (result.contributors.length > 0) {
    lines.push('Top contributors:');
    for (const contributor of result.contributors.slice(0, MAX_CONTRIBUTORS)) {
      const grams = contributor.grams === null ? '' : ` (${formatKg(contributor.grams)} g)`;
      lines.push(
        `  - ${clean(contributor.name)}${grams}: ${formatKg(contributor.kgCo2e)} kg CO2e, ${formatShare(contributor.share)}`,
      );
    }
  }
  lines.push(...tail(result.confidence, result.notes, result.source));
  return lines.join('\n');
}

function heading(name: string, query: string): string {
  const shown = clean(name);
  // Show what was asked when the source matched a differently worded name, so a fuzzy match is visible.
  if (normalise(name) === normalise(query)) return shown;
  return `${shown} (matched from "${clean(query)}")`;
}

function verdictText(verdict: Verdict): string {
  if (verdict.value !== 'unknown') return verdict.value;
  return verdict.raw === null ? 'unknown' : `unknown, the source said "${clean(verdict.raw)}"`;
}

function thresholdText(threshold: number): string {
  const budget = `≤ ${formatKg(threshold)} kg CO2e per serving`;
  return threshold === CLIMATE_FRIENDLY_MAX_KG_PER_SERVING ? `${budget}, WWF One Planet Plate` : budget;
}

function tail(confidence: number | null, notes: readonly string[], source: SourceInfo): string[] {
  const lines: string[] = [];
  if (shouldShowConfidence(confidence)) lines.push(`Match confidence: ${Math.round(confidence * 100)}%`);
  for (const note of notes) lines.push(`Note: ${clean(note)}`);
  lines.push(
    `Source: ${[source.label, source.attribution ?? ''].map(sourcePart).filter(Boolean).join(' · ')}`,
  );
  return lines;
}

/** Attributions often begin "Source:" themselves; one "Source:" per line is enough. */
function sourcePart(text: string): string {
  return clean(text)
    .replace(/^\s*source:\s*/i, '')
    .trim();
}

function renderHelp(help: HelpView): string {
  const lines: string[] = [];
  if (help.hint !== null) lines.push(clean(help.hint), '');
  lines.push('Usage:');
  const width = Math.max(...help.usage.map((entry) => entry.command.length));
  for (const entry of help.usage) lines.push(`  ${entry.command.padEnd(width)}  ${entry.description}`);
  lines.push('', help.footer);
  return lines.join('\n');
}

function renderError(error: ErrorView): string {
  const lines = [clean(error.text)];
  if (error.hint !== null) lines.push(clean(error.hint));
  for (const suggestion of error.suggestions.slice(0, MAX_SUGGESTIONS))
    lines.push(`  - ${clean(suggestion)}`);
  return lines.join('\n');
}

/**
 * Control characters from user input or a remote source (an echoed query, an upstream label) could
 * move the cursor or recolour a terminal; they become spaces before anything is printed.
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

function clean(text: string): string {
  return text.replace(CONTROL, ' ');
}

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
