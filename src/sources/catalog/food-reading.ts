import type { Lexicon } from './lexicon.js';
import type { FoodMatcher } from './matcher.js';
import { ModifierReader } from './modifiers.js';
import type { TextNormaliser } from './text.js';

/**
 * What a line of free text says about food beyond the one item it names, as src/compare reads a posted
 * message: how clearly it names some food, a restaurant named alone, the animals its words state
 * (Catalog.foodScore, restaurantNamed, animalsIn).
 */
export class FoodReading {
  private readonly animals: ModifierReader;

  constructor(
    private readonly text: TextNormaliser,
    lexicon: Lexicon,
    private readonly recipeMatcher: FoodMatcher,
    private readonly productMatcher: FoodMatcher,
  ) {
    this.animals = new ModifierReader(lexicon.exclusiveGroups.filter((group) => group.definesFood));
  }

  foodScore(query: string): number {
    const { recipeMatcher, productMatcher } = this;
    let answered = 0;
    let named = 0;
    for (const matcher of [recipeMatcher, productMatcher]) {
      const { answer, ranked } = matcher.match(query);
      if (answer !== null) answered = Math.max(answered, answer.confidence);
      else named = Math.max(named, ranked.find((candidate) => candidate.exactWord)?.score ?? 0);
    }
    if (answered > 0) return answered;
    // Unanswered, a food one word names says little about a sentence of other words ("put your
    // order in the thread"): the score counts as far as the catalog knows the words.
    const { tokens } = this.text.query(query);
    // One word the matcher will not answer alone names no food by itself ("all", of "All-purpose
    // flour"): a food it names is another's.
    if (tokens.length <= 1) return 0;
    const known = tokens.filter((token) => this.knows(token)).length;
    return tokens.length === 0 ? 0 : named * (known / tokens.length);
  }

  restaurantNamed(query: string): string | null {
    const parsed = this.text.query(query);
    const restaurant = parsed.brands.find((brand) => brand.kind === 'restaurant');
    if (restaurant === undefined) return null;
    // Alone: nothing else the catalog knows is named beside it ("KFC", "subway?"; not "Greggs sausage roll").
    const known = parsed.tokens.some((token) => this.knows(token));
    return known ? null : restaurant.brand;
  }

  animalsIn(query: string): string[] {
    return [...(this.animals.read(this.text.nameTokens(query)).values().next().value ?? [])];
  }

  /** Whether a dish's or a product's name uses the word. */
  private knows(token: string): boolean {
    return this.recipeMatcher.index.knows(token) || this.productMatcher.index.knows(token);
  }
}
