/** The decision report's figures: a file's cases summed, and the lines that print them. */
import type { CaseOutcome } from './decision-evaluation.js';

export interface DecisionSummary {
  cases: number;
  exact: number;
  options: number;
  ranked: number;
  /** Found: ranked or found but not ranked. */
  found: number;
  contradicting: number;
  /** Of those, contradicting what the option's own text states. */
  contradictingStated: number;
  chatterRanked: number;
  pairs: number;
  right: number;
  wrong: number;
  /** Wrong on every dataset the answer carries (ours to fix), and on the headline only. */
  wrongEvery: number;
  wrongHeadline: number;
  tied: number;
  notComparable: number;
  /** Compare commands stating a group size, and of those read with it. */
  peopleStated: number;
  peopleRead: number;
  /** Slowest case, ms. */
  slowestMs: number;
}

export function summarise(outcomes: readonly CaseOutcome[]): DecisionSummary {
  const summary: DecisionSummary = {
    cases: outcomes.length,
    exact: 0,
    options: 0,
    ranked: 0,
    found: 0,
    contradicting: 0,
    contradictingStated: 0,
    chatterRanked: 0,
    pairs: 0,
    right: 0,
    wrong: 0,
    wrongEvery: 0,
    wrongHeadline: 0,
    tied: 0,
    notComparable: 0,
    peopleStated: 0,
    peopleRead: 0,
    slowestMs: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.exact) summary.exact++;
    summary.options += outcome.case.options.length;
    for (const j of outcome.pairOf) {
      const status = outcome.presented[j]?.status;
      if (status === 'ranked') summary.ranked++;
      if (status === 'ranked' || status === 'not ranked') summary.found++;
    }
    summary.contradicting += outcome.contradictions.length;
    summary.contradictingStated += outcome.contradictions.filter((each) => each.stated).length;
    summary.chatterRanked += outcome.chatterRanked.length;
    for (const pair of outcome.pairs) {
      summary.pairs++;
      if (pair.outcome === 'right') summary.right++;
      else if (pair.outcome === 'wrong') {
        summary.wrong++;
        if (pair.wrongOn === 'headline only') summary.wrongHeadline++;
        else summary.wrongEvery++;
      } else if (pair.outcome === 'tied') summary.tied++;
      else summary.notComparable++;
    }
    if (outcome.case.people !== null) {
      summary.peopleStated++;
      if (outcome.people === outcome.case.people) summary.peopleRead++;
    }
    summary.slowestMs = Math.max(summary.slowestMs, outcome.milliseconds);
  }
  return summary;
}

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/** The one line per file the issue's targets are read from. */
export function describeSummary(title: string, summary: DecisionSummary): string {
  const s = summary;
  const people = s.peopleStated === 0 ? '' : `; group size read ${s.peopleRead}/${s.peopleStated}`;
  return (
    `${title}: read into exactly the right options ${s.exact}/${s.cases} (${share(s.exact, s.cases)}); ` +
    `options found and ranked ${s.ranked}/${s.options} (${share(s.ranked, s.options)}); ` +
    `clear pairs ${s.pairs}: right order ${share(s.right, s.pairs)}, wrong order ${share(s.wrong, s.pairs)}` +
    ` (on every dataset ${share(s.wrongEvery, s.pairs)}, on the headline only ${share(s.wrongHeadline, s.pairs)})` +
    `, tied ${s.tied}, not comparable ${share(s.notComparable, s.pairs)}; ` +
    `chatter ranked ${s.chatterRanked}; ` +
    `dish names found ${s.found}/${s.options} (${share(s.found, s.options)}), ` +
    `contradicting ${s.contradicting} (${share(s.contradicting, s.found)} of found; ` +
    `what the text states ${s.contradictingStated}, ${share(s.contradictingStated, s.found)})${people}; ` +
    `slowest ${s.slowestMs.toFixed(1)} ms`
  );
}

/** Every case: what was expected, what it became, and what was presented besides. */
export function describeOutcome(outcome: CaseOutcome): string {
  const { case: c } = outcome;
  const head = `${outcome.exact ? 'ok ' : 'MIS'} ${c.id}${c.platform ? ` [${c.platform}${c.kind ? `, ${c.kind}` : ''}]` : ''}${
    outcome.error === null ? '' : ` refused: ${outcome.error}`
  }${c.people !== null ? ` people ${outcome.people ?? '-'}/${c.people}` : ''}`;
  const lines = [head];
  c.options.forEach((option, i) => {
    const shown = outcome.presented[outcome.pairOf[i]!];
    const kg =
      option.independentKgPerServing == null ? '' : ` (independent ${option.independentKgPerServing})`;
    const contradiction = outcome.contradictions.find((entry) => entry.option === i);
    lines.push(
      shown === undefined
        ? `    - ${option.name}${kg}: not presented`
        : `    - ${option.name}${kg}: "${shown.input}" ${shown.status}${shown.answer === null ? '' : ` as ${shown.answer}`}${
            shown.kgCo2e === null ? '' : ` ${shown.kgCo2e.toFixed(2)}`
          }${
            shown.figures.length === 0
              ? ''
              : ` {${shown.figures.map((figure) => `${figure.dataset} ${figure.kgCo2e.toFixed(2)}`).join(', ')}}`
          }${contradiction === undefined ? '' : ` CONTRADICTS${contradiction.stated ? ' what it states' : ''} (${contradiction.reason})`}`,
    );
  });
  const claimed = new Set(outcome.pairOf);
  outcome.presented.forEach((shown, j) => {
    if (!claimed.has(j))
      lines.push(
        `    + extra "${shown.input}" ${shown.status}${shown.answer === null ? '' : ` as ${shown.answer}`}`,
      );
  });
  for (const pair of outcome.pairs) {
    if (pair.outcome === 'right') continue;
    lines.push(
      `    ! ${c.options[pair.low]!.name} < ${c.options[pair.high]!.name}: ${pair.outcome}${pair.wrongOn === undefined ? '' : ` (${pair.wrongOn})`}`,
    );
  }
  return lines.join('\n');
}
