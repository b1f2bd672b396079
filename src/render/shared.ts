import { formatKg, unitLabel } from '../core/format.js';
import type { Level, Unit, VerdictValue } from '../core/result.js';

// Figures are worded in core (the view model's sentences use them); the renderers share them from here.
export { formatKg, levelBasis, unitLabel } from '../core/format.js';

/**
 * Pure formatting helpers shared by the Slack and Discord renderers, so both platforms word
 * numbers, units and levels the same way. No platform markup here.
 */

export const LEVELS: readonly Level[] = ['low', 'medium', 'high'];

/** "1.23 kg CO2e per litre". */
export function formatFootprint(value: number, unit: Unit | 'serving'): string {
  return `${formatKg(value)} kg CO2e ${unitLabel(unit)}`;
}

export function levelLabel(level: Level): string {
  switch (level) {
    case 'low':
      return 'Low';
    case 'medium':
      return 'Medium';
    case 'high':
      return 'High';
  }
}

export function levelEmoji(level: Level): string {
  switch (level) {
    case 'low':
      return '🟢';
    case 'medium':
      return '🟡';
    case 'high':
      return '🔴';
  }
}

/**
 * A one-line scale that reads at a glance: the current level is shown in colour and in capitals,
 * the others as hollow circles, e.g. "⚪ low · 🟡 MEDIUM · ⚪ high".
 */
export function levelScale(level: Level): string {
  return LEVELS.map((each) =>
    each === level ? `${levelEmoji(each)} ${each.toUpperCase()}` : `⚪ ${each}`,
  ).join(' · ');
}

/** A 0..1 share as a whole percent; tiny non-zero shares read "<1%" rather than "0%". */
export function formatShare(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0%';
  const percent = Math.round(share * 100);
  if (percent === 0) return '<1%';
  return `${Math.min(percent, 100)}%`;
}

/**
 * Shortens text to at most `max` UTF-16 code units (the unit platform limits count in) without
 * splitting a surrogate pair, ending with `ellipsis` ("…" by default) when cut. Pass `''` where
 * the cut text is an identifier rather than something read (a custom_id, an autocomplete value).
 */
export function truncate(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = max - ellipsis.length;
  const code = text.charCodeAt(cut - 1);
  // Do not leave a lone high surrogate at the cut.
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, Math.max(cut, 0))}${ellipsis}`;
}

/** The mark beside a verdict's sentence (the sentence itself comes from the view model). */
export function verdictEmoji(value: VerdictValue): string {
  switch (value) {
    case 'yes':
      return '✅';
    case 'no':
      return '❌';
    case 'depends':
      return '⚖️';
    case 'unknown':
      return '❔';
  }
}
