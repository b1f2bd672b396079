import { MAX_REORDERS } from '../compare/datasets.js';
import type { Basis, CompareResult, RankedItem } from '../compare/model.js';
import { formatKg } from './shared.js';

/** Pure helpers every compare renderer shares, so the terminal, Slack and Discord word it alike. */

export const BAR_WIDTH = 10;

/**
 * A bar that reads at a glance: filled cells in proportion to the highest figure, at least one for
 * anything above zero, so the lowest option still shows a sliver.
 */
export function bar(value: number, max: number, width = BAR_WIDTH): string {
  const share = max > 0 && Number.isFinite(value) ? Math.min(Math.max(value / max, 0), 1) : 0;
  const filled = value > 0 ? Math.max(1, Math.round(share * width)) : 0;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

export function basisLabel(basis: Basis): string {
  switch (basis) {
    case 'serving':
      return 'per serving';
    case 'portion':
      return 'per portion';
    case 'kg':
      return 'per kg';
    case 'litre':
      return 'per litre';
  }
}

/** "0.42 kg CO2e per serving", or "per portion (150 g)" for a product's portion. */
export function itemFigure(item: RankedItem, basis: Basis): string {
  const per =
    basis === 'portion' && item.portionGrams !== null
      ? `per portion (${formatKg(item.portionGrams)} g)`
      : basis === 'portion'
        ? 'per serving'
        : basisLabel(basis);
  return `${formatKg(item.kgCo2e)} kg CO2e ${per}`;
}

/** How an option was taken, in one short line: "a named dish", "a curry recipe with beef". */
export function takenAsText(item: RankedItem): string {
  return item.howTaken;
}

/** The sentences under the ranking: lowest, difference per person and for the group, and in km. */
export function summaryLines(result: CompareResult): string[] {
  const lines: string[] = [];
  const lowest = result.ranked[0];
  if (lowest === undefined || result.status !== 'ranked') return lines;
  lines.push(`Lowest carbon: ${lowest.name}, ${itemFigure(lowest, result.basis)}.`);
  const difference = result.difference;
  if (difference === null) return lines;
  const perPerson = result.basis === 'serving' || result.basis === 'portion';
  const unit = perPerson ? 'per person' : basisLabel(result.basis);
  let sentence = `Highest minus lowest: ${formatKg(difference.kgCo2e)} kg CO2e ${unit}`;
  if (difference.groupKgCo2e !== null && result.people !== null) {
    sentence += `, ${formatKg(difference.groupKgCo2e)} kg for ${result.people.toLocaleString('en-US')} ${result.people === 1 ? 'person' : 'people'}`;
  }
  sentence += `: about ${formatDistance(difference.carKm)} ${difference.carLabel}.`;
  lines.push(sentence);
  if (!perPerson && result.people !== null) {
    lines.push('A group total needs figures per serving; these are per kg or litre.');
  }
  lines.push(...reorderLines(result));
  return lines;
}

/** When another dataset orders two options the other way round, say so; a handful, then a count. */
export function reorderLines(result: CompareResult): string[] {
  const reorders = result.reorders ?? [];
  const shown = reorders.slice(0, MAX_REORDERS).map((reorder) => `${reorder.text}.`);
  const more = reorders.length - shown.length;
  if (more > 0)
    shown.push(`…and ${more} more pair${more === 1 ? '' : 's'} in another order on another dataset.`);
  return shown;
}

/** "0.4", "12", "1,234": kilometres at a precision the comparison can bear. */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km)) return '?';
  if (km < 10) return formatKg(Math.round(km * 10) / 10);
  return Math.round(km).toLocaleString('en-US');
}

/** The line said when fewer than two options could be compared. */
export function tooFewText(result: CompareResult): string {
  const count = result.ranked.length;
  return count === 0
    ? 'None of the options could be compared: at least two are needed.'
    : `Only one option could be compared (${result.ranked[0]!.name}): at least two are needed.`;
}

export function cappedText(capped: NonNullable<CompareResult['capped']>): string {
  return `The menu has ${capped.total} options; the first ${capped.compared} are compared.`;
}
