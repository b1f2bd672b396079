import type { Logger } from 'pino';
import { z } from 'zod';
import { InvalidInputError } from '../../core/errors.js';
import { toErrorView } from '../../core/messages.js';
import { EmbedSchema, sharedMessage, sharedNotice } from '../../render/discord.js';
import { LIST_SHARE_CUSTOM_ID } from '../../render/discord-custom-ids.js';
import { errorMessage, postShared } from './channels.js';
import type { InteractionOutcome } from './outcome.js';
import { CallbackType, type Interaction } from './payloads.js';

/**
 * Share for a card that cannot be computed again from its button (a computed ingredient list: the
 * list is longer than a custom_id). Discord sends the message the button is on with the click, so
 * its card is posted publicly as it is (every embed limit enforced again by sharedMessage), and the
 * private copy becomes the "shared" notice. Nothing is looked up, so nothing waits in the pipeline.
 */
export function shareCard(interaction: Interaction, logger: Logger): InteractionOutcome {
  const userId = interaction.member?.user.id ?? interaction.user?.id ?? '';
  const embeds = z.array(EmbedSchema).safeParse(interaction.message?.embeds ?? []);
  const context = { interaction: interaction.id, share: 'card' };
  if (!embeds.success || embeds.data.length === 0) {
    logger.warn(context, 'share button on a message without a readable card');
    return {
      response: {
        type: CallbackType.ChannelMessageWithSource,
        data: errorMessage(toErrorView(new InvalidInputError('the message has no card to share'))),
      },
    };
  }
  const shared = sharedMessage(embeds.data, userId);
  return {
    response: { type: CallbackType.UpdateMessage, data: sharedNotice() },
    after: async (rest) => {
      await postShared(rest, interaction, shared, LIST_SHARE_CUSTOM_ID, false, logger, context);
    },
  };
}
