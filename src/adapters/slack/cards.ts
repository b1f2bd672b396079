import type { Logger } from 'pino';
import type { ChatCompareReply } from '../../compare/chat.js';
import type { Answer } from '../../core/commands/answer.js';
import type { ComparisonPlace, RecentComparisons } from '../../core/commands/recent-comparisons.js';
import type { LookupKind } from '../../core/errors.js';
import type { Layout } from '../../core/intents.js';
import { renderCompareSlack, voteReactions } from '../../render/compare-slack.js';
import { renderInfoSlack } from '../../render/info-slack.js';
import { type Block, renderSlack, SLACK_LIMITS } from '../../render/slack.js';
import { compareShareButton, fitsInButton, voteButton } from './compare-buttons.js';

/** A Slack message as ack, respond and chat.postMessage take it. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
  response_type?: 'ephemeral';
}

export interface SlackCardOptions {
  /** The private copy: a Share button (results, ranked comparisons). */
  share?: boolean;
  /** The public copy: who shared it (a Slack user id), and "Put to a vote" on a comparison. */
  sharedBy?: string;
  /** The kind looked up, so did-you-mean suggestions become buttons that run the lookup. */
  lookupKind?: LookupKind;
  /** The id a comparison too long for its Share button is kept under (allocated before laying out). */
  storedId?: string;
}

/** The comparison card with the buttons this copy needs, within Block Kit's 50 blocks. */
export function compareCard(reply: ChatCompareReply, options: SlackCardOptions = {}): SlackMessage {
  const card = renderCompareSlack(reply);
  if (reply.type !== 'compare' || reply.result.status !== 'ranked') return card;
  const extra: Block[] = [];
  if (options.sharedBy !== undefined && /^[UW][A-Z0-9]{2,30}$/.test(options.sharedBy)) {
    // The one deliberate mention: built from the interaction's user id, never from text.
    extra.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Shared by <@${options.sharedBy}>` }] });
    extra.push({ type: 'actions', elements: [voteButton(voteReactions(reply.result))] });
  } else if (options.share === true) {
    const button = compareShareButton(reply.request, options.storedId);
    if (button !== null) extra.push({ type: 'actions', elements: [button] });
  }
  return { text: card.text, blocks: [...card.blocks.slice(0, SLACK_LIMITS.blocks - extra.length), ...extra] };
}

/** Any answer as a Slack card. Pure: the buttons' values are the requests to run again. */
export function slackCard(answer: Answer, options: SlackCardOptions = {}): SlackMessage {
  switch (answer.type) {
    case 'compare':
      return compareCard(answer, options);
    case 'info':
      return renderInfoSlack(answer.info, options.sharedBy);
    default:
      return renderSlack(answer, {
        share: options.share ?? false,
        ...(options.sharedBy === undefined ? {} : { sharedBy: options.sharedBy }),
        ...(options.lookupKind === undefined ? {} : { lookupKind: options.lookupKind }),
      });
  }
}

/**
 * The private and public layouts of one interaction's answers, logging an answer that cannot be
 * laid out (a source bug) with its context before the pipeline falls back to the generic error.
 */
export interface SlackLayoutOptions {
  lookupKind?: LookupKind;
  sharedBy?: string;
  /** Where a comparison too long for its button is kept, and whose it is. */
  comparisons?: { recent: RecentComparisons; place: ComparisonPlace };
}

export function slackLayout(
  logger: Logger,
  context: Record<string, unknown>,
  options: SlackLayoutOptions = {},
): Layout<SlackMessage> {
  const laidOut = async (answer: Answer, card: () => SlackMessage | Promise<SlackMessage>) => {
    try {
      return await card();
    } catch (error) {
      logger.error({ err: error, ...context, replyType: answer.type }, 'could not render the Slack reply');
      throw error;
    }
  };
  /** An id for a ranked comparison whose options do not fit in its Share button, when there is a store. */
  const storedId = async (answer: Answer): Promise<string | undefined> => {
    const { comparisons } = options;
    if (answer.type !== 'compare' || answer.result.status !== 'ranked' || comparisons === undefined) return;
    if (fitsInButton(answer.request)) return;
    return comparisons.recent.put(answer.request, comparisons.place);
  };
  return {
    privately: (answer) =>
      laidOut(answer, async () => {
        const id = await storedId(answer);
        return {
          response_type: 'ephemeral',
          ...slackCard(answer, {
            share: true,
            ...(options.lookupKind && { lookupKind: options.lookupKind }),
            ...(id === undefined ? {} : { storedId: id }),
          }),
        };
      }),
    publicly: (answer) =>
      laidOut(answer, () =>
        slackCard(answer, options.sharedBy === undefined ? {} : { sharedBy: options.sharedBy }),
      ),
  };
}
