import type { HelpView } from '../core/help.js';
import type { Reply } from '../core/lookup.js';
import { type ErrorView, MAX_SUGGESTIONS } from '../core/messages.js';
import { isIngredientListResult, type Level, type LookupResult } from '../core/result.js';
import { type ResultView, resultView } from '../core/view.js';
import { renderIngredientListText } from './ingredient-list-text.js';
import { formatFootprint, formatKg, formatShare, levelBasis } from './shared.js';

export interface TextOptions {
  /**
   * How the reader invokes the bot, e.g. "carbon" on the command line. Help and hints are written
   * for chat ("/carbon product …"); in a terminal the slash would be wrong.
   */
  command?: string;
}

/** Plain text for terminals: no colour, no markup, so it reads the same in a pipe or a log. */
export function renderText(reply: Reply, options: TextOptions = {}): string {
  let text: string;
  switch (reply.type) {
    case 'result':
      text = renderResult(reply.result);
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

function renderResult(result: LookupResult): string {
  const view = resultView(result);
  if (isIngredientListResult(result) && view.verdict !== null) {
    return renderIngredientListText(result, {
      levelBar: levelBar(view.level),
      basis: `Figures: ${clean(view.basis)}`,
      verdict: clean(view.verdict.text),
      tail: tail(view),
      clean,
    });
  }
  const lines = [heading(view)];
  lines.push(
    `${formatFootprint(view.value, view.unit)} · ${levelBar(view.level)} (${levelBasis(view.kind, view.level)})`,
  );
  lines.push(`Figures: ${clean(view.basis)}`);
  if (view.verdict !== null) lines.push(clean(view.verdict.text));
  if (view.comparison !== null) lines.push(clean(view.comparison));
  if (view.category !== null) lines.push(`Category: ${clean(view.category)}`);
  if (view.swap !== null) {
    const swap = view.swap;
    lines.push(
      `Lower-carbon swap: ${clean(swap.name)}, ${formatFootprint(swap.kgCo2ePerUnit, swap.unit)} (${Math.round(swap.percentLower)}% lower)`,
    );
  }
  if (view.contributors.length > 0) {
    lines.push('Top contributors:');
    for (const contributor of view.contributors) {
      const grams = contributor.grams === null ? '' : ` (${formatKg(contributor.grams)} g)`;
      lines.push(
        `  - ${clean(contributor.name)}${grams}: ${formatKg(contributor.kgCo2e)} kg CO2e, ${formatShare(contributor.share)}`,
      );
    }
    if (view.moreContributors > 0) lines.push(`  …and ${view.moreContributors} more`);
  }
  lines.push(...tail(view));
  return lines.join('\n');
}

function heading(view: ResultView): string {
  const shown = clean(view.title);
  // Show what was asked when the source matched a differently worded name, so a fuzzy match is visible.
  return view.askedFor === null ? shown : `${shown} (matched from "${clean(view.askedFor)}")`;
}

function tail(view: ResultView): string[] {
  const lines: string[] = [];
  if (view.confidence !== null) lines.push(`Match confidence: ${Math.round(view.confidence * 100)}%`);
  for (const note of view.notes) lines.push(`Note: ${clean(note)}`);
  const { label, attribution } = view.source;
  lines.push(
    `Source: ${[label, attribution ?? '']
      .map(clean)
      .filter((part) => part.trim() !== '')
      .join(' · ')}`,
  );
  return lines;
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
