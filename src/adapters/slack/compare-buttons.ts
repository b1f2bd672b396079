import type { types } from '@slack/bolt';
import { z } from 'zod';
import { type ComparisonRequest, ComparisonRequestSchema } from '../../compare/chat.js';
import { COMPARISON_ID } from '../../core/commands/recent-comparisons.js';

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

/**
 * Whether a comparison's options fit in its Share button's value. They usually do, and then the
 * button needs no state: any replica, any time later, runs the comparison again from the value
 * alone. Ten long options (ingredient lists) do not fit; those are kept in the state store and the
 * button carries their id (core/commands/recent-comparisons.ts).
 */
export function fitsInButton(request: ComparisonRequest): boolean {
  return JSON.stringify(request).length <= BUTTON_VALUE_LIMIT;
}

/** The Share button for a comparison: its options, or the id they are kept under when they do not fit. */
export function compareShareButton(request: ComparisonRequest, storedId?: string): types.Button | null {
  const value = storedId === undefined ? JSON.stringify(request) : JSON.stringify({ id: storedId });
  if (value.length > BUTTON_VALUE_LIMIT) return null;
  return {
    type: 'button',
    action_id: COMPARE_SHARE_ACTION_ID,
    text: { type: 'plain_text', text: 'Share in channel' },
    value,
  };
}

const StoredIdSchema = z.object({ id: z.string().regex(COMPARISON_ID) }).strict();

/** What a Share button carries: the comparison itself, the id it is kept under, or null when neither. */
export function decodeCompareShare(value: string | undefined): ComparisonRequest | { id: string } | null {
  const parsed = parseJson(value);
  const checked = ComparisonRequestSchema.safeParse(parsed);
  if (checked.success) return checked.data;
  const stored = StoredIdSchema.safeParse(parsed);
  return stored.success ? stored.data : null;
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
