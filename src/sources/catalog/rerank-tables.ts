import { type CodedQuery, ModifierCodes } from './modifier-codes.js';
import type { ModifierReader } from './modifiers.js';
import { PackedNames, type PackingContext } from './packed-names.js';

/**
 * What the re-ranker reads instead of objects and strings: the packed names (packed-names.ts), the
 * coded modifiers (modifier-codes.ts), and marks saying in one read whether a word is the query's. A
 * long query against forty candidates asked "is this word one of the query's?" thousands of times by
 * scanning the query's words; a mark per word of the catalog answers it at once.
 */

export interface TablesContext extends PackingContext {
  modifiers: ModifierReader;
  /** Per entry, the modifier values it states (ModifierReader.read). */
  stated: readonly ReadonlyMap<string, ReadonlySet<string>>[];
  /** Per entry and name: the modifier values ("group:value") its words state. */
  variantValues: readonly (readonly ReadonlySet<string>[])[];
}

/** Marks are generations: starting a new query needs no clearing, only a wrap-around now and then. */
const MAX_GENERATION = 2 ** 30;

/** Per catalog word, whether it is one of the current query's words, and which. */
export class QueryMarks {
  private readonly word: Int32Array;
  private readonly slot: Int32Array;
  private readonly sole: Int32Array;
  private generation = 0;
  /** Per query word: the cover() mark of the last names range that has it. Two: trusted, own. */
  private covered = [new Int32Array(8), new Int32Array(8)];
  private coverGeneration = 0;

  constructor(vocabulary: number) {
    this.word = new Int32Array(vocabulary);
    this.slot = new Int32Array(vocabulary);
    this.sole = new Int32Array(vocabulary);
  }

  /** Marks these query words (ids, -1 for none) and sole heads for the re-ranking that starts. */
  start(words: Int32Array, soleHeads: Int32Array): void {
    if (++this.generation === MAX_GENERATION) {
      this.word.fill(0);
      this.sole.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    for (let w = 0; w < words.length; w++) {
      const id = words[w]!;
      if (id < 0) continue;
      this.word[id] = generation;
      this.slot[id] = w;
    }
    for (let w = 0; w < soleHeads.length; w++) {
      const id = soleHeads[w]!;
      if (id >= 0) this.sole[id] = generation;
    }
    if (this.covered[0]!.length < words.length) {
      this.covered = [new Int32Array(words.length * 2), new Int32Array(words.length * 2)];
    }
  }

  /** Whether the word (an id of a catalog name's word) is one of the query's. */
  has(id: number): boolean {
    return this.word[id] === this.generation;
  }

  /** Whether the word is a head that every name with one of the query's words has. */
  hasSole(id: number): boolean {
    return this.sole[id] === this.generation;
  }

  /**
   * Notes which query words ids[start..end) has, in list `list` (0 or 1, so that two ranges can be
   * held at once); returns the mark that covers() then tests against.
   */
  cover(list: 0 | 1, ids: Int32Array, start: number, end: number): number {
    if (++this.coverGeneration === MAX_GENERATION) {
      for (const covered of this.covered) covered.fill(0);
      this.coverGeneration = 1;
    }
    const mark = this.coverGeneration;
    const covered = this.covered[list]!;
    for (let k = start; k < end; k++) {
      const id = ids[k]!;
      if (this.word[id] === this.generation) covered[this.slot[id]!] = mark;
    }
    return mark;
  }

  /** Whether the range noted under `mark` has query word `w`. */
  covers(list: 0 | 1, w: number, mark: number): boolean {
    return this.covered[list]![w] === mark;
  }
}

/**
 * Per re-ranking context; entries are packed and coded on their first candidacy, not at load, each
 * into room reserved for it at load. An entry's coded modifiers (`coded`, from its codedAt):
 * - [0] where its names' value ranges start (V), [1] where its unasked words' group ranges start (U);
 * - [2..] what it states (ModifierCodes.writeStated);
 * - from V, per name: the start and end of the value ids its words state; from U, per unasked word
 *   of the main name (PackedEntry.unaskedGroups): the start and end of its food-defining group ids;
 *   then those ids.
 */
export class RerankTables {
  readonly packed: PackedNames;
  readonly codes: ModifierCodes;
  readonly marks: QueryMarks;
  readonly coded: Int32Array;
  /** Per entry, where its coded modifiers start; -1 until coded. */
  private readonly codedAts: Int32Array;
  /** Per entry, the room reserved for them. */
  private readonly reserved: Int32Array;

