import type { Logger } from 'pino';
import type { AnswerPrimitives, Posted, SharePrimitives } from '../../core/intents.js';
import type { ErrorView } from '../../core/messages.js';
import {
  type DiscordMessage,
  EPHEMERAL_FLAG,
  renderDiscord,
  sharedNotice,
  shareFailedMessage,
} from '../../render/discord.js';
import type { FirstResponse } from './first-response.js';
import { CallbackType, type Interaction } from './payloads.js';
import type { DiscordRest } from './rest.js';

/**
 * Discord's primitives for core's intents (src/core/intents.ts): how a reply, a deferral, a late
 * answer, a public post and a failure are sent. No lifecycle here, only Discord's protocol.
 */

/** The last resort when even the error view cannot be rendered: the view laid out by hand. */
export function plainErrorMessage(view: ErrorView): DiscordMessage {
  return {
    content: `⚠️ ${[view.text, view.hint].filter(Boolean).join(' ')}`,
    embeds: [],
    components: [],
    flags: EPHEMERAL_FLAG,
    allowed_mentions: { parse: [] },
  };
}

export function errorMessage(view: ErrorView): DiscordMessage {
  try {
    return renderDiscord({ type: 'error', error: view });
  } catch {
    return plainErrorMessage(view);
  }
}

/**
 * A command's answer on Discord: an ephemeral message (type 4), or "thinking…" (type 5) replaced by
 * the answer once it is ready; a failure after the deferral is a follow-up.
 */
export function answerPrimitives(
  first: FirstResponse,
  interaction: Interaction,
  logger: Logger,
): AnswerPrimitives<DiscordMessage> {
  return {
    async reply(message) {
      await first.send({ type: CallbackType.ChannelMessageWithSource, data: message });
    },
    async defer() {
      await first.send({
        type: CallbackType.DeferredChannelMessageWithSource,
        data: { flags: EPHEMERAL_FLAG },
      });
    },
    async deliver(message) {
      await replaceThinking(await first.rest(), interaction, message, logger);
    },
    async notify(message) {
      // A follow-up first: after a deferral it takes the place of "thinking…", and it is a
      // different route from the edit that may just have failed.
      const rest = await first.rest();
      try {
        await rest.followUp(interaction.application_id, interaction.token, message);
      } catch (error) {
        logger.warn(
          { err: error, interaction: interaction.id },
          'could not follow up with the error; editing',
        );
        const { flags: _flags, ...edit } = message;
        await rest.editOriginal(interaction.application_id, interaction.token, edit);
      }
    },
  };
}

/**
 * Replaces the "thinking…" message of an ephemeral deferral. When the edit fails, the message goes
 * out as a follow-up (the first follow-up after a deferral takes the place of the loading
 * message); when that fails too, this throws and the pipeline sends the failure notice.
 */
export async function replaceThinking(
  rest: DiscordRest,
  interaction: Interaction,
  message: DiscordMessage,
  logger: Logger,
): Promise<void> {
  // Ephemerality was fixed by the deferral; an edit cannot change it.
  const { flags: _flags, ...edit } = message;
  try {
    await rest.editOriginal(interaction.application_id, interaction.token, edit);
    return;
  } catch (error) {
    logger.warn(
      { err: error, interaction: interaction.id },
      'could not edit the deferred Discord reply; following up',
    );
  }
  await rest.followUp(interaction.application_id, interaction.token, { ...message, flags: EPHEMERAL_FLAG });
}

/**
 * The Share button. The answer is worked out again (as on Slack) and posted publicly as a follow-up
 * through the button's own interaction token; the private copy becomes a "shared" notice, in the
 * response itself (type 7) when the answer is quick, or by an edit after a deferred update (type 6).
 * An answer that cannot be shared goes to the user alone; the private copy stays.
 */
export function sharePrimitives(
  first: FirstResponse,
  interaction: Interaction,
  customId: string,
  logger: Logger,
  context: Record<string, unknown>,
): SharePrimitives<DiscordMessage> {
  return {
    async reply(message) {
      await first.send({ type: CallbackType.ChannelMessageWithSource, data: message });
    },
    async defer() {
      await first.send({ type: CallbackType.DeferredMessageUpdate });
    },
    async post(message, isFirst) {
      if (isFirst) {
        const rest = await first.send({ type: CallbackType.UpdateMessage, data: sharedNotice() });
        return postShared(rest, interaction, message, customId, false, logger, context);
      }
      return postShared(await first.rest(), interaction, message, customId, true, logger, context);
    },
    async followUp(message) {
      const rest = await first.rest();
      await rest.followUp(interaction.application_id, interaction.token, message);
    },
  };
}

/** A message's link, as Discord's clients build it ("Copy Message Link"): server (or @me), channel, message. */
export function messageLink(interaction: Interaction, messageId: string | null): string | null {
  const channel = interaction.channel?.id ?? interaction.channel_id;
  if (messageId === null || channel === undefined) return null;
  return `https://discord.com/channels/${interaction.guild_id ?? '@me'}/${channel}/${messageId}`;
}

/**
 * Posts the public copy; resolves with its link. When that fails, the private copy (already
 * replaced by the notice, or still the card) gets its card and button back with a line saying
 * sharing failed, and this resolves with null.
 */
export async function postShared(
  rest: DiscordRest,
  interaction: Interaction,
  shared: DiscordMessage,
  customId: string,
  showNotice: boolean,
  logger: Logger,
  context: Record<string, unknown>,
): Promise<Posted> {
  const { application_id: app, token } = interaction;
  let posted: Posted;
  try {
    posted = { link: messageLink(interaction, await rest.followUp(app, token, shared)) };
  } catch (error) {
    logger.warn({ err: error, ...context }, 'could not post a shared Discord answer');
    try {
      await rest.editOriginal(app, token, shareFailedMessage(shared.embeds, customId));
    } catch (editError) {
      logger.warn({ err: editError, ...context }, 'could not tell the user that sharing failed');
    }
    return null;
  }
  if (!showNotice) return posted;
  try {
    await rest.editOriginal(app, token, sharedNotice());
  } catch (error) {
    // Not essential: the public copy is out, the private one merely stays as it was.
    logger.info({ err: error, ...context }, 'could not mark the private copy as shared');
  }
  return posted;
}
