import type { types } from '@slack/bolt';
import { type ComparisonRequest, ComparisonRequestSchema } from '../../compare/chat.js';

/**
 * Slack's side of a comparison's buttons: Share (its value carries the options, so the comparison
 * is run again when shared, as a lookup's Share does) and "Put to a vote" on the shared copy (its
 * value carries the numbered reactions to add). Values come back from Slack and are checked first.
 */

/** Block Kit's limit on a button's value (https://docs.slack.dev/reference/block-kit/block-elements/button-element). */
const BUTTON_VALUE_LIMIT = 2000;

export const COMPARE_SHARE_ACTION_ID = 'carbon_compare_share';
export const COMPARE_VOTE_ACTION_ID = 'carbon_compare_vote';
/** The message shortcut in manifest.yml. */
export const RATE_MENU_CALLBACK_ID = 'rate_menu';

/** The Share button for a comparison, or null when its options do not fit in a button value. */
export function compareShareButton(request: ComparisonRequest): types.Button | null {
  const value = JSON.stringify(request);
  if (value.length > BUTTON_VALUE_LIMIT) return null;
  return {
    type: 'button',
    action_id: COMPARE_SHARE_ACTION_ID,
    text: { type: 'plain_text', text: 'Share in channel' },
    value,
  };
}

export function decodeCompareShare(value: string | undefined): ComparisonRequest | null {
  const parsed = parseJson(value);
  const checked = ComparisonRequestSchema.safeParse(parsed);
  return checked.success ? checked.data : null;
}

/** Emoji names as Slack spells them; the vote only ever adds its own numbered ones. */
const VoteValueSchema = ComparisonRequestSchema.shape.items.element.shape.text;
const REACTION_NAME = /^[a-z0-9_]{1,30}$/;

export function voteButton(reactions: readonly string[]): types.Button {
  return {
    type: 'button',
    action_id: COMPARE_VOTE_ACTION_ID,
    text: { type: 'plain_text', text: 'Put to a vote' },
    value: reactions.join(','),
  };
}

/** The reactions to add, or null when the value is not one the bot wrote. */
export function decodeVote(value: string | undefined): string[] | null {
  if (!VoteValueSchema.safeParse(value).success) return null;
  const names = value!.split(',');
  return names.length >= 2 && names.length <= 10 && names.every((name) => REACTION_NAME.test(name))
    ? names
    : null;
}

function parseJson(value: string | undefined): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
