import { AVERAGE_MEAL_KG_PER_SERVING, CLIMATE_FRIENDLY_MAX_KG_PER_SERVING } from './levels.js';
import type { Level, Unit } from './result.js';

/**
 * How figures and levels are put in words, once for every renderer and for core's and compare's
 * sentences (src/render/shared.ts re-exports them for the renderers).
 */

/**
 * A kg CO2e figure at readable precision: three significant figures below 100, so 0.0452 → "0.045",
 * 0.5042 → "0.504", 1.234 → "1.23", 12.34 → "12.3", 1234.5 → "1,235". Three figures below 1 matter:
 * rounding 0.504 to "0.5" would contradict a "not climate-friendly" verdict judged at 0.5.
 */
export function formatKg(value: number): string {
  if (!Number.isFinite(value)) return '?';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  let text: string;
  if (abs >= 100) text = Math.round(value).toLocaleString('en-US');
  else if (abs >= 10) text = trimZeros(value.toFixed(1));
  else if (abs >= 1) text = trimZeros(value.toFixed(2));
  else if (abs >= 0.1) text = trimZeros(value.toPrecision(3));
  else if (abs >= 0.001) text = trimZeros(value.toPrecision(2));
  else return value > 0 ? '< 0.001' : '> -0.001';
  return text;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** "per kg", "per litre", "per serving". */
export function unitLabel(unit: Unit | 'serving'): string {
  switch (unit) {
    case 'kg':
      return 'per kg';
    case 'L':
      return 'per litre';
    case 'serving':
      return 'per serving';
  }
}

/**
 * What a level is relative to, so "high" beside "67% lower than its category" is not read as a
 * contradiction: products are ranked among all foods, recipes against per-meal budgets.
 */
export function levelBasis(kind: 'product' | 'recipe', level: Level): string {
  if (kind === 'product') {
    const third = level === 'low' ? 'lowest' : level === 'medium' ? 'middle' : 'highest';
    return `${third} third of all foods`;
  }
  if (level === 'low')
    return `within the ${formatKg(CLIMATE_FRIENDLY_MAX_KG_PER_SERVING)} kg climate budget per meal`;
  const side = level === 'medium' ? 'below' : 'above';
  return `${side} the average UK meal (${formatKg(AVERAGE_MEAL_KG_PER_SERVING)} kg)`;
}
