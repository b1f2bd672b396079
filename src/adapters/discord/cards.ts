import type { Logger } from 'pino';
import type { Answer } from '../../core/commands/answer.js';
import type { RecentComparisons } from '../../core/commands/recent-comparisons.js';
import type { Layout } from '../../core/intents.js';
import type { InteractionOrigin } from '../../core/interaction.js';
import { renderCompareDiscord } from '../../render/compare-discord.js';
import {
  type DiscordButton,
  type DiscordMessage,
  renderDiscord,
  sharedMessage,
} from '../../render/discord.js';
import { renderInfoDiscord } from '../../render/info-discord.js';
import { compareCustomId } from './comparison-ids.js';

function button(label: string, customId: string): DiscordButton {
  return { type: 2, style: 2, label, custom_id: customId };
}

/**
 * The private and public layouts of one interaction's answers. A comparison's buttons carry an id
 * of the state store (its options do not fit a custom_id): the id is allocated here, before the
 * pure renderer lays the card out. An answer that cannot be laid out (a source bug) is logged with
 * its context before the pipeline falls back to the generic error.
 */
export function discordLayout(
  recent: RecentComparisons,
  origin: Pick<InteractionOrigin, 'platform' | 'workspaceId'>,
  logger: Logger,
  context: Record<string, unknown>,
  sharedBy = '',
): Layout<DiscordMessage> {
  const laidOut = async (answer: Answer, card: () => Promise<DiscordMessage>): Promise<DiscordMessage> => {
    try {
      return await card();
    } catch (error) {
      logger.error(
        { err: error, ...context, reply: answer.type },
        'could not render a Discord reply; answering with an error',
      );
      throw error;
    }
  };
  return {
    privately: (answer) =>
      laidOut(answer, async () => {
        if (answer.type === 'info') return renderInfoDiscord(answer.info);
        if (answer.type !== 'compare') return renderDiscord(answer);
        const message = renderCompareDiscord(answer);
        if (answer.result.status !== 'ranked') return message;
        const share = compareCustomId('share', await recent.put(answer.request, origin));
        return { ...message, components: [{ type: 1, components: [button('Share in channel', share)] }] };
      }),
    publicly: (answer) =>
      laidOut(answer, async () => {
        if (answer.type === 'info') return renderInfoDiscord(answer.info, { sharedBy });
        if (answer.type !== 'compare') return renderDiscord(answer, { mode: { sharedBy } });
        const { embeds } = renderCompareDiscord(answer, { ephemeral: false });
        if (answer.result.status !== 'ranked') return sharedMessage(embeds, sharedBy);
        const vote = compareCustomId('vote', await recent.put(answer.request, origin));
        return {
          ...sharedMessage(embeds, sharedBy),
          components: [{ type: 1, components: [button('Put to a vote', vote)] }],
        };
      }),
  };
}
