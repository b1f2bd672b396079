import type { ProductResult } from '../../core/result.js';
import {
  CATALOG_NAMES_FOOD,
  type NamedEntry,
  studyDecision,
  studyProductResult,
} from '../../figures/study-answer.js';
import type { FiguresTable } from '../../figures/table.js';
import type { Lexicon } from './lexicon.js';
import type { MatchAnswer } from './match-result.js';
import type { FoodMatcher } from './matcher.js';
import { StudyNames } from './study-names.js';
import type { QueryText, TextNormaliser } from './text.js';

/** What a product query naming a study's entry comes to (figures/study-answer.ts). */
export type StudyLookup =
  /** The catalog lacks the food: the entry's own answer. */
  | { result: ProductResult }
  /** The catalog's food answers, with these entries beside it for their studies. */
  | { beside: readonly NamedEntry[] }
  /** Nothing to change. */
  | null;

/**
 * Looks a product query up among the independent studies' entries, for the foods the catalog lacks:
 * given the product matcher's answer (its food's code), whether a study's entry answers instead, or
 * stands beside the catalog's food. A name the catalog has a dish for is the dish's, not a study
 * entry's; a query that is no food is never answered.
 */
export function createStudyLookup(
  figures: FiguresTable,
  text: TextNormaliser,
  lexicon: Lexicon,
  productMatcher: FoodMatcher,
  recipeMatcher: FoodMatcher,
): (
  query: string,
  displayed: string,
  answer: (MatchAnswer & { code: string }) | null,
  /** The query as the product matcher read it, when it did. */
  read?: QueryText,
) => StudyLookup {
  const names = new StudyNames(
    figures.entries(),
    text,
    (token) => productMatcher.index.knows(token),
    // Words that only qualify a food: pack and state words, and the values of modifier groups that
    // do not define the food (an animal names one; "frozen", "unsweetened" do not).
    new Set([
      ...lexicon.packWords,
      ...lexicon.nonDefaultStates,
      ...lexicon.exclusiveGroups
        .filter((group) => !group.definesFood)
        .flatMap((group) => Object.values(group.values).flat()),
    ]),
  );
  return (query, displayed, answer, read) => {
    const parsed = read ?? text.query(query);
    if (productMatcher.namesNonFood(parsed)) return null;
    const named = names.named(parsed);
    if (named.length === 0) return null;
    const decision = studyDecision(figures, named, answer);
    if (decision.kind === 'beside') return { beside: decision.entries };
    if (decision.kind === 'catalog') return null;
    const dish = recipeMatcher.match(query).answer;
    if (dish !== null && dish.confidence >= CATALOG_NAMES_FOOD) return null;
    return { result: studyProductResult(figures, displayed, decision.entries) };
  };
}
