import type { LookupKind } from '../core/errors.js';
import { truncate } from './shared.js';

/**
 * Discord's side of the Share button: the custom_id the renderer puts on it and the adapter reads
 * back from the click (kind and the name to look up again).
 */
const SHARE_PREFIX = 'carbon:share:';
/** Discord's limit on a custom_id (https://discord.com/developers/docs/components/reference). */
const CUSTOM_ID_LIMIT = 100;

/**
 * The button's custom_id: kind and the name as found, cut to fit the 100-character limit. A cut
 * name still finds the same entry in practice: the share looks it up again.
 */
export function shareCustomId(kind: LookupKind, name: string): string {
  const prefix = `${SHARE_PREFIX}${kind === 'product' ? 'p' : 'r'}:`;
  const flat = name
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${prefix}${truncate(flat, CUSTOM_ID_LIMIT - prefix.length, '')}`;
}

/**
 * The Share button under a computed ingredient list: the list does not fit a custom_id, so the
 * share posts the card the button sits on (the interaction carries that message).
 */
export const LIST_SHARE_CUSTOM_ID = 'carbon:share-card';

export function parseShareCustomId(customId: string): { kind: LookupKind; name: string } | null {
  const match = /^carbon:share:([pr]):(.+)$/s.exec(customId);
  if (!match) return null;
  return { kind: match[1] === 'p' ? 'product' : 'recipe', name: match[2]! };
}
