import type { NamedEntry } from '../../figures/study-answer.js';
import type { StudyEntry } from '../../figures/table.js';
import type { QueryText, TextNormaliser } from './text.js';

/**
 * The independent studies' entries by name, for a food the catalog lacks (data/README.md,
 * "Independent figures"). A query names an entry only when its words, read as the catalog reads a
 * query (folded, singular, the lexicon's spellings and phrases, quantities and marketing words left
 * out), are the entry's own words in order: "protein bars" is Clark et al.'s "Protein bar", "cottage
 * cheese" its "Cottage cheese". Two names are derived where they cannot mean another food:
 *
 * - a kind word dropped: "halloumi" for "Halloumi cheese", where the word left ("halloumi") is one no
 *   catalog food's names use and no qualifier (a pack, state or modifier word), so it names nothing
 *   but that entry;
 * - a kind word added: "naan bread" for "Naan", where "naan" is such a word and the entry is the same
 *   other-study entry as the kind's own entry (Naan and Clark et al.'s "Bread" are both Poore &
 *   Nemecek's "Wheat & Rye").
 *
 * A kind word is an entry's whole name ("Cheese", "Bread") that ends at least MIN_KIND_ENTRIES other
 * entries' names ("Cheddar cheese", "Feta cheese"; "Pitta bread", "Sourdough bread").
 */

/** A name derived from the entry's own (a kind word dropped or added) is slightly less sure than it. */
export const DERIVED_NAME_CONFIDENCE = 0.95;
/** A word is a kind when at least this many other entries' names end with it. */
const MIN_KIND_ENTRIES = 2;

export class StudyNames {
  private readonly byKey = new Map<string, NamedEntry[]>();

  constructor(
    entries: readonly StudyEntry[],
    text: TextNormaliser,
    /** Whether some catalog food's names use the word. */
    catalogKnows: (token: string) => boolean,
    /** Pack, state and modifier words, which never name a food alone. */
    qualifiers: ReadonlySet<string>,
  ) {
    const named = entries
      .filter((entry) => entry.byName)
      .map((entry) => ({ entry, tokens: text.query(entry.name).tokens }))
      .filter(({ tokens }) => tokens.length > 0);
    const own = new Map<string, NamedEntry[]>();
    for (const { entry, tokens } of named) add(own, tokens.join(' '), entry, 1);

    const endings = new Map<string, number>();
    for (const { tokens } of named)
      if (tokens.length > 1) endings.set(tokens.at(-1)!, (endings.get(tokens.at(-1)!) ?? 0) + 1);
    const kinds = new Map<string, StudyEntry[]>();
    for (const { entry, tokens } of named) {
      if (tokens.length !== 1 || (endings.get(tokens[0]!) ?? 0) < MIN_KIND_ENTRIES) continue;
      kinds.set(tokens[0]!, [...(kinds.get(tokens[0]!) ?? []), entry]);
    }
    // A word only this entry can mean: no catalog food's names use it, and it qualifies nothing.
    const unknownWord = (token: string) => !catalogKnows(token) && !qualifiers.has(token);

    const derived = new Map<string, NamedEntry[]>();
    for (const { entry, tokens } of named) {
      const [first, kind] = tokens;
      if (tokens.length === 2 && kinds.has(kind!) && unknownWord(first!))
        add(derived, first!, entry, DERIVED_NAME_CONFIDENCE);
      if (tokens.length !== 1 || !unknownWord(first!)) continue;
      for (const [word, kindEntries] of kinds) {
        if (word === first) continue;
        const sameKind = kindEntries.some((kindEntry) =>
          [kindEntry.item, ...kindEntry.alsoIs].some((other) => entry.alsoIs.includes(other)),
        );
        if (sameKind) add(derived, `${first} ${word}`, entry, DERIVED_NAME_CONFIDENCE);
      }
    }
    for (const [key, list] of own) this.set(key, list);
    for (const [key, list] of derived) if (!own.has(key)) this.set(key, list);
  }

  /** Keeps a name's entries, less any study with two of them: that name does not say which. */
  private set(key: string, list: readonly NamedEntry[]): void {
    const count = new Map<number, number>();
    for (const entry of list) count.set(entry.dataset, (count.get(entry.dataset) ?? 0) + 1);
    const sure = list.filter((entry) => count.get(entry.dataset) === 1);
    if (sure.length > 0) this.byKey.set(key, sure);
  }

  /** The entries (at most one per study) a query names; none for a query naming a brand or a vessel. */
  named(query: QueryText): readonly NamedEntry[] {
    if (query.brands.length > 0 || query.vessel || query.tokens.length === 0) return [];
    return this.byKey.get(query.tokens.join(' ')) ?? [];
  }

  /** How many names the index holds (for the coverage report). */
  get size(): number {
    return this.byKey.size;
  }
}

function add(map: Map<string, NamedEntry[]>, key: string, entry: StudyEntry, confidence: number): void {
  const list = map.get(key) ?? [];
  if (!list.some((each) => each.item === entry.item))
    list.push({ item: entry.item, dataset: entry.dataset, confidence });
  map.set(key, list);
}
