import type { ModifierReader } from './modifiers.js';
import type { FoodIndex, NameKind } from './search-index.js';

/**
 * The re-ranker's view of an entry's names, packed: word ids in one Int32Array, weights in one
 * Float64Array. A lookup scores some hundred names of forty entries spread over the heap; read as
 * objects, sets and strings, most of its time went in cache misses, as each name is a dozen objects.
 * Packed, every entry lives in the same three typed arrays, each entry's run of them in one place
 * (its `base`), reserved when the catalog loads and filled on the entry's first candidacy: a candidate
 * costs a few cache lines, not a few scattered objects.
 *
 * Layout of an entry's run of `ids` from its base (and of `numbers`, which shares its positions); the
 * ranges are positions in the whole arrays, not from the base:
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
  /** Where the entry's run starts in ids, numbers and qualifies. */
  base: number;
  /** The arrays of every entry (the same for all). */
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
  /** Per entry, where its run starts: room for the most it can hold. */
  private readonly bases: Int32Array;
  private readonly packedFlags: Uint8Array;
  readonly ids: Int32Array;
  readonly numbers: Float64Array;
  readonly qualifies: Uint8Array;

  constructor(private readonly context: PackingContext) {
    const { index } = context;
    this.bases = new Int32Array(index.variants.length);
    this.packedFlags = new Uint8Array(index.variants.length);
    let size = 0;
    index.variants.forEach((variants, entry) => {
      this.bases[entry] = size;
      // The header, each name's slot, tokens and heads, the trusted words, the main name's unasked words.
      size += HEADER + NAME_STRIDE * variants.length + index.trustedWords[entry]!.size;
      size += variants[0]?.tokens.length ?? 0;
      for (const variant of variants) {
        for (const token of variant.tokens) this.assign(token);
        for (const head of variant.heads) this.assign(head);
        size += variant.tokens.length + variant.heads.length;
      }
    });
    this.ids = new Int32Array(size);
    this.numbers = new Float64Array(size);
    this.qualifies = new Uint8Array(size);
  }

  private assign(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordIds.size;
      this.wordIds.set(word, id);
    }
    return id;
  }

  /** How many words have ids: every id is below this. */
  get vocabularySize(): number {
    return this.wordIds.size;
  }

  /** A query word's id; -1 for a word no name has, which then matches nothing. */
  id(word: string | undefined): number {
    return word === undefined ? -1 : (this.wordIds.get(word) ?? -1);
  }

  /** Where the entry's run starts, packing it first if need be: no per-entry object is read. */
  baseOf(entry: number): number {
    if (this.packedFlags[entry] === 0) this.entry(entry);
    return this.bases[entry]!;
  }

  entry(entry: number): PackedEntry {
    let packed = this.entries[entry];
    if (packed === undefined) {
      packed = this.pack(entry);
      this.entries[entry] = packed;
      this.packedFlags[entry] = 1;
    }
    return packed;
  }

  private pack(entry: number): PackedEntry {
    const { index, modifiers, nonDefaultStates, qualifiers, foodDefiningGroups } = this.context;
    const { ids, numbers, qualifies } = this;
    const variants = index.variants[entry]!;
    const base = this.bases[entry]!;
    let end = base + HEADER + NAME_STRIDE * variants.length;
    const push = (id: number, number = 0, qualifier = 0) => {
      ids[end] = id;
      numbers[end] = number;
      qualifies[end] = qualifier;
      end++;
    };
    ids[base] = variants.length;
    variants.forEach((variant, v) => {
      const at = base + HEADER + NAME_STRIDE * v;
      ids[at] = KIND_CODE[variant.kind];
      numbers[at] = variant.totalWeight;
      ids[at + 1] = end;
      variant.tokens.forEach((token, i) => {
        push(this.id(token), variant.weights[i]!, qualifiers.has(token) ? 1 : 0);
      });
      ids[at + 2] = end;
      ids[at + 3] = end;
      for (const head of variant.heads) push(this.id(head));
      ids[at + 4] = end;
    });
    ids[base + 1] = end;
    for (const token of index.trustedWords[entry]!) push(this.id(token));
    ids[base + 2] = end;
    const unaskedGroups: string[][] = [];
    ids[base + 3] = end;
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
    ids[base + 4] = end;
    ids[base + 5] = main?.tokens.includes('raw') ? 1 : 0;
    ids[base + 6] = main === undefined ? 0 : 1;
    return { base, ids, numbers, qualifies, unaskedGroups };
  }
}

/** Whether `id` is among ids[start..end). */
export function within(ids: Int32Array, start: number, end: number, id: number): boolean {
  for (let i = start; i < end; i++) if (ids[i] === id) return true;
  return false;
}
