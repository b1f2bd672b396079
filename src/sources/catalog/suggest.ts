import type { LookupKind } from '../../core/errors.js';
import { foldText } from '../../core/fold.js';
import type { FoodIndex } from './search-index.js';
import type { TextNormaliser } from './text.js';

/** Discord's limit for choice names and values. */
const MAX_LENGTH = 100;
/** Candidates taken from the index before names that start with what was typed are put first. */
const CANDIDATES = 60;

interface Side {
  index: FoodIndex;
  displays: readonly string[];
  /** Per entry: whether it has an everyday display name (aliases.json), i.e. is a food people ask for. */
  everyday: readonly boolean[];
  /** For an empty box. */
  popular: readonly string[];
}

/**
 * Autocomplete on the same search index as lookups: entries with every typed word (the last one as a
 * prefix, earlier ones with typo tolerance), names that start with what was typed first.
 */
export class Suggester {
  private readonly sides: Record<LookupKind, Side>;

  constructor(
    productIndex: FoodIndex,
    productDisplays: readonly string[],
    productEveryday: readonly boolean[],
    recipeIndex: FoodIndex,
    recipeNames: readonly string[],
    popularProducts: readonly string[],
    private readonly text: TextNormaliser,
  ) {
    this.sides = {
      product: {
        index: productIndex,
        displays: productDisplays,
        everyday: productEveryday,
        popular: popularProducts,
      },
      recipe: { index: recipeIndex, displays: recipeNames, everyday: [], popular: recipeNames },
    };
  }

  suggest(kind: LookupKind, prefix: string, limit: number): string[] {
    if (limit <= 0) return [];
    const side = this.sides[kind];
    const folded = foldText(prefix).replace(/\s+/g, ' ').trim();
    if (folded === '') return side.popular.slice(0, limit).map((name) => name.slice(0, MAX_LENGTH));
    const words = this.text.prefixWords(folded);
    // Only punctuation or filler: nothing was asked for. An empty list says "no match".
    if (words.length === 0) return [];
    const ranked = side.index.complete(words, CANDIDATES).map((entry, order) => {
      const display = side.displays[entry]!.slice(0, MAX_LENGTH);
      return {
        display,
        order,
        startsWith: foldText(display).startsWith(folded) ? 0 : 1,
        everyday: side.everyday[entry] === true ? 0 : 1,
      };
    });
    // Names starting with what was typed first; among them, foods people ask for ("Chicken breast")
    // before the catalog's laboratory variants ("Chicken, breast, without skin, cooked").
    ranked.sort((a, b) => a.startsWith - b.startsWith || a.everyday - b.everyday || a.order - b.order);
    return [...new Set(ranked.map((item) => item.display))].slice(0, limit);
  }
}
