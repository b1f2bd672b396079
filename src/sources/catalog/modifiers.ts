import type { ExclusiveGroup } from './lexicon.js';
import type { FoodIndex } from './search-index.js';

/**
 * Reads which modifier values words state (data/curated/lexicon.json's exclusive groups): an animal,
 * raw or cooked, fresh or dried, sugared or not, dry or a drink. A word may state values in several
 * groups ("raw" is uncooked and fresh).
 */
export class ModifierReader {
  private readonly meanings = new Map<string, { group: string; value: string }[]>();
  private readonly fallbacks: { group: string; value: string }[] = [];
  /** Per group, per value asked for, the values a food may state instead (ExclusiveGroup.accepts). */
  private readonly accepted = new Map<string, ReadonlyMap<string, readonly string[]>>();
  /** Words with a value in a group that only qualifies the food (raw, dried, sugared, a drink). */
  private readonly qualifying = new Set<string>();
  /** Every group's name, in the lexicon's order. */
  readonly groupNames: readonly string[];

  constructor(groups: readonly ExclusiveGroup[]) {
    this.groupNames = groups.map((group) => group.name);
    for (const group of groups) {
      if (!group.definesFood)
        for (const words of Object.values(group.values)) for (const word of words) this.qualifying.add(word);
      if (group.fallbackValue !== undefined)
        this.fallbacks.push({ group: group.name, value: group.fallbackValue });
      if (group.accepts !== undefined) this.accepted.set(group.name, new Map(Object.entries(group.accepts)));
      for (const [value, words] of Object.entries(group.values)) {
        for (const word of words) {
          const list = this.meanings.get(word) ?? [];
          list.push({ group: group.name, value });
          this.meanings.set(word, list);
        }
      }
    }
  }

  /** "group:value" for each value a word states. */
  valueKeys(token: string): string[] {
    return (this.meanings.get(token) ?? []).map((meaning) => `${meaning.group}:${meaning.value}`);
  }

  /**
   * What a query asks for (read's map), widened by the values a food may state instead (accepts): a
   * new map, or the same one when no group widens (most queries).
   */
  widen(asked: ReadonlyMap<string, ReadonlySet<string>>): ReadonlyMap<string, ReadonlySet<string>> {
    let widened: Map<string, ReadonlySet<string>> | undefined;
    for (const [group, values] of asked) {
      const accepts = this.accepted.get(group);
      if (accepts === undefined) continue;
      const extra = [...values].flatMap((value) => accepts.get(value) ?? []);
      if (extra.length === 0) continue;
      widened ??= new Map(asked);
      widened.set(group, new Set([...values, ...extra]));
    }
    return widened ?? asked;
  }

  /**
   * Whether a word states a value besides its group's fallback: "potato" says only that a dish may be
   * meat-free, which any other value overrides (ExclusiveGroup.fallbackValue).
   */
  statesBeyondFallback(token: string): boolean {
    return (this.meanings.get(token) ?? []).some(
      (meaning) => !this.fallbacks.some((f) => f.group === meaning.group && f.value === meaning.value),
    );
  }

  /**
   * Whether a word states how the food is (raw, dried, sugared), as against what the food is: "chicken"
   * and "chickpea" name the food as much as they say which animal it is or is not.
   */
  qualifies(token: string): boolean {
    return this.qualifying.has(token);
  }

  /** Group → the values stated by these words. */
  read(tokens: Iterable<string>): Map<string, Set<string>> {
    const stated = new Map<string, Set<string>>();
    for (const token of tokens) {
      for (const meaning of this.meanings.get(token) ?? []) {
        const values = stated.get(meaning.group) ?? new Set<string>();
        values.add(meaning.value);
        stated.set(meaning.group, values);
      }
    }
    for (const { group, value } of this.fallbacks) {
      const values = stated.get(group);
      if (values !== undefined && values.size > 1) values.delete(value);
    }
    return stated;
  }
}

/**
 * Whether `stated` gives some group only values that `asked` does not: "cooked" against a raw food,
 * "chicken" against a beef dish. A group only one side states is no conflict.
 */
export function conflicts(
  asked: ReadonlyMap<string, ReadonlySet<string>>,
  stated: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  for (const [group, values] of asked) {
    const other = stated.get(group);
    if (other === undefined || other.size === 0) continue;
    let shared = false;
    for (const value of values) {
      if (other.has(value)) {
        shared = true;
        break;
      }
    }
    if (!shared) return true;
  }
  return false;
}

/** A name stating no modifier value (most names): one shared set, never written to. */
const NO_VALUES: ReadonlySet<string> = new Set();

/** Per entry and name, the modifier values its words state; each word is read once. */
export function variantValues(index: FoodIndex, modifiers: ModifierReader): ReadonlySet<string>[][] {
  const valuesOf = new Map<string, readonly string[]>();
  return index.variants.map((variants) =>
    variants.map((variant) => {
      let values: Set<string> | undefined;
      for (const token of variant.tokens) {
        let keys = valuesOf.get(token);
        if (keys === undefined) {
          keys = modifiers.valueKeys(token);
          valuesOf.set(token, keys);
        }
        if (keys.length === 0) continue;
        values ??= new Set();
        for (const key of keys) values.add(key);
      }
      return values ?? NO_VALUES;
    }),
  );
}
