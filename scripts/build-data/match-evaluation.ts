/**
 * Scores the catalog matcher on a query fixture (test/fixtures/). Shared by the matching tests, which
 * hold floors, and by match-report.ts, which prints figures. Outcomes are counted apart, because a
 * confident wrong answer is worse than "not found" with suggestions.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { NotFoundError } from '../../src/core/errors.js';
import { CLOSEST_NOTE } from '../../src/sources/catalog/answers.js';
import type { Catalog } from '../../src/sources/catalog/types.js';

/** Why a query must not be matched: not a food at all, a food the catalog lacks, or (dishes) a dish
 * whose defining ingredient differs from every catalog dish of that name. */
export const RefusalReasonSchema = z.enum(['non-food', 'absent', 'contradiction']);

export const QueryFixtureSchema = z.object({
  /** Queries with every acceptable answer: Agribalyse codes for products, dish names for recipes. */
  found: z.array(
    z.object({ query: z.string(), expected: z.array(z.string()).min(1), style: z.string().optional() }),
  ),
  /** Queries the catalog has no answer for. The older fixtures list bare strings. */
  notFound: z.array(
    z.union([
      z.string().transform((query) => ({ query, reason: undefined })),
      z.object({ query: z.string(), reason: RefusalReasonSchema }),
    ]),
  ),
});
export type QueryFixture = z.infer<typeof QueryFixtureSchema>;

const root = new URL('../../', import.meta.url);

export function loadQueryFixture(file: string): QueryFixture {
  const raw: unknown = JSON.parse(readFileSync(new URL(`test/fixtures/${file}`, root), 'utf8'));
  return QueryFixtureSchema.parse(raw);
}

export interface MatchOutcome {
  /** The answer's key (Agribalyse code or dish name), or null when not found. */
  code: string | null;
  /** The answer says it is only the closest match (a variety or brand set aside). */
  closest?: boolean;
  /** What a person reads in a report: the name and confidence, or the suggestions. */
  label: string;
  /**
   * Answered with a study's own entry because the catalog lacks the food (figures/study-answer.ts):
   * no catalog food was matched.
   */
  study?: boolean;
}

export interface MatchEvaluation {
  total: number;
  correct: number;
  wrong: string[];
  /** Of the wrong answers, those that said they were only the closest match. */
  wrongClosest: number;
  missed: string[];
  /**
   * Not-found queries that matched something anyway: a catalog food, or, for a non-food, anything at
   * all.
   */
  falsePositives: string[];
  /**
   * Foods the catalog lacks answered with a study's own entry for that very food, as they should be:
   * listed for review, not counted as matched.
   */
  studyAnswered: string[];
  /** Of those, the ones that are not food at all. */
  nonFoodMatched: string[];
  refusals: number;
  accuracy: number;
  wrongRate: number;
  missedRate: number;
}

/** Runs one lookup and names its outcome by `key` (a code or a name), or as not found. */
function probe<
  R extends { name: string; confidence: number | null; notes: string[]; catalogHasFood?: boolean },
>(find: (query: string) => R, key: (result: R) => string): (query: string) => MatchOutcome {
  return (query) => {
    try {
      const result = find(query);
      const study = result.catalogHasFood === false;
      return {
        code: study ? null : key(result),
        label: `${result.name} (${result.confidence})${study ? " [a study's own entry]" : ''}`,
        closest: result.notes.some((note) => note.startsWith(CLOSEST_NOTE)),
        study,
      };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return { code: null, label: `not found (${error.suggestions.join(' / ')})` };
    }
  };
}

/** Looks products up by query and names the outcome by Agribalyse code. */
export function createMatchProbe(catalog: Catalog): (query: string) => MatchOutcome {
  const products = z
    .object({ products: z.array(z.object({ code: z.string(), name: z.string() })) })
    .parse(JSON.parse(readFileSync(new URL('data/products.json', root), 'utf8')));
  const codeByName = new Map(products.products.map((product) => [product.name, product.code]));
  return probe(
    (query) => catalog.findProduct(query),
    (result) => codeByName.get(result.name) ?? '?',
  );
}

