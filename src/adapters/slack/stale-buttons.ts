import type { App, BlockAction, ButtonAction, RespondFn } from '@slack/bolt';
import type { Logger } from 'pino';
import { SHARE_ACTION_ID, SUGGESTION_ACTION_PREFIX } from '../../render/slack-buttons.js';
import { COMPARE_SHARE_ACTION_ID, COMPARE_VOTE_ACTION_ID } from './compare-buttons.js';
import { describeSlackError } from './reply.js';

/**
 * Buttons the bot can no longer act on: a comparison kept in the store past its day, a value an
 * older release wrote, an action_id no release of this one has. Each press is acknowledged and told
 * so privately in one line, as Discord's expired comparison is, rather than left without an answer
 * (Slack shows the button as failed, and an unknown action_id was not even acknowledged: Slack got a
 * 404 after 3 s and the log an error).
 */

export const EXPIRED_COMPARISON_TEXT =
  '⚠️ That comparison has expired (it is over a day old). Run `/carbon compare` again.';
export const STALE_BUTTON_TEXT =
  '⚠️ That button no longer works: it is from an older version of the bot. Run the command again.';

/** Tells the presser privately; a failure to tell is logged, never thrown (the press is acknowledged). */
export async function tellStaleButton(respond: RespondFn, text: string, logger: Logger): Promise<void> {
  try {
    await respond({ response_type: 'ephemeral', replace_original: false, text });
  } catch (error) {
    logger.warn({ ...describeSlackError(error) }, 'could not answer a stale button');
  }
}

/** The action_ids this release's buttons carry; every listener for them is registered elsewhere. */
const KNOWN_ACTIONS = [
  SHARE_ACTION_ID,
  COMPARE_SHARE_ACTION_ID,
  COMPARE_VOTE_ACTION_ID,
  `${SUGGESTION_ACTION_PREFIX}\\d+`,
];

/** Any action_id but the known ones (each matched whole). */
export const UNKNOWN_ACTION = new RegExp(`^(?!(?:${KNOWN_ACTIONS.join('|')})$)`);

/** A button press whose action_id this release does not know: acknowledged, and told so. */
export function registerStaleButtons(app: App, logger: Logger): void {
  app.action<BlockAction<ButtonAction>>(
    { type: 'block_actions', action_id: UNKNOWN_ACTION },
    async (args) => {
      await args.ack();
      logger.info({ action: args.action.action_id.slice(0, 100) }, 'button of an unknown kind pressed');
      await tellStaleButton(args.respond, STALE_BUTTON_TEXT, logger);
    },
  );
}
