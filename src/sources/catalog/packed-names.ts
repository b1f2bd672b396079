import type { ModifierReader } from './modifiers.js';
import type { FoodIndex, NameKind } from './search-index.js';

/**
 * The re-ranker's view of an entry's names, packed: word ids in one Int32Array, weights in one
 * Float64Array. A lookup scores some hundred names of forty entries spread over the heap; read as
 * objects, sets and strings, most of its time went in cache misses, as each name is a dozen objects.
 * Packed, an entry is three typed arrays. Entries are packed on their first candidacy, not at load.
 *
 * Layout of `ids` (and of `numbers`, which shares its positions):
 * - [0] the number of names, [1..2] the range of the entry's trusted words (its own name and aliases),
 *   [3..4] the range of the main name's unasked words, [5] whether the main name is raw, [6] whether
 *   the entry has a main name;
 * - per name, HEADER + NAME_STRIDE * v: kind, tokens start, tokens end, heads start, heads end, and the
 *   name's total weight in `numbers`;
 * - then the ranges: per token its id (its weight in `numbers`, whether it only qualifies the food in
 *   `qualifies`), per head its id, the trusted words, and per unasked word of the main name (a
 *   non-default state or a food-defining word) its id (whether it is a state in `qualifies`).
 */
export const KIND_CODE: Record<NameKind, number> = { name: 0, alias: 1, synonym: 2, related: 3 };
export const HEADER = 7;
export const NAME_STRIDE = 5;
export interface PackedEntry {
  ids: Int32Array;
  numbers: Float64Array;
  /** Per token, whether it only qualifies the food; per unasked word, whether it is a non-default state. */
  qualifies: Uint8Array;
  /** Per unasked word of the main name: the food-defining groups it states. */
  unaskedGroups: readonly (readonly string[])[];
}

export interface PackingContext {
  index: FoodIndex;
  modifiers: ModifierReader;
  nonDefaultStates: ReadonlySet<string>;
  qualifiers: ReadonlySet<string>;
  foodDefiningGroups: ReadonlySet<string>;
}

export class PackedNames {
  /** Word → id, for every word and head of every name of the index. */
  private readonly wordIds = new Map<string, number>();
  private readonly entries: (PackedEntry | undefined)[] = [];

  constructor(private readonly context: PackingContext) {
    for (const variants of context.index.variants) {
      for (const variant of variants) {
        for (const token of variant.tokens) this.assign(token);
        for (const head of variant.heads) this.assign(head);
      }
    }
  }

  private assign(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordIds.size;
      this.wordIds.set(word, id);
    }
    return id;
  }

  /** A query word's id; -1 for a word no name has, which then matches nothing. */
  id(word: string | undefined): number {
    return word === undefined ? -1 : (this.wordIds.get(word) ?? -1);
  }

  entry(entry: number): PackedEntry {
    let packed = this.entries[entry];
    if (packed === undefined) {
      packed = this.pack(entry);
      this.entries[entry] = packed;
    }
    return packed;
  }

  private pack(entry: number): PackedEntry {
    const { index, modifiers, nonDefaultStates, qualifiers, foodDefiningGroups } = this.context;
    const variants = index.variants[entry]!;
    const ids: number[] = new Array(HEADER + NAME_STRIDE * variants.length).fill(0);
    const numbers: number[] = new Array(ids.length).fill(0);
    const qualifies: number[] = new Array(ids.length).fill(0);
    const push = (id: number, number = 0, qualifier = 0) => {
      ids.push(id);
      numbers.push(number);
      qualifies.push(qualifier);
    };
    ids[0] = variants.length;
    variants.forEach((variant, v) => {
      const at = HEADER + NAME_STRIDE * v;
      ids[at] = KIND_CODE[variant.kind];
      numbers[at] = variant.totalWeight;
      ids[at + 1] = ids.length;
      variant.tokens.forEach((token, i) => {
        push(this.id(token), variant.weights[i]!, qualifiers.has(token) ? 1 : 0);
      });
      ids[at + 2] = ids.length;
      ids[at + 3] = ids.length;
      for (const head of variant.heads) push(this.id(head));
      ids[at + 4] = ids.length;
    });
    ids[1] = ids.length;
    for (const token of index.trustedWords[entry]!) push(this.id(token));
    ids[2] = ids.length;
    const unaskedGroups: string[][] = [];
    ids[3] = ids.length;
    const main = variants[0];
    for (const token of main?.tokens ?? []) {
      const groups = modifiers
        .valueKeys(token)
        .map((key) => key.slice(0, key.indexOf(':')))
        .filter((group) => foodDefiningGroups.has(group));
      const nonDefault = nonDefaultStates.has(token);
      if (!nonDefault && groups.length === 0) continue;
      push(this.id(token), 0, nonDefault ? 1 : 0);
      unaskedGroups.push(groups);
    }
    ids[4] = ids.length;
    ids[5] = main?.tokens.includes('raw') ? 1 : 0;
    ids[6] = main === undefined ? 0 : 1;
    return {
      ids: Int32Array.from(ids),
      numbers: Float64Array.from(numbers),
      qualifies: Uint8Array.from(qualifies),
      unaskedGroups,
    };
  }
}

/** Whether `id` is among ids[start..end). */
export function within(ids: Int32Array, start: number, end: number, id: number): boolean {
  for (let i = start; i < end; i++) if (ids[i] === id) return true;
  return false;
}
