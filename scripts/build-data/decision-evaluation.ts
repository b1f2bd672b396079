/**
 * Scores the team's decision on a blind set (issue #19): a posted menu or a `/carbon compare` command
 * run through the real path, and what the bot presented set against the options the set expects.
 * Shared by decision-report.ts, which prints the figures, and by its tests. Nothing here knows the
 * code under test beyond the CompareResult document every interface prints. The set is read by
 * decision-set.ts, options paired by decision-options.ts, contradictions judged by
 * decision-contradictions.ts, and the figures summed and described by decision-summary.ts.
 */
import type { CompareResult } from '../../src/compare/model.js';
import { contradictionOf, type Ingredients, statesIt } from './decision-contradictions.js';
import { type Presented, pairOptions, presentedOptions } from './decision-options.js';
import type { DecisionCase } from './decision-set.js';

/** Where a wrong pair is wrong: on every dataset the answer carries, or on its headline only. */
export type WrongOn = 'every dataset' | 'headline only';

/** A wrong pair's class, from the figures each ranked option carries on the other datasets. */
export function wrongOn(low: Presented, high: Presented): WrongOn {
  const rightOnAStudy = low.figures.some((figure) => {
    const other = high.figures.find((each) => each.dataset === figure.dataset);
    return other !== undefined && figure.kgCo2e < other.kgCo2e;
  });
  return rightOnAStudy ? 'headline only' : 'every dataset';
}

/** Independent figures at least this many times apart make a clear pair whose order is checked. */
export const CLEAR_PAIR_RATIO = 2;

export interface CaseOutcome {
  case: DecisionCase;
  /** The error text when the command was refused outright. */
  error: string | null;
  presented: Presented[];
  /** Per expected option, the index into `presented`, or -1. */
  pairOf: number[];
  /** Every option read as its own option and nothing else presented. */
  exact: boolean;
  /** Presented and ranked, corresponding to no expected option. */
  chatterRanked: Presented[];
  pairs: {
    low: number;
    high: number;
    outcome: 'right' | 'wrong' | 'tied' | 'not comparable';
    /**
     * A wrong pair, by what the answer carries: wrong on every dataset it gives both options (the
     * headline and each study's figures: a misreading or a bad serving, ours to fix), or on the
     * headline only, a study putting them in the set's order (the datasets differ; the answer says
     * the two change places).
     */
    wrongOn?: WrongOn;
  }[];
  /** `stated`: the option's own text states what is contradicted (see statesIt). */
  contradictions: { option: number; reason: string; stated: boolean }[];
  /** The group size the comparison used, for compare commands. */
  people: number | null;
  milliseconds: number;
}

export function scoreCase(
  decisionCase: DecisionCase,
  result: CompareResult | null,
  error: string | null,
  milliseconds: number,
  ingredients: Ingredients = () => [],
): CaseOutcome {
  const presented = presentedOptions(result);
  const pairOf = pairOptions(
    decisionCase.options.map((option) => option.name),
    presented.map((option) => option.input),
  );
  const claimed = new Set(pairOf.filter((j) => j >= 0));
  const exact =
    pairOf.every((j) => j >= 0) && claimed.size === presented.length && decisionCase.options.length > 0;
  const chatterRanked = presented.filter((option, j) => !claimed.has(j) && option.status === 'ranked');
  const pairs: CaseOutcome['pairs'] = [];
  const { options } = decisionCase;
  for (let a = 0; a < options.length; a++) {
    for (let b = a + 1; b < options.length; b++) {
      const kgA = options[a]!.independentKgPerServing;
      const kgB = options[b]!.independentKgPerServing;
      if (kgA == null || kgB == null || kgA <= 0 || kgB <= 0) continue;
      if (Math.max(kgA, kgB) / Math.min(kgA, kgB) < CLEAR_PAIR_RATIO) continue;
      const [low, high] = kgA < kgB ? [a, b] : [b, a];
      const lowShown = presented[pairOf[low]!];
      const highShown = presented[pairOf[high]!];
      let outcome: CaseOutcome['pairs'][number]['outcome'] = 'not comparable';
      if (lowShown?.status === 'ranked' && highShown?.status === 'ranked' && lowShown !== highShown) {
        const difference = highShown.kgCo2e! - lowShown.kgCo2e!;
        outcome = difference > 0 ? 'right' : difference < 0 ? 'wrong' : 'tied';
      }
      pairs.push(
        outcome === 'wrong'
          ? { low, high, outcome, wrongOn: wrongOn(lowShown!, highShown!) }
          : { low, high, outcome },
      );
    }
  }
  const contradictions: CaseOutcome['contradictions'] = [];
  options.forEach((option, i) => {
    const shown = presented[pairOf[i]!];
    const answer = shown?.answer;
    if (shown === undefined || answer === null || answer === undefined) return;
    const found = contradictionOf(option, [answer, ...ingredients(answer)].join(', '));
    if (found !== null)
      contradictions.push({
        option: i,
        reason: found.reason,
        stated: statesIt(option, shown.input, found.kind),
      });
  });
  return {
    case: decisionCase,
    error,
    presented,
    pairOf,
    exact,
    chatterRanked,
    pairs,
    contradictions,
    people: result?.people ?? null,
    milliseconds,
  };
}