/** Looks dishes up by query and names the outcome by dish name. */
export function createRecipeProbe(catalog: Catalog): (query: string) => MatchOutcome {
  return probe(
    (query) => catalog.findRecipe(query),
    (result) => result.name,
  );
}

export function evaluateMatching(
  probe: (query: string) => MatchOutcome,
  fixture: QueryFixture,
): MatchEvaluation {
  const wrong: string[] = [];
  const missed: string[] = [];
  let wrongClosest = 0;
  for (const { query, expected } of fixture.found) {
    const { code, label, closest, study } = probe(query);
    // The catalog has this food: a study's entry instead of it is a wrong answer.
    if (study === true) wrong.push(`${query} → ${label}; expected ${expected.join(' or ')}`);
    else if (code === null) missed.push(`${query} → ${label}; expected ${expected.join(' or ')}`);
    else if (!expected.includes(code)) {
      wrong.push(
        `${query} → ${label}${closest === true ? ' [closest]' : ''}; expected ${expected.join(' or ')}`,
      );
      if (closest === true) wrongClosest++;
    }
  }
  const falsePositives: string[] = [];
  const nonFoodMatched: string[] = [];
  const studyAnswered: string[] = [];
  for (const { query, reason } of fixture.notFound) {
    const { code, label, study } = probe(query);
    const line = `${query} (${reason ?? 'not found'}) → ${label}`;
    if (study === true && reason !== 'non-food') studyAnswered.push(line);
    if (code === null && (study !== true || reason !== 'non-food')) continue;
    falsePositives.push(line);
    if (reason === 'non-food') nonFoodMatched.push(query);
  }
  const total = fixture.found.length;
  const correct = total - wrong.length - missed.length;
  return {
    total,
    correct,
    wrong,
    wrongClosest,
    missed,
    falsePositives,
    nonFoodMatched,
    studyAnswered,
    refusals: fixture.notFound.length,
    // A set of must-not-match queries only has nothing to get wrong among found queries.
    accuracy: total === 0 ? 1 : correct / total,
    wrongRate: total === 0 ? 0 : wrong.length / total,
    missedRate: total === 0 ? 0 : missed.length / total,
  };
}

/** One summary line, then (when `details`) every wrong, missed and falsely matched query. */
export function describeEvaluation(title: string, evaluation: MatchEvaluation, details: boolean): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  // A set of must-not-match queries only (the non-food set) has no accuracy to state.
  const found =
    evaluation.total === 0
      ? ''
      : `${percent(evaluation.accuracy)} correct (${evaluation.correct}/${evaluation.total}), ` +
        `${percent(evaluation.wrongRate)} wrong match (${evaluation.wrongClosest} of them said to be the closest match; ` +
        `${percent((evaluation.wrong.length - evaluation.wrongClosest) / evaluation.total)} confidently wrong), ` +
        `${percent(evaluation.missedRate)} wrongly not found; `;
  const lines = [
    `${title}: ${found}` +
      `must-not-match queries matched anyway: ${evaluation.falsePositives.length}/${evaluation.refusals} ` +
      `(non-food: ${evaluation.nonFoodMatched.length})` +
      (evaluation.studyAnswered.length === 0
        ? ''
        : `; foods the catalog lacks answered with a study's own entry: ${evaluation.studyAnswered.length}`),
  ];
  if (details) {
    for (const [heading, list] of [
      ['wrong', evaluation.wrong],
      ['not found', evaluation.missed],
      ['should not match', evaluation.falsePositives],
      ["answered with a study's own entry", evaluation.studyAnswered],
    ] as const) {
      if (list.length > 0) lines.push(`  ${heading}:\n    ${list.join('\n    ')}`);
    }
  }
  return lines.join('\n');
}
