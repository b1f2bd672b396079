import type { CompareReply } from '../compare/compare.js';
import type { CompareResult } from '../compare/model.js';
import { MAX_SUGGESTIONS } from '../core/messages.js';
import {
  bar,
  basisLabel,
  cappedText,
  itemFigure,
  summaryLines,
  takenAsText,
  tooFewText,
} from './compare-shared.js';
import {
  CONTENT_LIMIT,
  type DiscordEmbed,
  type DiscordEmbedField,
  type DiscordMessage,
  EMBED_LIMITS,
  fitEmbed,
  LEVEL_COLOURS,
} from './discord.js';
import { botMarkdown, escapeMarkdown } from './discord-markdown.js';
import { formatKg, levelEmoji, truncate } from './shared.js';

/**
 * The comparison as one Discord embed that reads like a ranked chart: a line per option with its bar,
 * lowest first; fields for the summary and for what was left out. fitEmbed holds every embed limit.
 */

const NAME_MAX = 80;
const INPUT_MAX = 60;

/** Discord's poll limits: ten answers of at most 55 characters, a question of at most 300. */
export const POLL_LIMITS = { answers: 10, answerText: 55, questionText: 300 } as const;

export function renderCompareDiscord(
  reply: CompareReply,
  options: { ephemeral?: boolean } = {},
): DiscordMessage {
  const flags = options.ephemeral === false ? {} : { flags: 64 };
  if (reply.type === 'error') {
    const lines = [`**${escapeMarkdown(oneLine(reply.error.text))}**`];
    if (reply.error.hint !== null) lines.push(botMarkdown(oneLine(reply.error.hint)));
    return {
      content: truncate(lines.join('\n'), CONTENT_LIMIT),
      embeds: [],
      components: [],
      allowed_mentions: { parse: [] },
      ...flags,
    };
  }
  return { embeds: [compareEmbed(reply.result)], components: [], allowed_mentions: { parse: [] }, ...flags };
}

export function compareEmbed(result: CompareResult): DiscordEmbed {
  const lines: string[] = [];
  if (result.capped !== null) lines.push(`-# ${cappedText(result.capped)}`);
  if (result.status === 'ranked') {
    lines.push(result.basisText, '');
    const max = Math.max(...result.ranked.map((item) => item.kgCo2e));
    for (const item of result.ranked) {
      lines.push(
        `${levelEmoji(item.level)} **${item.rank}. ${escapeMarkdown(truncate(oneLine(item.name), NAME_MAX))}**`,
        `\`${bar(item.kgCo2e, max)}\` ${itemFigure(item, result.basis)} · ${item.verdict}`,
        `-# “${escapeMarkdown(truncate(oneLine(item.input), INPUT_MAX))}” taken as ${escapeMarkdown(takenAsText(item))}`,
      );
    }
  } else {
    lines.push(tooFewText(result));
  }
  const fields: DiscordEmbedField[] = [];
  const summary = summaryLines(result);
  if (summary.length > 0)
    fields.push({
      name: 'Lowest carbon',
      value: summary.map((line) => escapeMarkdown(oneLine(line))).join('\n'),
    });
  const left = leftOut(result);
  if (left.length > 0)
    fields.push({ name: 'Left out', value: truncate(left.join('\n'), EMBED_LIMITS.fieldValue) });
  const lowest = result.ranked[0];
  const footer = [
    result.source?.label,
    result.difference === null ? undefined : `Car: ${result.difference.carCitation}`,
  ]
    .filter((part): part is string => part !== undefined)
    .join(' · ');
  return fitEmbed({
    title:
      result.status === 'ranked'
        ? `Lowest carbon first: ${result.ranked.length} options`
        : 'Not enough to compare',
    description: truncate(lines.join('\n'), EMBED_LIMITS.description),
    ...(lowest === undefined ? {} : { color: LEVEL_COLOURS[lowest.level] }),
    fields,
    ...(footer === '' ? {} : { footer: { text: oneLine(footer) } }),
  });
}

function leftOut(result: CompareResult): string[] {
  const lines: string[] = [];
  const quoted = (input: string) => `“${escapeMarkdown(truncate(oneLine(input), INPUT_MAX))}”`;
  for (const item of result.notFound) {
    const suggestions = item.suggestions
      .slice(0, MAX_SUGGESTIONS)
      .map((name) => escapeMarkdown(truncate(oneLine(name), 40)));
    lines.push(
      `• Not found: ${quoted(item.input)}${suggestions.length > 0 ? `; did you mean ${suggestions.join(', ')}?` : ''}`,
    );
  }
  for (const item of result.notUnderstood)
    lines.push(`• Not understood: ${quoted(item.input)}: ${escapeMarkdown(item.reason)}.`);
  for (const item of result.notRanked)
    lines.push(`• Not ranked: ${quoted(item.input)}: ${escapeMarkdown(item.reason)}.`);
  for (const item of result.failed)
    lines.push(`• Could not look up ${quoted(item.input)}: ${escapeMarkdown(item.error.text)}`);
  return lines;
}

/** The poll's question: what the footprints are per, within Discord's 300 characters. */
export function pollQuestion(result: CompareResult): string {
  return truncate(
    `Which one? (lowest carbon first, kg CO2e ${basisLabel(result.basis)})`,
    POLL_LIMITS.questionText,
  );
}

/**
 * The poll a shared comparison can become (phase 2 sends it): one answer per ranked option, lowest
 * first, each carrying its footprint and cut to Discord's 55 characters with the figure kept whole.
 */
export function pollAnswers(result: CompareResult): string[] {
  return result.ranked.slice(0, POLL_LIMITS.answers).map((item) => {
    const figure = ` · ${formatKg(item.kgCo2e)} kg`;
    return `${truncate(oneLine(item.name), POLL_LIMITS.answerText - figure.length)}${figure}`;
  });
}

function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
