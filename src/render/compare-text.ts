import type { CompareReply } from '../compare/compare.js';
import type { CompareResult } from '../compare/model.js';
import { MAX_SUGGESTIONS } from '../core/messages.js';
import { bar, cappedText, itemFigure, summaryLines, takenAsText, tooFewText } from './compare-shared.js';
import { levelBar, renderText } from './text.js';

/** Names longer than this are cut in the ranked table so a row stays on one line. */
const NAME_WIDTH = 40;
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/** Plain text for the CLI and the shell: the ranking with a bar per option, then what was left out. */
export function renderCompareText(reply: CompareReply): string {
  if (reply.type === 'error') return renderText({ type: 'error', error: reply.error }, { command: 'carbon' });
  return compareText(reply.result);
}

function compareText(result: CompareResult): string {
  const lines: string[] = [];
  if (result.capped !== null) lines.push(cappedText(result.capped));
  if (result.status === 'ranked') {
    lines.push(`${result.basisText} Lowest first:`);
    const max = Math.max(...result.ranked.map((item) => item.kgCo2e));
    const width = Math.min(NAME_WIDTH, Math.max(...result.ranked.map((item) => shown(item.name).length)));
    for (const item of result.ranked) {
      lines.push(
        `${String(item.rank).padStart(2)}. ${shown(item.name).padEnd(width)}  ${bar(item.kgCo2e, max)}  ${itemFigure(item, result.basis)}  ${levelBar(item.level)}  ${item.verdict}`,
      );
      lines.push(`    ${clean(`"${item.input}"`)} taken as ${takenAsText(item)}`);
    }
    lines.push('', ...summaryLines(result).map(clean));
  } else {
    lines.push(tooFewText(result));
  }
  const left = leftOut(result);
  if (left.length > 0) lines.push('', ...left);
  const footer = footerLine(result);
  if (footer !== null) lines.push('', footer);
  return lines.join('\n');
}

function leftOut(result: CompareResult): string[] {
  const lines: string[] = [];
  for (const item of result.notFound) {
    const suggestions = item.suggestions.slice(0, MAX_SUGGESTIONS).map(clean);
    lines.push(
      `Not found: "${clean(item.input)}"${suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : ''}`,
    );
  }
  for (const item of result.notUnderstood)
    lines.push(`Not understood: "${clean(item.input)}": ${item.reason}.`);
  for (const item of result.notRanked)
    lines.push(`Not ranked: "${clean(item.input)}" (${item.takenAs} ${clean(item.name)}): ${item.reason}.`);
  for (const item of result.failed)
    lines.push(`Could not look up "${clean(item.input)}": ${clean(item.error.text)}`);
  return lines;
}

function footerLine(result: CompareResult): string | null {
  const parts: string[] = [];
  if (result.source !== null) parts.push(clean(result.source.label));
  if (result.difference !== null) parts.push(`car: ${clean(result.difference.carCitation)}`);
  return parts.length === 0 ? null : `Source: ${parts.join(' · ')}`;
}

function shown(name: string): string {
  const text = clean(name);
  return text.length > NAME_WIDTH ? `${text.slice(0, NAME_WIDTH - 1)}…` : text;
}

function clean(text: string): string {
  return text.replace(CONTROL, ' ');
}
