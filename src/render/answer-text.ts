import type { Answer, InfoView } from '../core/commands/answer.js';
import { renderCompareText } from './compare-text.js';
import { renderText } from './text.js';

/** Any answer as plain text for terminals (the CLI and the shell). */
export function renderAnswerText(answer: Answer): string {
  switch (answer.type) {
    case 'compare':
      return renderCompareText(answer);
    case 'info':
      return renderInfoText(answer.info);
    default:
      return renderText(answer);
  }
}

const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
const clean = (text: string) => text.replace(CONTROL, ' ');

/** An info answer (the datasets and their licences) as plain text. */
export function renderInfoText(info: InfoView): string {
  const lines = [clean(info.title)];
  if (info.intro !== null) lines.push(clean(info.intro));
  for (const item of info.items) {
    lines.push('', clean(item.heading), ...item.lines.map((line) => `  ${clean(line)}`));
    if (item.link !== null) lines.push(`  ${clean(item.link.url)}`);
  }
  if (info.footer !== null) lines.push('', clean(info.footer));
  return lines.join('\n');
}
