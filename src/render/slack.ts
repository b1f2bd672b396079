import type { types } from '@slack/bolt';
import type { LookupKind } from '../core/errors.js';
import type { HelpView } from '../core/help.js';
import { ingredientListView } from '../core/ingredient-list-view.js';
import type { Reply } from '../core/lookup.js';
import { type ErrorView, MAX_SUGGESTIONS } from '../core/messages.js';
import type { LookupResult, ProductResult, RecipeResult } from '../core/result.js';
import { type ResultView, resultView } from '../core/view.js';
import { ingredientLineText, type LineFormat, packLines } from './ingredient-list-chat.js';
import {
  formatFootprint,
  formatKg,
  formatShare,
  levelBasis,
  levelLabel,
  levelScale,
  truncate,
  unitLabel,
  verdictEmoji,
} from './shared.js';
import { encodeLookupButton, SHARE_ACTION_ID, SUGGESTION_ACTION_PREFIX } from './slack-buttons.js';

export type Block = types.KnownBlock;

/** Block Kit limits (https://docs.slack.dev/reference/block-kit). */
export const SLACK_LIMITS = {
  blocks: 50,
  sectionText: 3000,
  contextElements: 10,
  contextText: 2000,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  actionsElements: 25,
  fallbackText: 3000,
} as const;

export interface SlackRenderOptions {
  /** Adds the "Share in channel" button under results (the ephemeral copy). Default true. */
  share?: boolean;
  /** Slack user id of whoever shared the card into the channel; adds a "Shared by" context line. */
  sharedBy?: string;
  /** The kind asked for, so did-you-mean suggestions can become buttons that run the lookup. */
  lookupKind?: LookupKind;
}

/** Invisible; Slack does not read `@\u200bchannel` as a mention, and it still displays as `@channel`. */
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Escapes the three characters Slack's mrkdwn parses as control sequences, and breaks the plain
 * `@channel`, `@here` and `@everyone` that Slack turns into broadcasts in text it auto-parses (the
 * fallback `text`, and mrkdwn objects without `verbatim: true`). Applied to every piece of user or
 * source text placed in mrkdwn, so `<!channel>`, `<@U123>`, `@here` or `<https://x|y>` arrive as
 * literal text and can never ping or disguise a link.
 */
export function escapeMrkdwn(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(?=channel|here|everyone)/gi, `@${ZERO_WIDTH_SPACE}`)
    .replace(/[*~`]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, (mark) => FORMATTING_LOOKALIKES[mark] ?? mark);
}

/**
 * mrkdwn has no escape for its formatting marks (Slack's formatting reference), so in echoed text
 * they become look-alikes: "*b*" or a backtick from a user must not turn a shared card bold or code.
 * An underscore inside a word ("CARBON_API_KEY") formats nothing and stays.
 */
const FORMATTING_LOOKALIKES: Record<string, string> = { '*': '∗', _: 'ˍ', '~': '∼', '`': 'ˋ' };

/**
 * The card's own text (figures such as "< 0.001 kg" or "<1%") is not escaped piece by piece: every
 * `&`, `<` and `>` that is not an entity or one of the card's own mentions is escaped here.
 */
function escapeStray(text: string): string {
  return text
    .replace(/&(?!(?:amp|lt|gt);)/g, '&amp;')
    .replace(/<(?!@[UW][A-Z0-9]+>)/g, '&lt;')
    .replace(/(?<!<@[UW][A-Z0-9]+)>/g, '&gt;');
}

/**
 * `truncate` for text that is already escaped, and the one place Slack needs more than `truncate`:
 * a cut never leaves half an entity (`&l…`) behind, which Slack would show as literal `&l`. Every
 * `&` in escaped text starts an entity, so a trailing `&` with no `;` after it is a partial one.
 */
function truncateEscaped(text: string, max: number): string {
  const cut = truncate(text, max);
  if (cut === text || !cut.endsWith('…')) return cut;
  return `${cut.slice(0, -1).replace(/&[a-z]*$/, '')}…`;
}

/** Escapes, then shortens so that the escaped form fits `max` without cutting an entity in half. */
export function escapeFit(text: string, max: number): string {
  let keep = max;
  let escaped = escapeMrkdwn(truncate(text, keep));
  while (escaped.length > max && keep > 1) {
    // Shrink in proportion to the overshoot: entities are at most five characters per character.
    keep = Math.min(keep - 1, Math.floor((keep * max) / escaped.length));
    escaped = escapeMrkdwn(truncate(text, Math.max(keep, 1)));
  }
  return escaped.length > max ? '' : escaped;
}

/**
 * The bot's own text (help, hints), in which `code` spans are code: each span keeps its backticks
 * with only `&`, `<` and `>` escaped inside (mrkdwn formats nothing in code), and the text between
 * them is escaped as user text is, so a name quoted in a hint still cannot format or ping. An
 * unclosed backtick is text. User text inside a hint has had its backticks replaced by core.
 */
export function botMrkdwn(text: string, max = 1000): string {
  const parts = truncate(text, max).split('`');
  const closed = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  return parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeMrkdwn(part);
      if (index >= closed) return `${FORMATTING_LOOKALIKES['`']}${escapeMrkdwn(part)}`;
      return `\`${part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}\``;
    })
    .join('');
}

