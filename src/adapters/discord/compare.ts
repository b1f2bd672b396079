import type { RESTAPIPoll } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import type { CompareResult } from '../../compare/model.js';
import type { Answer } from '../../core/commands/answer.js';
import { toErrorView } from '../../core/messages.js';
import type { ReplyChannel } from '../../core/pipeline.js';
import { pollAnswers, pollQuestion, renderCompareDiscord } from '../../render/compare-discord.js';
import { type DiscordMessage, EPHEMERAL_FLAG } from '../../render/discord.js';
import { answerPrimitives, errorMessage } from './channels.js';
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

export function expiredMessage(): DiscordMessage {
  return {
    content:
      '⚠️ That comparison has expired (it is over a day old, or I restarted since). Run `/carbon compare` again.',
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

/** The vote: a public message with the poll, or (deferred) the public "thinking…" edited into it. */
export function voteChannel(
  first: FirstResponse,
  interaction: Interaction,
  logger: Logger,
): ReplyChannel<Answer> {
  const base = answerPrimitives(first, interaction, logger);
  // A vote runs a comparison again: its answer is a comparison or an error.
  const laidOut = (answer: Answer): DiscordMessage => {
    if (answer.type === 'compare') {
      return answer.result.status === 'ranked' ? pollMessage(answer.result) : renderCompareDiscord(answer);
    }
    return answer.type === 'error'
      ? errorMessage(answer.error)
      : errorMessage(toErrorView(new Error(answer.type)));
  };
  return {
    answerNow: async (answer) => {
      await first.send({ type: CallbackType.ChannelMessageWithSource, data: laidOut(answer) });
    },
    // Public: a poll can be added when editing a deferred response, and the poll is for everyone.
    acknowledge: async () => {
      await first.send({ type: CallbackType.DeferredChannelMessageWithSource });
    },
    deliverLater: async (answer) => {
      const { flags: _flags, ...edit } = laidOut(answer);
      await (await first.rest()).editOriginal(interaction.application_id, interaction.token, edit);
    },
    deliverFailure: (view) => base.notify(errorMessage(view)),
  };
}
