import { MessageFlags } from 'discord-api-types/v10';
import { z } from 'zod';
import type { HelpView } from '../core/help.js';
import type { Reply } from '../core/lookup.js';
import { type ErrorView, MAX_SUGGESTIONS } from '../core/messages.js';
import { isIngredientListResult, type Level, type ProductResult, type RecipeResult } from '../core/result.js';
import { type ResultView, resultView } from '../core/view.js';
import { LIST_SHARE_CUSTOM_ID, shareCustomId } from './discord-custom-ids.js';
import { botMarkdown, escapeMarkdown } from './discord-markdown.js';
import { ingredientListEmbedFields, type LineFormat } from './ingredient-list-chat.js';
import {
  formatFootprint,
  formatKg,
  formatShare,
  levelBasis,
  levelScale,
  truncate,
  verdictEmoji,
} from './shared.js';

/**
 * Discord messages as plain API JSON (what both the gateway and the HTTP interactions transport
 * send), so the renderer stays pure and independent of discord.js.
 */

const EmbedFieldSchema = z.object({ name: z.string(), value: z.string(), inline: z.boolean().optional() });

/**
 * The embed parts the bot writes, and reads back from a message (the Share button copies the
 * card it sits on): one schema for both, so the type and the check cannot drift apart.
 */
export const EmbedSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  color: z.number().int().nonnegative().optional(),
  fields: z.array(EmbedFieldSchema).optional(),
  footer: z.object({ text: z.string() }).optional(),
});

export type DiscordEmbedField = z.infer<typeof EmbedFieldSchema>;
export type DiscordEmbed = z.infer<typeof EmbedSchema>;

export interface DiscordButton {
  type: 2;
  style: 1 | 2;
  label: string;
  custom_id: string;
}

export interface DiscordActionRow {
  type: 1;
  components: DiscordButton[];
}

export interface DiscordMessage {
  content?: string;
  embeds: DiscordEmbed[];
  components: DiscordActionRow[];
  flags?: number;
  /** Always empty: nothing the bot posts may ping anyone, whatever the data or the user typed. */
  allowed_mentions: { parse: [] };
}

/** Only the user who asked sees the message. */
export const EPHEMERAL_FLAG = MessageFlags.Ephemeral;

/** Discord's documented embed limits, in characters. */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
} as const;

/** Message content limit. */
export const CONTENT_LIMIT = 2000;

export const LEVEL_COLOURS: Record<Level, number> = {
  low: 0x3ba55c,
  medium: 0xf0a020,
  high: 0xed4245,
};

export interface RenderOptions {
  /**
   * `button` (default): ephemeral, with a "Share in channel" button.
   * `{ sharedBy }`: the public copy, credited to the user id that shared it.
   */
  mode?: 'button' | { sharedBy: string };
}

export function renderDiscord(reply: Reply, options: RenderOptions = {}): DiscordMessage {
  const mode = options.mode ?? 'button';
  switch (reply.type) {
    case 'result': {
      const { result } = reply;
      const embed = result.kind === 'product' ? productEmbed(result) : recipeEmbed(result);
      if (mode === 'button') {
        return {
          embeds: [fitEmbed(embed)],
          // A computed list cannot be carried in a 100-character custom_id: its Share copies the card.
          components: [
            shareRow(
              isIngredientListResult(result) ? LIST_SHARE_CUSTOM_ID : shareCustomId(result.kind, result.name),
            ),
          ],
          flags: EPHEMERAL_FLAG,
          allowed_mentions: { parse: [] },
        };
      }
      return sharedMessage([embed], mode.sharedBy);
    }
    case 'help':
      return {
        embeds: [fitEmbed(helpEmbed(reply.help))],
        components: [],
        flags: EPHEMERAL_FLAG,
        allowed_mentions: { parse: [] },
      };
    case 'error':
      return {
        content: errorContent(reply.error),
        embeds: [],
        components: [],
        flags: EPHEMERAL_FLAG,
        allowed_mentions: { parse: [] },
      };
  }
}

/** The public copy of a result: same embeds, no button, credited by mention (which never pings). */
export function sharedMessage(embeds: DiscordEmbed[], sharedBy: string): DiscordMessage {
  const mention = /^\d{1,25}$/.test(sharedBy) ? `<@${sharedBy}>` : 'someone';
  return {
    content: `Shared by ${mention}`,
    embeds: embeds.slice(0, 1).map(fitEmbed),
    components: [],
    allowed_mentions: { parse: [] },
  };
}

/**
 * What the private copy becomes once the Share button is clicked (the type 7 update of the message
 * the button is on), so the user sees the private card replaced rather than duplicated.
 */
