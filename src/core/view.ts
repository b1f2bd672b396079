import { basisText, verdictText } from './figures-text.js';
import {
  type Contributor,
  isIngredientListResult,
  type Level,
  type LookupResult,
  type Swap,
  type Unit,
  type Verdict,
} from './result.js';

/**
 * What a result card shows, decided once for every renderer: which figure and unit, the level,
 * the verdict, which contributors in which order, the swap, the notes, whether to show the match
 * confidence and how to credit the source. Renderers only lay this out (Block Kit, an embed, plain
 * text); none of them sorts, counts or drops anything on its own.
 */
export interface ResultView {
  kind: LookupResult['kind'];
  /** The name as found. */
  title: string;
  /** What the user typed, when it differs from the name found (a fuzzy match is visible). */
  askedFor: string | null;
  value: number;
  unit: Unit | 'serving';
  level: Level;
  /** Products: the comparison with its category, one sentence; null when the source gave none. */
  comparison: string | null;
  category: string | null;
  /**
   * Where the figure comes from and what every other dataset says, in one sentence: "28.9 kg CO2e per
   * kg in France (ADEME Agribalyse 3.2); global average 99.5 … (Poore & Nemecek 2018), …".
   */
  basis: string;
  /**
   * Recipes: the climate-friendly verdict judged on every dataset, the budget, and the verdict in words
   * that say which side of the budget the serving falls ("Depends on the data: within … on …, over it on …").
   */
  verdict: (Verdict & { thresholdKgPerServing: number; text: string }) | null;
  /** Recipes: the largest contributors first, at most MAX_CONTRIBUTORS. */
  contributors: Contributor[];
  /** How many contributors were left out. */
  moreContributors: number;
  swap: Swap | null;
  notes: string[];
  /** Shown only when the match is uncertain (below SHOW_CONFIDENCE_BELOW). */
  confidence: number | null;
  /** The source's label and its licence attribution (without a leading "Source:"), to credit in full. */
  source: { label: string; attribution: string | null };
}

/** The largest few tell the story; the rest are counted. */
export const MAX_CONTRIBUTORS = 5;
/**
 * Below this, a match's confidence is shown with the result. The figure is a warning that the
 * name was guessed, not decoration: exact and near-exact hits (the catalog scores exact aliases 1,
 * exact names 0.98, close spellings 0.9 and up) would otherwise carry a "98%" that reads as doubt
 * about a sure answer, while the looser matches the catalog still accepts (0.7 to 0.9) are the
 * ones worth checking.
 */
export const SHOW_CONFIDENCE_BELOW = 0.9;

export function resultView(result: LookupResult): ResultView {
  const contributors =
    result.kind === 'recipe' ? [...result.contributors].sort((a, b) => b.kgCo2e - a.kgCo2e) : [];
  const shown = contributors.slice(0, MAX_CONTRIBUTORS);
  const comparison = result.kind === 'product' ? result.comparisonText.trim() : '';
  const category = result.kind === 'product' ? (result.category?.trim() ?? '') : '';
  return {
    kind: result.kind,
    title: result.name,
    // A computed list shows every line as typed, so repeating the whole list as "asked for" adds nothing.
    askedFor:
      isIngredientListResult(result) || sameName(result.query, result.name) || result.query.trim() === ''
        ? null
        : result.query,
    value: result.kind === 'product' ? result.kgCo2ePerUnit : result.kgCo2ePerServing,
    unit: result.kind === 'product' ? result.unit : 'serving',
    level: result.level,
    comparison: comparison === '' ? null : comparison,
    category: category === '' ? null : category,
    basis: basisText(result),
    verdict:
      result.kind === 'recipe'
        ? {
            ...result.climateFriendly,
            thresholdKgPerServing: result.thresholdKgPerServing,
            text: verdictText(result, result.climateFriendly),
          }
        : null,
    contributors: shown,
    moreContributors: contributors.length - shown.length,
    swap: result.kind === 'product' ? result.swap : null,
    notes: result.notes.map((note) => note.trim()).filter((note) => note !== ''),
    confidence:
      result.confidence !== null && result.confidence < SHOW_CONFIDENCE_BELOW ? result.confidence : null,
    source: { label: result.source.label, attribution: attributionOf(result.source.attribution) },
  };
}

function sameName(a: string, b: string): boolean {
  const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return normalise(a) === normalise(b);
}

/** Attributions often begin "Source:" themselves; every renderer adds its own label once. */
function attributionOf(attribution: string | undefined): string | null {
  const text = (attribution ?? '').replace(/^\s*source:\s*/i, '').trim();
  return text === '' ? null : text;
}
