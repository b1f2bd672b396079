import type { InfoView } from '../core/commands/answer.js';
import { type DiscordMessage, EMBED_LIMITS, EPHEMERAL_FLAG, fitEmbed, LEVEL_COLOURS } from './discord.js';
import { escapeMarkdown } from './discord-markdown.js';
import { truncate } from './shared.js';

/** A masked link needs a URL without spaces or parentheses; anything else is shown as text. */
function link(url: string, label: string): string {
  const text = escapeMarkdown(label).replace(/[[\]]/g, '');
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? `[${text}](<${url}>)` : text;
}

/** An info answer (the datasets and their licences) as a Discord embed. */
export function renderInfoDiscord(info: InfoView, options: { sharedBy?: string } = {}): DiscordMessage {
  const embed = fitEmbed({
    title: truncate(escapeMarkdown(info.title), EMBED_LIMITS.title),
    ...(info.intro === null ? {} : { description: truncate(escapeMarkdown(info.intro), 1000) }),
    color: LEVEL_COLOURS.low,
    fields: info.items.slice(0, EMBED_LIMITS.fields).map((item) => ({
      name: truncate(escapeMarkdown(item.heading), EMBED_LIMITS.fieldName),
      value: truncate(
        [
          ...item.lines.map(escapeMarkdown),
          ...(item.link === null ? [] : [link(item.link.url, item.link.label)]),
        ].join('\n'),
        EMBED_LIMITS.fieldValue,
      ),
    })),
    ...(info.footer === null ? {} : { footer: { text: truncate(info.footer, 400) } }),
  });
  const sharedBy = options.sharedBy;
  if (sharedBy !== undefined) {
    const mention = /^\d{1,25}$/.test(sharedBy) ? `<@${sharedBy}>` : 'someone';
    return {
      content: `Shared by ${mention}`,
      embeds: [embed],
      components: [],
      allowed_mentions: { parse: [] },
    };
  }
  return { embeds: [embed], components: [], flags: EPHEMERAL_FLAG, allowed_mentions: { parse: [] } };
}
