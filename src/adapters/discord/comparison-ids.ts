/**
 * The custom ids of a comparison's Share and "Put to a vote" buttons: the id of the comparison kept
 * in the state store (core/commands/recent-comparisons.ts), since its options do not fit in Discord's
 * 100 characters.
 */

const COMPARE_ID = /^carbon:cmp:([sv]):([A-Za-z0-9_-]{12})$/;

/** The custom_id of a comparison's Share ('s') or "Put to a vote" ('v') button. */
export function compareCustomId(action: 'share' | 'vote', id: string): string {
  return `carbon:cmp:${action === 'share' ? 's' : 'v'}:${id}`;
}

export function parseCompareCustomId(customId: string): { action: 'share' | 'vote'; id: string } | null {
  const match = COMPARE_ID.exec(customId);
  if (!match) return null;
  return { action: match[1] === 's' ? 'share' : 'vote', id: match[2]! };
}