  constructor(private readonly context: TablesContext) {
    this.packed = new PackedNames(context);
    this.codes = new ModifierCodes(context.modifiers);
    this.marks = new QueryMarks(this.packed.vocabularySize);
    const { variants } = context.index;
    this.codedAts = new Int32Array(variants.length).fill(-1);
    this.reserved = new Int32Array(variants.length);
    let size = 0;
    variants.forEach((names, entry) => {
      this.reserved[entry] = size;
      size += 2 + this.codes.statedSize(context.stated[entry]!);
      for (const values of context.variantValues[entry]!) size += 2 + values.size;
      // At most every word of the main name is unasked, each with at most every group.
      size += (names[0]?.tokens.length ?? 0) * (2 + this.codes.groupCount);
    });
    this.coded = new Int32Array(size);
  }

  /** Where the entry's coded modifiers start in `coded`. */
  codedAt(entry: number): number {
    const known = this.codedAts[entry]!;
    if (known >= 0) return known;
    const { codes, coded } = this;
    const { unaskedGroups } = this.packed.entry(entry);
    const at = this.reserved[entry]!;
    let end = codes.writeStated(this.context.stated[entry]!, coded, at + 2);
    const variantValues = this.context.variantValues[entry]!;
    coded[at] = end;
    let data = end + 2 * variantValues.length;
    variantValues.forEach((values, v) => {
      coded[end + 2 * v] = data;
      for (const key of values) coded[data++] = codes.value(key);
      coded[end + 2 * v + 1] = data;
    });
    end = data;
    coded[at + 1] = end;
    data = end + 2 * unaskedGroups.length;
    unaskedGroups.forEach((groups, u) => {
      coded[end + 2 * u] = data;
      for (const group of groups) coded[data++] = codes.group(group);
      coded[end + 2 * u + 1] = data;
    });
    this.codedAts[entry] = at;
    return at;
  }
}

/** The query's words and modifiers as ids, worked out once per re-ranking. */
export interface QueryIds {
  /** Per query word, in order; -1 for a word no name has. */
  words: Int32Array;
  head: number;
  /** Per query word, a head every name with it has ("minestrone" → "soup"; see FoodIndex.soleHead), else -1. */
  soleHeads: Int32Array;
  /**
   * Per query word, the modifier value ids by which a name's word nearly covers it, else null: values
   * that say how the food is ("grilled" ~ "cooked"), not what it is (chorizo is pork, but not ham).
   */
  values: (Int32Array | null)[];
  modifiers: CodedQuery;
  /** Whether the query states cooked or raw. */
  preparation: boolean;
}

export function queryIds(
  tables: RerankTables,
  words: readonly { token: string }[],
  head: string | undefined,
  /** Per word, its modifier values ("group:value"), for the words that state any. */
  wordValues: ReadonlyMap<string, readonly string[]>,
  modifiers: ReadonlyMap<string, ReadonlySet<string>>,
  soleHead: (token: string) => string | undefined,
  /** Whether a word's values only qualify the food (ModifierReader.qualifies). */
  qualifies: (token: string) => boolean,
): QueryIds {
  const { packed, codes } = tables;
  const ids = new Int32Array(words.length);
  const soleHeads = new Int32Array(words.length);
  const values: (Int32Array | null)[] = [];
  words.forEach((word, w) => {
    ids[w] = packed.id(word.token);
    soleHeads[w] = packed.id(soleHead(word.token));
    const keys = wordValues.get(word.token);
    values.push(keys === undefined || !qualifies(word.token) ? null : codes.values(keys));
  });
  const coded = codes.query(modifiers);
  tables.marks.start(ids, soleHeads);
  return {
    words: ids,
    head: packed.id(head),
    soleHeads,
    values,
    modifiers: coded,
    preparation: coded.asked[codes.group('preparation')] === 1,
  };
}
