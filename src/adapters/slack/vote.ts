import type { App, BlockAction, ButtonAction, RespondArguments } from '@slack/bolt';
import type { Logger } from 'pino';
import { AlreadyDoneError } from '../../core/errors.js';
import { toErrorView } from '../../core/messages.js';
import type { AnswerOnce } from '../../core/once.js';
import type { Block } from '../../render/slack.js';
import { COMPARE_VOTE_ACTION_ID, decodeVote } from './compare-buttons.js';
import { originIn } from './origin.js';
import { describeSlackError } from './reply.js';
import { STALE_BUTTON_TEXT, tellStaleButton } from './stale-buttons.js';

/**
 * "Put to a vote" on a shared comparison: the bot adds one numbered reaction per option (":one:" is
 * option 1) to its own message with reactions.add (scope reactions:write), then swaps the button for
 * a line saying how to vote. It reads no one's reactions: the count is there for everyone to see.
 * No lookup runs, so this is not a pipeline request: the click is acked at once and Slack's Web API
 * calls follow.
 */

/** Errors after which the rest of the reactions cannot be added either. */
const FATAL = new Set([
  'not_in_channel',
  'channel_not_found',
  'message_not_found',
  'is_archived',
  'missing_scope',
]);

export function voteFailureText(code: string | null): string {
  switch (code) {
    case 'missing_scope':
      return '⚠️ I can’t add reactions here: the app lacks the `reactions:write` scope. Ask an admin to reinstall it.';
    case 'not_in_channel':
    case 'channel_not_found':
      return '⚠️ I can’t react in this conversation because I’m not a member of it. Invite me with `/invite @Carbon`.';
    case 'message_not_found':
      return '⚠️ That comparison is gone, so there is nothing to vote on.';
    case 'is_archived':
      return '⚠️ This channel is archived, so nothing can be added to it.';
    default:
      return '⚠️ Starting the vote failed on Slack’s side. Try again in a moment.';
  }
}

export function registerSlackVote(app: App, logger: Logger, once?: AnswerOnce): void {
  app.action<BlockAction<ButtonAction>>(
    COMPARE_VOTE_ACTION_ID,
    async ({ ack, body, action, client, respond, context }) => {
      await ack();
      const reactions = decodeVote(action.value);
      const channel = body.channel?.id ?? body.container?.channel_id;
      const ts = body.container?.message_ts ?? body.message?.ts;
      if (reactions === null || typeof channel !== 'string' || typeof ts !== 'string') {
        logger.warn(
          { hasValue: reactions !== null, hasChannel: channel !== undefined },
          'vote button without usable payload',
        );
        await tellStaleButton(respond, STALE_BUTTON_TEXT, logger);
        return;
      }
      const privately = (text: string) =>
        respond({
          response_type: 'ephemeral',
          replace_original: false,
          text,
        } satisfies RespondArguments).catch((error: unknown) =>
          logger.warn(describeSlackError(error), 'could not tell the user about the vote'),
        );
      // One vote per shared comparison: its message. A second press (anyone's, on any replica) is
      // told the vote is on, instead of adding the reactions again.
      const origin = originIn(context);
      const publication =
        once === undefined || origin === undefined
          ? null
          : await once.publication('vote', origin, { message: ts });
      if (publication !== null && !publication.first) {
        const view = toErrorView(new AlreadyDoneError('vote', publication.link));
        await privately(`🗳️ ${view.text} ${view.hint ?? ''}`.trim());
        return;
      }
      // In order, one at a time: reactions show in the order they were added, so :one: comes first.
      for (const name of reactions) {
        try {
          await client.reactions.add({ channel, timestamp: ts, name });
        } catch (error) {
          const { code, message } = describeSlackError(error);
          if (code === 'already_reacted') continue; // pressed twice: that reaction is there already
          logger.warn({ code, message, reaction: name }, 'could not add a vote reaction');
          if (FATAL.has(code ?? '') || code === null) {
            await publication?.failed();
            await privately(voteFailureText(code));
            return;
          }
        }
      }
      const blocks = (body.message?.blocks ?? []) as Block[];
      const numbers = reactions.map((name) => `:${name}:`).join(' ');
      const updated: Block[] = [
        ...blocks.filter(
          (block) =>
            !(
              block.type === 'actions' &&
              block.elements.some(
                (element) => 'action_id' in element && element.action_id === COMPARE_VOTE_ACTION_ID,
              )
            ),
        ),
        {
          type: 'context',
          elements: [
            {
              type: 'mrkdwn',
              text: `🗳️ Vote with the reactions: ${numbers} (option 1 is ${`:${reactions[0]}:`}).`,
            },
          ],
        },
      ];
      await publication?.done(null);
      // No command handler runs for the vote, so this is its one log line.
      logger.info(
        { command: 'vote', surface: 'slack', outcome: 'answered', options: reactions.length },
        'vote opened',
      );
      try {
        await client.chat.update({ channel, ts, text: body.message?.text ?? 'Vote', blocks: updated });
      } catch (error) {
        // The reactions are there; only the button stays.
        logger.info(describeSlackError(error), 'could not replace the vote button');
      }
    },
  );
}