/** Slack user ids look like U0123ABCD or W0123ABCD; anything else is dropped, never echoed. */
function isSlackUserId(id: string): boolean {
  return /^[UW][A-Z0-9]{2,30}$/.test(id);
}

/**
 * A mrkdwn text object. `verbatim: true` turns off Slack's auto-parsing of plain `@channel`, channel
 * names and URLs in it (explicit `<@U…>` still works, for the "Shared by" credit); escapeMrkdwn
 * neutralises the same mentions again, for the fallback `text` where there is no such switch.
 */
const mrkdwn = (text: string): types.MrkdwnElement => ({
  type: 'mrkdwn',
  text: escapeStray(text),
  verbatim: true,
});

/** `text` is escaped mrkdwn; a cut to the section limit keeps entities whole. */
function section(text: string): types.SectionBlock {
  return { type: 'section', text: mrkdwn(truncateEscaped(text, SLACK_LIMITS.sectionText)) };
}

function header(text: string): types.HeaderBlock {
  const clean = text.replace(/\s+/g, ' ').trim();
  return {
    type: 'header',
    // plain_text is never parsed for mentions, so names go in unescaped and read naturally.
    text: {
      type: 'plain_text',
      text: truncate(clean === '' ? 'Unnamed' : clean, SLACK_LIMITS.headerText),
      emoji: true,
    },
  };
}

function context(parts: string[]): types.ContextBlock {
  return {
    type: 'context',
    elements: parts
      .filter((part) => part !== '')
      .slice(0, SLACK_LIMITS.contextElements)
      .map((part) => mrkdwn(truncateEscaped(part, SLACK_LIMITS.contextText))),
  };
}

function button(text: string, actionId: string, value: string, primary = false): types.Button {
  return {
    type: 'button',
    text: { type: 'plain_text', text: truncate(text, SLACK_LIMITS.buttonText), emoji: true },
    action_id: actionId,
    value,
    ...(primary ? { style: 'primary' as const } : {}),
  };
}

function sourceContext(source: ResultView['source'], extra: string[]): types.ContextBlock {
  const label = `Source: ${escapeFit(source.label, 200)}`;
  const attribution = source.attribution === null ? '' : escapeFit(source.attribution, 1000);
  return context([label, attribution, ...extra]);
}

function matchedContext(view: ResultView): string[] {
  const parts: string[] = [];
  if (view.askedFor !== null) parts.push(`You asked for “${escapeFit(view.askedFor, 200)}”`);
  if (view.confidence !== null) parts.push(`Match confidence ${Math.round(view.confidence * 100)}%`);
  return parts;
}

