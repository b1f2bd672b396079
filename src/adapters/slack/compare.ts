import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  MessageShortcut,
  RespondArguments,
  SlackCommandMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
} from '@slack/bolt';
import type { Logger } from 'pino';
import type { ChatCompareHandlers, ChatCompareReply } from '../../compare/chat.js';
import type { ErrorReply, InteractionPipeline, ReplyChannel } from '../../core/pipeline.js';
import { renderCompareSlack, voteReactions } from '../../render/compare-slack.js';
import { type Block, SLACK_LIMITS } from '../../render/slack.js';
import {
  COMPARE_SHARE_ACTION_ID,
  compareShareButton,
  decodeCompareShare,
  RATE_MENU_CALLBACK_ID,
  voteButton,
} from './compare-buttons.js';
import { ackOnce, deliver, postToChannel } from './reply.js';

/**
 * Comparisons on Slack: `/carbon compare …` (handed over by the slash command listener), the
 * "Rate this menu" message shortcut, and Share on a comparison. Each builds a ReplyChannel and runs
 * a compare handler through the adapter's pipeline, like lookups. The vote is in vote.ts.
 */

export interface SlackCompareDeps {
  logger: Logger;
  pipeline: InteractionPipeline;
  compare: ChatCompareHandlers;
}

/** The text after `compare` when the command is a comparison, else null. */
export function compareCommandText(text: string): string | null {
  const match = /^\s*compare(?:\s+|$)/i.exec(text);
  return match ? text.slice(match[0].length) : null;
}

export interface CompareCardOptions {
  /** The private copy: a Share button carrying the options. */
  share?: boolean;
  /** The public copy: who shared it, and a "Put to a vote" button. */
  sharedBy?: string;
}

/** The comparison card with the buttons this copy needs, within Block Kit's 50 blocks. */
export function compareCard(
  reply: ChatCompareReply,
  options: CompareCardOptions = {},
): { text: string; blocks: Block[] } {
  const card = renderCompareSlack(reply);
  if (reply.type !== 'compare' || reply.result.status !== 'ranked') return card;
  const extra: Block[] = [];
  if (options.sharedBy !== undefined && /^[UW][A-Z0-9]{2,30}$/.test(options.sharedBy)) {
    // The one deliberate mention: built from the interaction's user id, never from text.
    extra.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Shared by <@${options.sharedBy}>` }] });
    extra.push({ type: 'actions', elements: [voteButton(voteReactions(reply.result))] });
  } else if (options.share === true) {
    const button = compareShareButton(reply.request);
    if (button !== null) extra.push({ type: 'actions', elements: [button] });
  }
  return { text: card.text, blocks: [...card.blocks.slice(0, SLACK_LIMITS.blocks - extra.length), ...extra] };
}

function privateCard(
  reply: ChatCompareReply | ErrorReply,
  logger: Logger,
  context: object,
): RespondArguments {
  try {
    return { response_type: 'ephemeral', ...compareCard(reply, { share: true }) };
  } catch (error) {
    logger.error({ err: error, ...context, replyType: reply.type }, 'could not render the Slack comparison');
    throw error;
  }
}

/** `/carbon compare …`: answered in the ack when quick, else "Comparing…" then through response_url. */
export async function runSlackCompareCommand(
  { ack, respond }: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
  text: string,
  deps: SlackCompareDeps,
): Promise<void> {
  const { logger, pipeline } = deps;
  const context = { kind: 'compare', stage: 'command' };
  const card = (reply: ChatCompareReply) => privateCard(reply, logger, context);
  const channel: ReplyChannel<ChatCompareReply> = {
    answerNow: async (reply) => ack(card(reply)),
    acknowledge: async () => ack({ response_type: 'ephemeral', text: 'Comparing…' }),
    deliverLater: (reply) => deliver(respond, card(reply), logger, 'late comparison'),
    deliverFailure: (error) => deliver(respond, card({ type: 'error', error }), logger, 'failure notice'),
  };
  await pipeline.run(deps.compare.text, text, channel, context);
}

/** Share on a comparison and the "Rate this menu" shortcut. */
export function registerSlackCompare(app: App, deps: SlackCompareDeps): void {
  const { logger, pipeline } = deps;

  app.shortcut<MessageShortcut>(
    { callback_id: RATE_MENU_CALLBACK_ID, type: 'message_action' },
    async (args: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs) => {
      const { shortcut, respond } = args;
      const ack = ackOnce(() => args.ack());
      const text = typeof shortcut.message.text === 'string' ? shortcut.message.text : '';
      const context = { kind: 'compare', stage: 'rate menu', lines: text.split('\n').length };
      // A shortcut's ack carries nothing: the answer always goes through its response_url,
      // ephemeral, so only the person who asked sees it.
      const privately = async (reply: ChatCompareReply) =>
        deliver(respond, privateCard(reply, logger, context), logger, 'menu rating');
      const channel: ReplyChannel<ChatCompareReply> = {
        answerNow: async (reply) => {
          await ack();
          await privately(reply);
        },
        acknowledge: ack,
        deliverLater: privately,
        deliverFailure: (error) => privately({ type: 'error', error }),
      };
      await pipeline.run(deps.compare.menu, text, channel, context);
    },
  );

  app.action<BlockAction<ButtonAction>>(COMPARE_SHARE_ACTION_ID, async (args) => {
    const { body, action, client, respond } = args;
    const ack = ackOnce(() => args.ack());
    const request = decodeCompareShare(action.value);
    const channelId = body.channel?.id ?? body.container?.channel_id;
    if (request === null || typeof channelId !== 'string') {
      await ack();
      logger.warn(
        { hasValue: request !== null, hasChannel: channelId !== undefined },
        'compare share button without usable payload',
      );
      return;
    }
    const context = { kind: 'compare', stage: 'share' };
    const privately = (message: RespondArguments, what: string) =>
      deliver(respond, { ...message, replace_original: false }, logger, what);
    // Run again rather than copied, as a lookup's Share: the post is current.
    const share = async (reply: ChatCompareReply) => {
      if (reply.type !== 'compare' || reply.result.status !== 'ranked') {
        await privately(privateCard(reply, logger, context), 'compare share error');
        return;
      }
      const card = compareCard(reply, { sharedBy: body.user.id });
      await postToChannel({ client, respond, channelId, logger, context }, card);
    };
    const channel: ReplyChannel<ChatCompareReply> = {
      answerNow: async (reply) => {
        await ack();
        await share(reply);
      },
      acknowledge: ack,
      deliverLater: share,
      deliverFailure: (error) =>
        privately(privateCard({ type: 'error', error }, logger, context), 'share failure'),
    };
    await pipeline.run(deps.compare.again, request, channel, context);
  });
}
