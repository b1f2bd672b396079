import { z } from 'zod';
import type { LookupKind } from '../core/errors.js';

/**
 * Slack's side of the buttons: the action ids the adapter listens on and the value a button carries
 * (what to look up again). The renderer writes them; the adapter reads them back from the click.
 */

/** Block Kit's limit on a button's value (https://docs.slack.dev/reference/block-kit/block-elements/button-element). */
const BUTTON_VALUE_LIMIT = 2000;

export const SHARE_ACTION_ID = 'carbon_share';
/** Did-you-mean buttons; a suffix keeps action_ids unique within the block. */
export const SUGGESTION_ACTION_PREFIX = 'carbon_lookup_';

/**
 * What a button needs to re-run a lookup; kept short because button values hold 2000 chars. A
 * value comes back from Slack in the click, so it is checked against this schema before use.
 */
const LookupButtonValueSchema = z.object({
  k: z.enum(['product', 'recipe']) satisfies z.ZodType<LookupKind>,
  q: z.string().min(1),
});
export type LookupButtonValue = z.infer<typeof LookupButtonValueSchema>;

/** Compact JSON for a button value, or null when it would not fit Slack's limit. */
export function encodeLookupButton(kind: LookupKind, query: string): string | null {
  const value = JSON.stringify({ k: kind, q: query } satisfies LookupButtonValue);
  return value.length <= BUTTON_VALUE_LIMIT ? value : null;
}

export function decodeLookupButton(value: string | undefined): LookupButtonValue | null {
  if (value === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  const checked = LookupButtonValueSchema.safeParse(parsed);
  return checked.success ? checked.data : null;
}
