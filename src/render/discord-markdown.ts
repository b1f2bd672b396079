import { escapeMarkdown as escapeDiscordMarkdown } from '@discordjs/formatters';

/**
 * The bot's own text (help, hints), in which `code` spans are code: the spans are kept, the text
 * between them escaped as user text is. An unclosed backtick is escaped like any other.
 */
export function botMarkdown(text: string): string {
  const parts = text.split('`');
  const closed = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  return parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeMarkdown(part);
      if (index >= closed) return `\\\`${escapeMarkdown(part)}`;
      return `\`${part}\``;
    })
    .join('');
}

/**
 * Escapes Discord markdown so names and sentences from users or sources show literally, with
 * discord.js's own escapeMarkdown (@discordjs/formatters) for every formatting rule it knows
 * (emphasis, code, spoilers, headings, lists, masked links, quotes), plus what it leaves alone:
 * subtext, `<@…>`-style mentions, and `@everyone`/`@here`, which get a zero-width space so they cannot even
 * look like a ping.
 */
export function escapeMarkdown(text: string): string {
  return (
    escapeDiscordMarkdown(text, {
      codeBlockContent: false,
      inlineCodeContent: false,
      underline: true,
      maskedLink: true,
      heading: true,
      bulletedList: true,
      numberedList: true,
    })
      // Subtext ("-# small") is newer than the library's rules.
      .replace(/^-# /gm, '\\-# ')
      .replace(/^>/gm, '\\>')
      .replace(/[<>]/g, (mark, offset: number, all: string) =>
        all[offset - 1] === '\\' ? mark : `\\${mark}`,
      )
      .replace(/@(everyone|here)/gi, '@\u200b$1')
  );
}
