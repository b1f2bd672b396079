import type { RESTAPIPoll } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ChatCompareHandlers, ChatCompareReply, ComparisonRequest } from '../../compare/chat.js';
import type { CompareResult } from '../../compare/model.js';
import type { ReplyChannel, RequestHandler } from '../../core/pipeline.js';
import { pollAnswers, pollQuestion, renderCompareDiscord } from '../../render/compare-discord.js';
import {
  type DiscordButton,
  type DiscordMessage,
  EPHEMERAL_FLAG,
  sharedMessage,
  sharedNotice,
} from '../../render/discord.js';
import { messageChannel } from './channels.js';
import type { FirstResponse } from './first-response.js';
import type { InteractionOutcome } from './handler.js';
import { CallbackType, type Interaction, type TopOption } from './payloads.js';
import { compareCustomId, parseCompareCustomId, RecentComparisons } from './recent-comparisons.js';

/**
 * Comparisons on Discord: `/carbon compare options:…`, the "Rate this menu" message command (type 3),
 * Share on a comparison and "Put to a vote" on the shared copy (a native poll). Each runs a compare
 * handler through the adapter's pipeline with a ReplyChannel in Discord's terms.
 */

/** How long the poll stays open: a lunch decision, one day (Discord's default too). */
export const POLL_HOURS = 24;

/** The option of `/carbon compare` that holds the options. */
export const COMPARE_OPTION = 'options';

/** A message command's data (type 3): the target message, content included, under resolved.messages. */
const MessageCommandDataSchema = z.object({
  type: z.literal(3),
  name: z.string(),
  target_id: z.string(),
  resolved: z.object({
    // No length cap here: Discord bounds content (2,000, or 4,000 with Nitro) and the route the body
    // (64 KiB); the menu reader keeps at most ten options of 200 characters whatever it is given.
    messages: z.record(z.string(), z.object({ content: z.string().optional() })),
  }),
});

/** Runs one interaction through the pipeline (handler.ts's `through`, typed for compare replies). */
export type Through = <Request>(
  handler: RequestHandler<Request, ChatCompareReply>,
  request: Request,
  makeChannel: (first: FirstResponse) => ReplyChannel<ChatCompareReply>,
  context: Record<string, unknown>,
) => Promise<InteractionOutcome>;

export interface DiscordCompareDeps {
  logger: Logger;
  compare: ChatCompareHandlers;
  through: Through;
  recent?: RecentComparisons;
}

export interface DiscordCompare {
  /** `/carbon compare`. */
  command(interaction: Interaction, sub: TopOption): Promise<InteractionOutcome>;
  /** "Rate this menu", or null when the interaction is another message command. */
  rateMenu(interaction: Interaction, commandName: string): Promise<InteractionOutcome> | null;
  /** Share or vote on a comparison, or null when the button is not one of these. */
  component(
    interaction: Interaction,
    customId: string,
  ): Promise<InteractionOutcome> | InteractionOutcome | null;
}

function isRanked(reply: ChatCompareReply): reply is Extract<ChatCompareReply, { type: 'compare' }> {
  return reply.type === 'compare' && reply.result.status === 'ranked';
}

function button(label: string, customId: string): DiscordButton {
  return { type: 2, style: 2, label, custom_id: customId };
}

/** The poll a shared comparison becomes: one answer per option, lowest first, each with its figure. */
export function pollMessage(result: CompareResult): DiscordMessage & { poll: RESTAPIPoll } {
  return {
    content: '🗳️ Vote: the options, lowest carbon first.',
    embeds: [],
    components: [],
    allowed_mentions: { parse: [] },
    poll: {
      question: { text: pollQuestion(result) },
      answers: pollAnswers(result).map((text) => ({ poll_media: { text } })),
      duration: POLL_HOURS,
      allow_multiselect: false,
    },
  };
}

