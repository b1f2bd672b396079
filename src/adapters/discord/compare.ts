import type { RESTAPIPoll } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import type { CompareResult } from '../../compare/model.js';
import type { Answer } from '../../core/commands/answer.js';
import type { VoteLayout, VotePrimitives } from '../../core/intents.js';
import { toErrorView } from '../../core/messages.js';
import { pollAnswers, pollQuestion, renderCompareDiscord } from '../../render/compare-discord.js';
import { type DiscordMessage, EPHEMERAL_FLAG } from '../../render/discord.js';
import { answerPrimitives, errorMessage, messageLink } from './channels.js';
import type { FirstResponse } from './first-response.js';
import { CallbackType, type Interaction } from './payloads.js';

/**
 * "Put to a vote" on a shared comparison: Discord's primitive for a vote is a native poll, posted
 * publicly. The comparison is worked out again (like Share) and becomes the poll's answers.
 */

/** How long the poll stays open: a lunch decision, one day (Discord's default too). */
export const POLL_HOURS = 24;

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

/** A button of this bot's (its custom_id starts `carbon:`) that this release cannot read: an older one's. */
export function staleButtonMessage(): DiscordMessage {
  return {
    content: '⚠️ That button no longer works: it is from an older version of the bot. Run the command again.',
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

export function expiredMessage(): DiscordMessage {
  return {
    content: '⚠️ That comparison has expired (it is over a day old). Run `/carbon compare` again.',
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

/**
 * Discord's primitives for the vote (core's putToVote): the poll is the interaction's response,
 * public, or the public "thinking…" edited into it; anything else (an error, a pointer to the vote
 * already open) is private. Where the poll went is read back, so a second press can link to it.
 */
export function votePrimitives(
  first: FirstResponse,
  interaction: Interaction,
  logger: Logger,
): VotePrimitives<DiscordMessage> {
  const base = answerPrimitives(first, interaction, logger);
  const { application_id: app, token } = interaction;
  return {
    open: async (poll) => {
      const rest = await first.send({ type: CallbackType.ChannelMessageWithSource, data: poll });
      const id = await rest.originalId(app, token).catch((error: unknown) => {
        logger.info({ err: error, interaction: interaction.id }, 'could not read where the poll went');
        return null;
      });
      return { link: messageLink(interaction, id) };
    },
    reply: base.reply,
    // Public: a poll can be added when editing a deferred response, and the poll is for everyone.
    defer: async () => {
      await first.send({ type: CallbackType.DeferredChannelMessageWithSource });
    },
    deliver: async (poll) => {
      const { flags: _flags, ...edit } = poll;
      const id = await (await first.rest()).editOriginal(app, token, edit);
      return { link: messageLink(interaction, id) };
    },
    notify: base.notify,
  };
}

/** A ranked comparison becomes the poll; anything else is shown to the presser alone. */
export const voteLayout: VoteLayout<DiscordMessage> = {
  poll: (answer) =>
    answer.type === 'compare' && answer.result.status === 'ranked' ? pollMessage(answer.result) : null,
  privately: (answer: Answer) => {
    if (answer.type === 'compare') return renderCompareDiscord(answer);
    return answer.type === 'error'
      ? errorMessage(answer.error)
      : errorMessage(toErrorView(new Error(answer.type)));
  },
};
