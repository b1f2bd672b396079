import type { Brand } from './lexicon.js';
import type { QueryText, TextNormaliser } from './text.js';

/**
 * The ways a query can be read, in order of preference. A query naming a brand that sells one kind of
 * food is read with that food; otherwise the query is read as typed.
 */
export interface Reading {
  tokens: string[];
  /** The part naming the food: its last word is the head. */
  headTokens: readonly string[];
  /** Words that only describe (weighed as qualifiers). */
  describing: ReadonlySet<string>;
  /** Words whose modifiers hold (a brand's food: Quorn is meat-free). */
  stating: readonly string[];
  brand: Brand | null;
  /** A word the answer must have: the brand's kind of food ("drink" for Alpro). */
  kind?: string;
}

export function readingsOf(
  parsed: QueryText,
  text: TextNormaliser,
  /** Whether the query names a food the catalog knows ("almond" in "Alpro almond"). */
  namesFood: boolean,
  /** Whether the catalog knows a word: a brand's kind it does not know cannot be asked for. */
  knows: (token: string) => boolean,
): Reading[] {
  const readings: Reading[] = [];
  for (const brand of parsed.brands) {
    if (brand.food === null) continue;
    // A restaurant's food is its signature dish, not a kind: "McDonald's fries" are fries.
    if (namesFood && brand.kind === 'restaurant') continue;
    const food = [...text.catalogTokens(brand.food)];
    // The food's own name, before what comes with it: "chocolate sandwich biscuit (with cream filling)".
    const foodHead = text.catalogTokens(brand.food.split(/\s(?:with|in)\s/)[0]!);
    if (namesFood) {
      // The query names its food ("Alpro almond"): the brand adds its kind ("drink") and what its food
      // states (Quorn: meat-free) ...
      const kind = foodHead.slice(-1).filter(knows);
      readings.push({
        tokens: [...new Set([...parsed.tokens, ...kind])],
        headTokens: [...kind, ...parsed.headTokens],
        describing: new Set(kind.filter((token) => !parsed.tokens.includes(token))),
        stating: food,
        brand,
        kind: kind[0],
      });
      // ... or, failing that, another kind of food the brand makes from the same source ("Alpro
      // soya yoghurt" is a soy yoghurt, not a drink): the source, which the answer must have, with
      // the query's own head.
      const source = foodHead.slice(0, -1).filter(knows);
      if (source.length > 0) {
        readings.push({
          tokens: [...new Set([...source, ...parsed.tokens])],
          headTokens: [...source.filter((token) => !parsed.headTokens.includes(token)), ...parsed.headTokens],
          describing: new Set(source.filter((token) => !parsed.tokens.includes(token))),
          stating: food,
          brand,
          kind: source[0],
        });
      }
    }
    // ... or the brand's food is the food and the query's words describe it ("Fanta orange").
    readings.push({
      tokens: [...new Set([...food, ...parsed.tokens])],
      headTokens: foodHead,
      describing: new Set(parsed.tokens.filter((token) => !food.includes(token))),
      stating: food,
      brand,
    });
  }
  if (readings.length === 0) {
    readings.push({
      tokens: parsed.tokens,
      headTokens: parsed.headTokens,
      describing: new Set(),
      stating: [],
      brand: null,
    });
  }
  return readings;
}