function notesBlock(shown: readonly string[]): types.SectionBlock | null {
  if (shown.length === 0) return null;
  const lines: string[] = [];
  let length = 0;
  for (const note of shown) {
    const line = `• ${escapeFit(note, 500)}`;
    if (length + line.length + 1 > SLACK_LIMITS.sectionText - 20) {
      lines.push(`…and ${shown.length - lines.length} more`);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return section(`*Notes*\n${lines.join('\n')}`);
}

function productBlocks(result: ProductResult): Block[] {
  const view = resultView(result);
  const blocks: Block[] = [header(view.title)];
  blocks.push(
    section(
      `*${formatKg(result.kgCo2ePerUnit)} kg CO2e* ${unitLabel(result.unit)} · ${levelLabel(result.level)} impact: ${levelBasis('product', result.level)}\n${levelScale(result.level)}`,
    ),
  );
  blocks.push(basisContext(view));
  if (view.comparison !== null) blocks.push(section(escapeFit(view.comparison, SLACK_LIMITS.sectionText)));
  if (view.swap) {
    const swap = view.swap;
    blocks.push(
      section(
        `💡 *Lower-carbon swap:* ${escapeFit(swap.name, 300)}: ${formatFootprint(swap.kgCo2ePerUnit, swap.unit)} (${Math.round(swap.percentLower)}% lower)`,
      ),
    );
  }
  const notes = notesBlock(view.notes);
  if (notes) blocks.push(notes);
  const extra = matchedContext(view);
  if (view.category) extra.unshift(`Category: ${escapeFit(view.category, 200)}`);
  blocks.push(sourceContext(view.source, extra));
  return blocks;
}

function verdictLine(view: ResultView): string {
  if (view.verdict === null) return '';
  return `${verdictEmoji(view.verdict.value)} ${escapeFit(view.verdict.text, 1000)}`;
}

/** The figures of every dataset, under the figure. */
function basisContext(view: ResultView): types.ContextBlock {
  return context([escapeFit(view.basis, SLACK_LIMITS.contextText)]);
}

function contributorsBlock(view: ResultView): types.SectionBlock | null {
  if (view.contributors.length === 0) return null;
  const lines = view.contributors.map((contributor) => {
    const grams = contributor.grams === null ? '' : `, ${formatKg(contributor.grams)} g`;
    return `• ${escapeFit(contributor.name, 150)}: ${formatShare(contributor.share)} (${formatKg(contributor.kgCo2e)} kg CO2e${grams})`;
  });
  const rest = view.moreContributors;
  if (rest > 0) lines.push(`…and ${rest} more ingredient${rest === 1 ? '' : 's'}`);
  return section(`*Main contributors*\n${lines.join('\n')}`);
}

const SLACK_LINE_FORMAT: LineFormat = { escape: escapeFit, bold: (text) => `*${text}*` };
/** Sections for the lines: room for 60 lines of the longest kind within the 50-block limit. */
const MAX_LINE_SECTIONS = 4;

/** A computed ingredient list's lines, every one with its grams and food, then the skipped ones. */
function ingredientListBlocks(result: RecipeResult): Block[] | null {
  const list = ingredientListView(result);
  if (list === null) return null;
  const limit = SLACK_LIMITS.sectionText - 50;
  const text = (line: (typeof list.used)[number]) => ingredientLineText(line, SLACK_LINE_FORMAT);
  const chunks = packLines(`*${list.heading}*`, list.used.map(text), limit, MAX_LINE_SECTIONS);
  if (list.skipped.length > 0) {
    chunks.push(...packLines('*Skipped (not in the figure)*', list.skipped.map(text), limit, 2));
  }
  return chunks.map(section);
}

function recipeBlocks(result: RecipeResult): Block[] {
  const view = resultView(result);
  const blocks: Block[] = [header(view.title)];
  blocks.push(
    section(
      `*${formatKg(result.kgCo2ePerServing)} kg CO2e* ${unitLabel('serving')} · ${levelLabel(result.level)} impact: ${levelBasis('recipe', result.level)}\n${levelScale(result.level)}`,
    ),
  );
  blocks.push(basisContext(view), section(verdictLine(view)));
  const list = ingredientListBlocks(result);
  const contributors = list === null ? contributorsBlock(view) : null;
  if (contributors) blocks.push(contributors);
  if (list) blocks.push(...list);
  const notes = notesBlock(view.notes);
  if (notes) blocks.push(notes);
  blocks.push(sourceContext(view.source, matchedContext(view)));
  return blocks;
}

function resultFallback(result: LookupResult): string {
  const value =
    result.kind === 'product'
      ? formatFootprint(result.kgCo2ePerUnit, result.unit)
      : formatFootprint(result.kgCo2ePerServing, 'serving');
  return `${escapeFit(result.name, 200)}: ${value} (${result.level} impact)`;
}

function helpBlocks(help: HelpView): Block[] {
  const blocks: Block[] = [header('Carbon footprints of food')];
  if (help.hint) blocks.push(section(`⚠️ ${botMrkdwn(help.hint)}`));
  blocks.push(
    section(
      help.usage
        .map(
          (line) =>
            `${botMrkdwn(`\`${line.command.replaceAll('`', "'")}\``)}: ${botMrkdwn(line.description)}`,
        )
        .join('\n'),
    ),
  );
  blocks.push(context([botMrkdwn(help.footer)]));
  return blocks;
}

function errorBlocks(error: ErrorView, kind: LookupKind | undefined): Block[] {
  const lines = [`⚠️ ${escapeFit(error.text, 1000)}`];
  if (error.hint) lines.push(botMrkdwn(error.hint));
  const suggestions = error.suggestions.filter((name) => name.trim() !== '').slice(0, MAX_SUGGESTIONS);
  if (suggestions.length > 0) lines.push(suggestions.map((name) => `• ${escapeFit(name, 200)}`).join('\n'));
  const blocks: Block[] = [section(lines.join('\n'))];
  if (kind !== undefined) {
    const buttons = suggestions.flatMap((name, index) => {
      const value = encodeLookupButton(kind, name);
      return value === null ? [] : [button(name, `${SUGGESTION_ACTION_PREFIX}${index}`, value)];
    });
    if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  }
  return blocks;
}

/**
 * The Slack card for any reply. Pure; holds Block Kit's limits whatever the input, and escapes
 * every piece of user or source text placed in mrkdwn.
 */
export function renderSlack(
  reply: Reply,
  options: SlackRenderOptions = {},
): { text: string; blocks: Block[] } {
  let text: string;
  let blocks: Block[];
  switch (reply.type) {
    case 'result': {
      const result = reply.result;
      blocks = result.kind === 'product' ? productBlocks(result) : recipeBlocks(result);
      text = resultFallback(result);
      if (options.share !== false) {
        // A computed list is shared by computing its lines again: its query is only a summary.
        const shareQuery = ingredientListView(result)?.asText ?? result.query;
        const value = encodeLookupButton(result.kind, shareQuery);
        if (value !== null) {
          blocks.push({
            type: 'actions',
            elements: [button('Share in channel', SHARE_ACTION_ID, value, true)],
          });
        }
      }
      break;
    }
    case 'help':
      blocks = helpBlocks(reply.help);
      text = reply.help.hint ? botMrkdwn(reply.help.hint) : 'How to use /carbon';
      break;
    case 'error':
      blocks = errorBlocks(reply.error, options.lookupKind);
      text = escapeFit(reply.error.text, 1000);
      break;
  }
  if (options.sharedBy !== undefined && isSlackUserId(options.sharedBy)) {
    // The one deliberate mention: the sharer, built from the interaction's user id, never from text.
    blocks.push(context([`Shared by <@${options.sharedBy}>`]));
  }
  return {
    text: truncateEscaped(escapeStray(text), SLACK_LIMITS.fallbackText),
    blocks: blocks.slice(0, SLACK_LIMITS.blocks),
  };
}