function expiredMessage(): DiscordMessage {
  return {
    content:
      '⚠️ That comparison has expired (it is over a day old, or I restarted since). Run `/carbon compare` again.',
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

export function createDiscordCompare(deps: DiscordCompareDeps): DiscordCompare {
  const { logger, compare, through } = deps;
  const recent = deps.recent ?? new RecentComparisons();

  /** The private answer: the comparison, and Share when it ranked options. */
  const privately = (reply: ChatCompareReply): DiscordMessage => {
    const message = renderCompareDiscord(reply);
    if (!isRanked(reply)) return message;
    const share = compareCustomId('share', recent.put(reply.request));
    return { ...message, components: [{ type: 1, components: [button('Share in channel', share)] }] };
  };

  /** A command's answer: ephemeral, or "thinking…" replaced by it. */
  const privateChannel =
    (interaction: Interaction, context: Record<string, unknown>) =>
    (first: FirstResponse): ReplyChannel<ChatCompareReply> =>
      messageChannel<ChatCompareReply>(first, interaction, logger, context, privately);

  /** Share: the comparison again, posted publicly with "Put to a vote"; the private copy says so. */
  const shareChannel =
    (interaction: Interaction, sharedBy: string, context: Record<string, unknown>) =>
    (first: FirstResponse): ReplyChannel<ChatCompareReply> => {
      const base = messageChannel(first, interaction, logger, context);
      const publicly = (reply: Extract<ChatCompareReply, { type: 'compare' }>): DiscordMessage => {
        const { embeds } = renderCompareDiscord(reply, { ephemeral: false });
        const vote = compareCustomId('vote', recent.put(reply.request));
        return {
          ...sharedMessage(embeds, sharedBy),
          components: [{ type: 1, components: [button('Put to a vote', vote)] }],
        };
      };
      const post = async (reply: Extract<ChatCompareReply, { type: 'compare' }>, markShared: boolean) => {
        const rest = await first.rest();
        try {
          await rest.followUp(interaction.application_id, interaction.token, publicly(reply));
        } catch (error) {
          logger.warn({ err: error, ...context }, 'could not post a shared Discord comparison');
          await rest
            .followUp(interaction.application_id, interaction.token, {
              content: '⚠️ Sharing failed on Discord’s side. Try again in a moment.',
              embeds: [],
              components: [],
              flags: EPHEMERAL_FLAG,
              allowed_mentions: { parse: [] },
            })
            .catch(() => undefined);
          return;
        }
        if (markShared)
          await rest
            .editOriginal(interaction.application_id, interaction.token, sharedNotice())
            .catch((error: unknown) =>
              logger.info({ err: error, ...context }, 'could not mark the private copy as shared'),
            );
      };
      return {
        answerNow: async (reply) => {
          if (!isRanked(reply)) {
            await first.send({ type: CallbackType.ChannelMessageWithSource, data: privately(reply) });
            return;
          }
          await first.send({ type: CallbackType.UpdateMessage, data: sharedNotice() });
          await post(reply, false);
        },
        acknowledge: async () => {
          await first.send({ type: CallbackType.DeferredMessageUpdate });
        },
        deliverLater: async (reply) => {
          if (!isRanked(reply)) {
            const rest = await first.rest();
            await rest.followUp(interaction.application_id, interaction.token, privately(reply));
            return;
          }
          await post(reply, true);
        },
        deliverFailure: (view) => base.deliverFailure(view),
      };
    };

  /** The vote: a public message with the poll, or (deferred) the public "thinking…" edited into it. */
  const voteChannel =
    (interaction: Interaction, context: Record<string, unknown>) =>
    (first: FirstResponse): ReplyChannel<ChatCompareReply> => {
      const base = messageChannel(first, interaction, logger, context);
      const message = (reply: ChatCompareReply): DiscordMessage =>
        isRanked(reply) ? pollMessage(reply.result) : { ...renderCompareDiscord(reply), flags: 0 };
      return {
        answerNow: async (reply) => {
          const data = isRanked(reply) ? message(reply) : renderCompareDiscord(reply);
          await first.send({ type: CallbackType.ChannelMessageWithSource, data });
        },
        // Public: a poll can be added when editing a deferred response, and the poll is for everyone.
        acknowledge: async () => {
          await first.send({ type: CallbackType.DeferredChannelMessageWithSource });
        },
        deliverLater: async (reply) => {
          const { flags: _flags, ...edit } = message(reply);
          await (await first.rest()).editOriginal(interaction.application_id, interaction.token, edit);
        },
        deliverFailure: (view) => base.deliverFailure(view),
      };
    };

  return {
    command(interaction, sub) {
      const raw = sub.options?.find((option) => option.name === COMPARE_OPTION)?.value;
      const context = { interaction: interaction.id, kind: 'compare' };
      return through(
        compare.text,
        typeof raw === 'string' ? raw : '',
        privateChannel(interaction, context),
        context,
      );
    },
    rateMenu(interaction, commandName) {
      const data = MessageCommandDataSchema.safeParse(interaction.data);
      if (!data.success || data.data.name !== commandName) return null;
      const content = data.data.resolved.messages[data.data.target_id]?.content ?? '';
      const context = { interaction: interaction.id, kind: 'compare', stage: 'rate menu' };
      return through(compare.menu, content, privateChannel(interaction, context), context);
    },
    component(interaction, customId) {
      const parsed = parseCompareCustomId(customId);
      if (parsed === null) return null;
      const request: ComparisonRequest | null = recent.get(parsed.id);
      if (request === null) {
        logger.info({ interaction: interaction.id, action: parsed.action }, 'comparison button expired');
        return { response: { type: CallbackType.ChannelMessageWithSource, data: expiredMessage() } };
      }
      const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
      const context = { interaction: interaction.id, kind: 'compare', stage: parsed.action };
      const channel =
        parsed.action === 'share'
          ? shareChannel(interaction, userId, context)
          : voteChannel(interaction, context);
      return through(compare.again, request, channel, context);
    },
  };
}
