import type { LookupKind } from '../../core/errors.js';
import { foldText } from './normalise.js';

export interface SuggestionEntry {
  /** What is offered, at most 100 characters (Discord's limit for choice names and values). */
  display: string;
  aliases: readonly string[];
}

interface Indexed {
  display: string;
  /** Folded display name and aliases. */
  names: string[];
  /** Word starts within those names. */
  words: string[][];
}

const MAX_LENGTH = 100;

function words(folded: string): string[] {
  return folded.split(/[^a-z0-9%]+/).filter((word) => word !== '');
}

function index(entries: readonly SuggestionEntry[]): Indexed[] {
  const seen = new Set<string>();
  const indexed: Indexed[] = [];
  for (const entry of entries) {
    const display = entry.display.slice(0, MAX_LENGTH);
    if (seen.has(display)) continue;
    seen.add(display);
    const names = [entry.display, ...entry.aliases].map(foldText);
    indexed.push({ display, names, words: names.map(words) });
  }
  return indexed;
}

/**
 * Autocomplete: names that start with what was typed, then names with words starting with each typed
 * word. A linear scan over a few thousand short strings takes well under a millisecond.
 */
export class Suggester {
  private readonly products: Indexed[];
  private readonly recipes: Indexed[];

  constructor(
    products: readonly SuggestionEntry[],
    recipes: readonly SuggestionEntry[],
    private readonly popularProducts: readonly string[],
  ) {
    this.products = index(products);
    this.recipes = index(recipes);
  }

  suggest(kind: LookupKind, prefix: string, limit: number): string[] {
    if (limit <= 0) return [];
    const entries = kind === 'product' ? this.products : this.recipes;
    const folded = foldText(prefix).replace(/\s+/g, ' ').trim();
    if (folded === '') {
      const popular = kind === 'product' ? this.popularProducts : entries.map((entry) => entry.display);
      return popular.slice(0, limit).map((name) => name.slice(0, MAX_LENGTH));
    }
    const typed = words(folded);
    // Only punctuation ("-", "!!", "'"): nothing was asked for, and with no words every name would
    // vacuously match. An empty list says "no match"; the staples are for an empty box only.
    if (typed.length === 0) return [];
    const ranked: { display: string; rank: number; length: number }[] = [];
    for (const entry of entries) {
      let rank = Number.POSITIVE_INFINITY;
      entry.names.forEach((name, i) => {
        const isDisplay = i === 0 ? 0 : 1;
        if (name.startsWith(folded)) rank = Math.min(rank, isDisplay);
        else if (typed.every((word) => entry.words[i]!.some((candidate) => candidate.startsWith(word)))) {
          rank = Math.min(rank, 2 + isDisplay);
        }
      });
      if (rank !== Number.POSITIVE_INFINITY)
        ranked.push({ display: entry.display, rank, length: entry.display.length });
    }
    ranked.sort((a, b) => a.rank - b.rank || a.length - b.length || a.display.localeCompare(b.display));
    return ranked.slice(0, limit).map((item) => item.display);
  }
}
