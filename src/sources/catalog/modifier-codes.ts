import type { ModifierReader } from './modifiers.js';

/**
 * The modifier values (lexicon exclusive groups) that the re-ranker compares for every name of every
 * candidate, as small integers: comparing "animal:beef" strings and probing sets of them for each of a
 * hundred names was a fifth of a slow lookup. Groups and values come from the lexicon only, so the
 * tables are bounded by it, whatever users type.
 */

/**
 * What an entry states, coded into a run of Int32s (the re-ranker keeps every entry's in one array):
 * per group id its code (STATES: a value of the group; HAS_GROUP: the group without a value; else 0),
 * then the number of values it states, then their ids.
 */
export const STATES = 1;
export const HAS_GROUP = 2;

/** The query's modifiers, coded once per re-ranking. */
export interface CodedQuery {
  /** The groups the query states, in the order of its modifiers map. */
  groups: Int32Array;
  /** Per group of `groups`, the value ids the query states in it. */
  values: Int32Array[];
  /** Per group id, 1 when the query states it. */
  asked: Uint8Array;
}

export class ModifierCodes {
  private readonly groupIds = new Map<string, number>();
  private readonly valueIds = new Map<string, number>();

  constructor(modifiers: ModifierReader) {
    for (const group of modifiers.groupNames) this.groupIds.set(group, this.groupIds.size);
  }

  get groupCount(): number {
    return this.groupIds.size;
  }

  /** A group's id; -1 for a name the lexicon does not have. */
  group(name: string): number {
    return this.groupIds.get(name) ?? -1;
  }

  /** The id of a "group:value" key (or of a group and value). Keys come from the lexicon only. */
  value(key: string): number {
    let id = this.valueIds.get(key);
    if (id === undefined) {
      id = this.valueIds.size;
      this.valueIds.set(key, id);
    }
    return id;
  }

  /** Value ids of a set of "group:value" keys. */
  values(keys: Iterable<string>): Int32Array {
    return Int32Array.from(keys, (key) => this.value(key));
  }

  /** How many Int32s writeStated needs for this entry's stated modifiers. */
  statedSize(stated: ReadonlyMap<string, ReadonlySet<string>>): number {
    let size = this.groupCount + 1;
    for (const values of stated.values()) size += values.size;
    return size;
  }

  /** Writes an entry's stated modifiers (ModifierReader.read's map) coded at `at`; returns the end. */
  writeStated(stated: ReadonlyMap<string, ReadonlySet<string>>, into: Int32Array, at: number): number {
    const count = at + this.groupCount;
    into.fill(0, at, count);
    let end = count + 1;
    for (const [group, groupValues] of stated) {
      into[at + this.group(group)] = groupValues.size === 0 ? HAS_GROUP : STATES;
      for (const value of groupValues) into[end++] = this.value(`${group}:${value}`);
    }
    into[count] = end - count - 1;
    return end;
  }

  /** The query's stated modifiers, coded. */
  query(modifiers: ReadonlyMap<string, ReadonlySet<string>>): CodedQuery {
    const groups = new Int32Array(modifiers.size);
    const values: Int32Array[] = [];
    const asked = new Uint8Array(this.groupCount);
    let g = 0;
    for (const [group, groupValues] of modifiers) {
      const id = this.group(group);
      groups[g++] = id;
      asked[id] = 1;
      values.push(Int32Array.from(groupValues, (value) => this.value(`${group}:${value}`)));
    }
    return { groups, values, asked };
  }
}

/** Whether one of `ids` is among[start..end). */
export function sharesAny(ids: Int32Array, among: Int32Array, start = 0, end = among.length): boolean {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    for (let k = start; k < end; k++) if (among[k] === id) return true;
  }
  return false;
}

/**
 * conflicts() (modifiers.ts) on coded modifiers: whether the entry whose stated modifiers are written
 * at stated[at..] gives some group the query states only values the query does not state.
 */
export function conflictsCoded(
  query: CodedQuery,
  stated: Int32Array,
  at: number,
  groupCount: number,
): boolean {
  const valuesStart = at + groupCount + 1;
  const valuesEnd = valuesStart + stated[at + groupCount]!;
  for (let g = 0; g < query.groups.length; g++) {
    if (stated[at + query.groups[g]!] !== STATES) continue;
    if (!sharesAny(query.values[g]!, stated, valuesStart, valuesEnd)) return true;
  }
  return false;
}