export function sharedNotice(): DiscordMessage {
  return {
    content: '✅ Shared in the channel.',
    embeds: [],
    components: [],
    allowed_mentions: { parse: [] },
  };
}

/**
 * The private copy restored after the public post failed: the card and its button again, with a
 * line saying what happened and what to do.
 */
export function shareFailedMessage(embeds: DiscordEmbed[], customId: string): DiscordMessage {
  return {
    content: '⚠️ Sharing in the channel failed. Try the button again in a moment.',
    embeds: embeds.slice(0, 1).map(fitEmbed),
    components: embeds.length > 0 ? [shareRow(customId)] : [],
    allowed_mentions: { parse: [] },
  };
}

function shareRow(customId: string): DiscordActionRow {
  return { type: 1, components: [{ type: 2, style: 2, label: 'Share in channel', custom_id: customId }] };
}

// Budgets below the per-part limits, chosen so that any combination stays under the 6,000 total.
const TITLE_BUDGET = EMBED_LIMITS.title;
const DESCRIPTION_BUDGET = 1800;
const SENTENCE_BUDGET = 1200;
const SHORT_FIELD_BUDGET = 200;
const FOOTER_BUDGET = 400;

function productEmbed(result: ProductResult): DiscordEmbed {
  const view = resultView(result);
  const lines = [
    `**${formatFootprint(result.kgCo2ePerUnit, result.unit)}**`,
    `${levelScale(result.level)} · ${levelBasis('product', result.level)}`,
  ];
  lines.push(truncate(escapeMarkdown(oneLine(view.basis)), SENTENCE_BUDGET));
  if (view.comparison !== null) {
    lines.push('', truncate(escapeMarkdown(oneLine(view.comparison)), SENTENCE_BUDGET));
  }
  const fields: DiscordEmbedField[] = [];
  if (view.category !== null) {
    fields.push({
      name: 'Category',
      value: truncate(escapeMarkdown(oneLine(view.category)), SHORT_FIELD_BUDGET),
      inline: true,
    });
  }
  if (view.swap !== null) {
    const swap = view.swap;
    fields.push({
      name: 'Lower-carbon swap',
      value: truncate(
        `**${truncate(escapeMarkdown(oneLine(swap.name)), 200)}**: ${formatFootprint(swap.kgCo2ePerUnit, swap.unit)} (${Math.round(swap.percentLower)}% lower)`,
        EMBED_LIMITS.fieldValue,
      ),
    });
  }
  return resultEmbed(view, lines, fields);
}

function recipeEmbed(result: RecipeResult): DiscordEmbed {
  const view = resultView(result);
  const lines = [
    `**${formatFootprint(result.kgCo2ePerServing, 'serving')}**`,
    `${levelScale(result.level)} · ${levelBasis('recipe', result.level)}`,
    truncate(escapeMarkdown(oneLine(view.basis)), SENTENCE_BUDGET),
    '',
    view.verdict === null
      ? ''
      : `${verdictEmoji(view.verdict.value)} ${escapeMarkdown(oneLine(view.verdict.text))}`,
  ];
  const fields: DiscordEmbedField[] = [];
  const list = ingredientListEmbedFields(result, DISCORD_LINE_FORMAT, EMBED_LIMITS.fieldValue);
  const contributors = list === null ? contributorsField(view) : null;
  if (contributors) fields.push(contributors);
  const embed = resultEmbed(view, lines, fields);
  // The lines after the notes: when the 6,000 total is reached, trailing lines go, not the notes.
  if (list !== null) embed.fields = [...(embed.fields ?? []), ...list];
  return embed;
}

const DISCORD_LINE_FORMAT: LineFormat = {
  escape: (text, max) => truncate(escapeMarkdown(text), max),
  bold: (text) => `**${text}**`,
};

/** What both kinds share: title, description, level colour, their fields then the notes, source footer. */
function resultEmbed(view: ResultView, lines: readonly string[], fields: DiscordEmbedField[]): DiscordEmbed {
  const notes = notesField(view.notes);
  if (notes) fields.push(notes);
  return {
    title: titleOf(view.title),
    description: truncate(lines.join('\n'), DESCRIPTION_BUDGET),
    color: LEVEL_COLOURS[view.level],
    fields,
    footer: footerOf(view),
  };
}

