import type { types } from '@slack/bolt';
import type { CompareReply } from '../compare/compare.js';
import type { CompareResult } from '../compare/model.js';
import { MAX_SUGGESTIONS } from '../core/messages.js';
import { bar, cappedText, itemFigure, summaryLines, takenAsText, tooFewText } from './compare-shared.js';
import { levelEmoji, truncate } from './shared.js';
import { type Block, botMrkdwn, escapeFit, escapeMrkdwn, SLACK_LIMITS } from './slack.js';

/**
 * The comparison as Block Kit: a text layout that stands on its own, one section per option with a
 * bar of block characters. Slack's `data_visualization` chart block is documented, but its page does
 * not say that it works in ephemeral and response_url replies, which is how comparisons are sent, so
 * it is not used (docs/slack.md). Every piece of user or source text goes through escapeFit.
 */

const NAME_MAX = 100;
const INPUT_MAX = 80;
const SUGGESTION_MAX = 40;

const mrkdwn = (text: string): types.MrkdwnElement => ({
  type: 'mrkdwn',
  text: fitEscaped(text, SLACK_LIMITS.sectionText),
  verbatim: true,
});
const section = (text: string): types.SectionBlock => ({ type: 'section', text: mrkdwn(text) });
const context = (text: string): types.ContextBlock => ({
  type: 'context',
  elements: [{ ...mrkdwn(text), text: fitEscaped(text, SLACK_LIMITS.contextText) }],
});

/** Cuts already-escaped text without leaving half an entity. */
function fitEscaped(text: string, max: number): string {
  const cut = truncate(text, max);
  return cut === text ? text : `${cut.slice(0, -1).replace(/&[a-z]*$/, '')}…`;
}

export function renderCompareSlack(reply: CompareReply): { text: string; blocks: Block[] } {
  if (reply.type === 'error') {
    const error = reply.error;
    const lines = [`*${escapeFit(error.text, 1000)}*`];
    if (error.hint !== null) lines.push(botMrkdwn(error.hint));
    return { text: escapeFit(error.text, 1000), blocks: [section(lines.join('\n'))] };
  }
  const result = reply.result;
  const blocks: Block[] = [];
  blocks.push({
    type: 'header',
    text: {
      type: 'plain_text',
      text: truncate(
        result.status === 'ranked'
          ? `Lowest carbon first: ${result.ranked.length} options`
          : 'Not enough to compare',
        SLACK_LIMITS.headerText,
      ),
      emoji: true,
    },
  });
  if (result.capped !== null) blocks.push(context(cappedText(result.capped)));
  if (result.status === 'ranked') {
    blocks.push(context(escapeFit(result.basisText, 300)));
    const max = Math.max(...result.ranked.map((item) => item.kgCo2e));
    for (const item of result.ranked) {
      const crown = item.rank === 1 ? ' · lowest' : '';
      blocks.push(
        section(
          [
            `${levelEmoji(item.level)} *${item.rank}. ${escapeFit(item.name, NAME_MAX)}*${crown}`,
            `\`${bar(item.kgCo2e, max)}\` ${escapeMrkdwn(itemFigure(item, result.basis))} · ${item.level} · ${escapeMrkdwn(item.verdict)}`,
            `_“${escapeFit(item.input, INPUT_MAX)}” taken as ${escapeFit(takenAsText(item), 200)}_`,
          ].join('\n'),
        ),
      );
    }
    blocks.push(
      section(
        summaryLines(result)
          .map((line) => escapeFit(line, 1000))
          .join('\n'),
      ),
    );
  } else {
    blocks.push(section(escapeFit(tooFewText(result), 500)));
  }
  const left = leftOutLines(result);
  if (left.length > 0) blocks.push(section(left.join('\n')));
  const footer: string[] = [];
  if (result.source !== null) footer.push(`Data: ${escapeFit(result.source.label, 200)}`);
  if (result.difference !== null) footer.push(`Car: ${escapeFit(result.difference.carCitation, 300)}`);
  if (footer.length > 0) blocks.push(context(footer.join(' · ')));
  return { text: fallbackText(result), blocks: blocks.slice(0, SLACK_LIMITS.blocks) };
}

/** Bounded by construction: ten options at most, each line under 400 characters. */
function leftOutLines(result: CompareResult): string[] {
  const lines: string[] = [];
  for (const item of result.notFound) {
    const suggestions = item.suggestions
      .slice(0, MAX_SUGGESTIONS)
      .map((name) => escapeFit(name, SUGGESTION_MAX));
    lines.push(
      `• Not found: “${escapeFit(item.input, INPUT_MAX)}”${suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : ''}`,
    );
  }
  for (const item of result.notUnderstood)
    lines.push(`• Not understood: “${escapeFit(item.input, INPUT_MAX)}”: ${escapeFit(item.reason, 200)}.`);
  for (const item of result.notRanked)
    lines.push(`• Not ranked: “${escapeFit(item.input, INPUT_MAX)}”: ${escapeFit(item.reason, 200)}.`);
  for (const item of result.failed)
    lines.push(
      `• Could not look up “${escapeFit(item.input, INPUT_MAX)}”: ${escapeFit(item.error.text, 200)}`,
    );
  return lines;
}

function fallbackText(result: CompareResult): string {
  const lowest = result.ranked[0];
  const text =
    result.status === 'ranked' && lowest !== undefined
      ? `Lowest carbon of ${result.ranked.length}: ${escapeFit(lowest.name, NAME_MAX)}`
      : escapeFit(tooFewText(result), 500);
  return fitEscaped(text, SLACK_LIMITS.fallbackText);
}

/** Slack's names for the keycap emoji 1 to 10, in order: the vote's reactions. */
const NUMBER_REACTIONS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'keycap_ten',
] as const;

/**
 * The reactions a shared comparison gets when it becomes a vote (phase 2 adds them with
 * reactions.add): one numbered reaction per ranked option, in rank order, so ":one:" is option 1.
 */
export function voteReactions(result: CompareResult): string[] {
  return NUMBER_REACTIONS.slice(0, result.ranked.length);
}
