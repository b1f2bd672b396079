import type { InfoView } from '../core/commands/answer.js';
import { type Block, escapeFit, SLACK_LIMITS } from './slack.js';

/** Slack links are `<url|label>`; a URL with `|`, `<` or `>` in it cannot be one, so it is left out. */
function link(url: string, label: string): string {
  return /^https?:\/\/[^\s|<>]+$/.test(url) ? `<${url}|${escapeFit(label, 200)}>` : escapeFit(label, 200);
}

/** An info answer (the datasets and their licences) as Block Kit. */
export function renderInfoSlack(info: InfoView, sharedBy?: string): { text: string; blocks: Block[] } {
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: info.title.slice(0, 150), emoji: true } },
  ];
  if (info.intro !== null)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: escapeFit(info.intro, 1000) } });
  for (const item of info.items) {
    const lines = [`*${escapeFit(item.heading, 300)}*`, ...item.lines.map((line) => escapeFit(line, 1000))];
    if (item.link !== null) lines.push(link(item.link.url, item.link.label));
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: lines.join('\n').slice(0, SLACK_LIMITS.sectionText) },
    });
  }
  if (info.footer !== null) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeFit(info.footer, 1000) }] });
  }
  if (sharedBy !== undefined && /^[UW][A-Z0-9]{2,30}$/.test(sharedBy)) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Shared by <@${sharedBy}>` }] });
  }
  return { text: escapeFit(info.title, 200), blocks: blocks.slice(0, SLACK_LIMITS.blocks) };
}