function contributorsField(view: ResultView): DiscordEmbedField | null {
  if (view.contributors.length === 0) return null;
  const total = view.contributors.length + view.moreContributors;
  const lines: string[] = [];
  let used = 0;
  for (const [index, contributor] of view.contributors.entries()) {
    const grams = contributor.grams === null ? '' : ` (${formatKg(contributor.grams)} g)`;
    const line = `${index + 1}. ${truncate(escapeMarkdown(oneLine(contributor.name)), 120)}${grams}: ${formatKg(contributor.kgCo2e)} kg CO2e, ${formatShare(contributor.share)}`;
    const remaining = total - index;
    // Keep room for the "…and N more" line whenever a line might not be the last.
    const reserve = remaining > 1 ? 20 : 0;
    if (used + line.length + 1 + reserve > EMBED_LIMITS.fieldValue) {
      lines.push(`…and ${remaining} more`);
      return { name: 'Main contributors', value: lines.join('\n') };
    }
    lines.push(line);
    used += line.length + 1;
  }
  if (view.moreContributors > 0) lines.push(`…and ${view.moreContributors} more`);
  return { name: 'Main contributors', value: lines.join('\n') };
}

function notesField(notes: readonly string[]): DiscordEmbedField | null {
  const shown = notes.map(oneLine);
  if (shown.length === 0) return null;
  const value = shown.map((note) => `• ${truncate(escapeMarkdown(note), 300)}`).join('\n');
  return { name: 'Notes', value: truncate(value, EMBED_LIMITS.fieldValue) };
}

function titleOf(name: string): string {
  const title = oneLine(name);
  return truncate(escapeMarkdown(title === '' ? '(unnamed)' : title), TITLE_BUDGET);
}

function footerOf(view: ResultView): { text: string } {
  // Footers are not markdown-rendered, so source text is shown as is.
  const parts = [`Source: ${oneLine(view.source.label)}`];
  if (view.source.attribution !== null) parts.push(oneLine(view.source.attribution));
  if (view.askedFor !== null) parts.push(`you asked for “${oneLine(view.askedFor)}”`);
  if (view.confidence !== null) parts.push(`match confidence ${Math.round(view.confidence * 100)}%`);
  return { text: truncate(parts.join(' · '), FOOTER_BUDGET) };
}

function helpEmbed(help: HelpView): DiscordEmbed {
  return {
    title: 'carbon: food carbon footprints',
    description: truncate(
      help.hint === null ? 'Look up the carbon footprint of a food or a dish.' : botMarkdown(help.hint),
      DESCRIPTION_BUDGET,
    ),
    color: LEVEL_COLOURS.low,
    fields: help.usage.slice(0, 10).map((usage) => ({
      name: truncate(usage.command, EMBED_LIMITS.fieldName),
      value: truncate(botMarkdown(usage.description), EMBED_LIMITS.fieldValue),
    })),
    footer: { text: truncate(help.footer.replaceAll('`', ''), FOOTER_BUDGET) },
  };
}

function errorContent(error: ErrorView): string {
  const lines = [`⚠️ ${escapeMarkdown(oneLine(error.text))}`];
  // Hints are the project's own wording and may use `code` on purpose.
  if (error.hint !== null) lines.push(botMarkdown(error.hint));
  for (const suggestion of error.suggestions.slice(0, MAX_SUGGESTIONS)) {
    const name = oneLine(suggestion).replaceAll('`', "'");
    lines.push(`• \`${truncate(name, 120)}\``);
  }
  return truncate(lines.join('\n'), CONTENT_LIMIT);
}

/** Characters counted towards the 6,000 total, as Discord counts them. */
export function embedLength(embed: DiscordEmbed): number {
  let total =
    (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

/**
 * Enforces every embed limit on any embed, including ones copied back from a message: the
 * per-part limits first, then the total by dropping trailing fields and shortening the description.
 */
export function fitEmbed(embed: DiscordEmbed): DiscordEmbed {
  const fitted: DiscordEmbed = { ...embed };
  if (fitted.title !== undefined) fitted.title = truncate(fitted.title, EMBED_LIMITS.title);
  if (fitted.description !== undefined) {
    fitted.description = truncate(fitted.description, EMBED_LIMITS.description);
  }
  if (fitted.footer !== undefined)
    fitted.footer = { text: truncate(fitted.footer.text, EMBED_LIMITS.footer) };
  if (fitted.fields !== undefined) {
    fitted.fields = fitted.fields.slice(0, EMBED_LIMITS.fields).map((field) => ({
      ...field,
      name: truncate(field.name, EMBED_LIMITS.fieldName) || '\u200b',
      value: truncate(field.value, EMBED_LIMITS.fieldValue) || '\u200b',
    }));
  }
  while (embedLength(fitted) > EMBED_LIMITS.total && (fitted.fields?.length ?? 0) > 0) {
    fitted.fields = fitted.fields!.slice(0, -1);
  }
  const excess = embedLength(fitted) - EMBED_LIMITS.total;
  if (excess > 0 && fitted.description !== undefined) {
    fitted.description = truncate(fitted.description, Math.max(fitted.description.length - excess, 1));
  }
  return fitted;
}

/** Collapses whitespace and line breaks: names and sentences are shown on one line. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
