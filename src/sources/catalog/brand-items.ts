import type { Brand } from './lexicon.js';
import type { MatchResult } from './match-result.js';
import { conflicts } from './modifiers.js';
import type { Corrections, QueryCorrector } from './query-corrections.js';
import type { RerankContext } from './rerank.js';
import type { QueryText, TextNormaliser } from './text.js';

/**
 * A brand asked for alone is answered with its hand-reviewed item: as sure as a curated alias of the
 * brand's food, though only the generic item (the answer says it is the closest match).
 */
const BRAND_ITEM_CONFIDENCE = 0.9;

/** What the matcher knows that a brand's reviewed item is read with. */
export interface BrandItemParts {
  /** Per brand name, the entry its name alone means (brands.json `item`). */
  items: ReadonlyMap<string, number>;
  text: TextNormaliser;
  packWords: ReadonlySet<string>;
  context: RerankContext;
  corrector: QueryCorrector;
}

/**
 * A brand asked for with nothing else the catalog knows ("Mars bar", "Weetabix 24 pack") means its
 * reviewed item; so does a brand with the very food it is reviewed for ("Greggs sausage roll"), when
 * the query read as typed finds nothing (withFood). With another food named ("Alpro almond", "Heinz
 * tomato soup") the readings decide.
 */
export function brandItem(
  parts: BrandItemParts,
  parsed: QueryText,
  typos: Corrections,
  withFood: boolean,
): MatchResult | null {
  const { context } = parts;
  const entries = parsed.brands
    .map((brand) => ({ brand, entry: parts.items.get(brand.brand) }))
    .filter((found): found is { brand: Brand; entry: number } => found.entry !== undefined);
  // A maker and its product line ("McVitie's Jaffa Cakes", "Cadbury Dairy Milk"): the line, named
  // last, is the food.
  const last = entries.at(-1);
  if (last === undefined) return null;
  const { brand, entry } = last;
  const food = parts.text.catalogTokens(brand.food ?? '');
  // Besides numbers and words the catalog does not know: the brand's food's words, or pack words.
  const known = withFood
    ? (token: string) => food.includes(token)
    : (token: string) => parts.packWords.has(token);
  if (
    !parsed.tokens.every(
      (token) => /\d/.test(token) || known(token) || parts.corrector.correct(token, typos) === null,
    )
  )
    return null;
  // What the brand's food states holds: a jar of Nescafé granules is not the brewed drink.
  const stated = context.modifiers.read([...parsed.tokens, ...food]);
  if (conflicts(context.modifiers.widen(stated), context.stated[entry]!)) return null;
  return {
    answer: { entry, confidence: BRAND_ITEM_CONFIDENCE, closest: true, setAside: [brand.brand] },
    ranked: [{ entry, score: BRAND_ITEM_CONFIDENCE, via: 'alias', exactWord: true, generic: true }],
  };
}
