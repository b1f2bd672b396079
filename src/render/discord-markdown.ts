import { escapeMarkdown as escapeDiscordMarkdown } from '@discordjs/formatters';

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
