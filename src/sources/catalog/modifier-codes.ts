import type { ModifierReader } from './modifiers.js';

/**
 * The modifier values (lexicon exclusive groups) that the re-ranker compares for every name of every
 * candidate, as small integers: comparing "animal:beef" strings and probing sets of them for each of a
 * hundred names was a fifth of a slow lookup. Groups and values come from the lexicon only, so the
 * tables are bounded by it, whatever users type.
 */

/** What an entry states, coded: per group whether it states it, and every value it states. */
export interface CodedStated {
  /** Per group id: 1 when the entry states a value of that group, 2 when it has the group but no value, else 0. */
  groups: Uint8Array;
  /** The value ids the entry states, in any order. */
  values: Int32Array;
}

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

  /** An entry's stated modifiers (ModifierReader.read's map), coded. */
  stated(stated: ReadonlyMap<string, ReadonlySet<string>>): CodedStated {
    const groups = new Uint8Array(this.groupCount);
    const values: number[] = [];
    for (const [group, groupValues] of stated) {
      groups[this.group(group)] = groupValues.size === 0 ? 2 : 1;
      for (const value of groupValues) values.push(this.value(`${group}:${value}`));
    }
    return { groups, values: Int32Array.from(values) };
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

/** Whether one of `ids` is among `among`. */
export function sharesAny(ids: Int32Array, among: Int32Array): boolean {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    for (let k = 0; k < among.length; k++) if (among[k] === id) return true;
  }
  return false;
}

/**
 * conflicts() (modifiers.ts) on coded modifiers: whether the entry gives some group the query states
 * only values the query does not state.
 */
export function conflictsCoded(query: CodedQuery, stated: CodedStated): boolean {
  for (let g = 0; g < query.groups.length; g++) {
    if (stated.groups[query.groups[g]!] !== 1) continue;
    if (!sharesAny(query.values[g]!, stated.values)) return true;
  }
  return false;
}
