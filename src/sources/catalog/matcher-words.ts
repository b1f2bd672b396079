import type { Lexicon } from './lexicon.js';
import type { IndexEntry } from './search-index.js';
import type { TextNormaliser } from './text.js';

/**
 * What the matcher knows by word and by whole name before any search: the lexicon's lists read for
 * one kind of catalog, and the names that always find their own entry.
 */

export interface MatcherWords {
  /** Words that make a query a non-food (lexicon.nonFoodWords), less any word a food's name uses. */
  nonFood: ReadonlySet<string>;
  /** Foods the catalog lacks (lexicon.absentFoods), less any word a food's name uses. */
  absentFoods: ReadonlySet<string>;
  /**
   * How a food is prepared or kept ("braised", "frozen") where no modifier group reads it (dishes): a
   * dish named in full may set such a word aside.
   */
  unreadStates: ReadonlySet<string>;
}

export function matcherWords(
  lexicon: Lexicon,
  text: TextNormaliser,
  kind: 'products' | 'dishes',
  /** Per entry, the words of its own name and curated aliases. */
  trustedWords: readonly ReadonlySet<string>[],
): MatcherWords {
  // A word of a food's own name or curated alias is food ("table salt"); one that only an Open Food
  // Facts synonym uses ("Bird eggs") does not make "bird seed" a food.
  const foodNameWords = new Set<string>();
  for (const words of trustedWords) for (const word of words) foodNameWords.add(word);
  const unused = (words: readonly string[]) =>
    new Set(words.map((word) => text.canonical(word) ?? word).filter((word) => !foodNameWords.has(word)));
  return {
    nonFood: unused(lexicon.nonFoodWords),
    absentFoods: unused(lexicon.absentFoods),
    unreadStates: new Set(
      lexicon.exclusiveGroups
        .filter((group) => !group.appliesTo.includes(kind) && !group.definesFood)
        .flatMap((group) => Object.values(group.values).flat()),
    ),
  };
}

/** Names in their own words and order, as typed: an exact name always finds its entry. */
export function exactNames(entries: readonly IndexEntry[], text: TextNormaliser): Map<string, number> {
  const exact = new Map<string, number>();
  entries.forEach((entry, i) => {
    for (const name of entry.names) {
      if (name.kind !== 'name' && name.kind !== 'alias') continue;
      const key = text.catalogTokens(name.text).join(' ');
      const previous = exact.get(key);
      // First come wins, except that a curated alias beats another entry's main name.
      if (key !== '' && (previous === undefined || (name.kind === 'alias' && previous !== i))) {
        if (previous === undefined || name.kind === 'alias') exact.set(key, i);
      }
    }
  });
  return exact;
}
