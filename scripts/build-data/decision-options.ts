/**
 * What the bot presented for a decision case, and which presented option stands for which expected
 * one: names compared word by word, as a reader would, through the typos the message keeps.
 */
import pluralize from 'pluralize';
import type { CompareResult } from '../../src/compare/model.js';
import { foldWords } from '../../src/core/fold.js';

/** What the bot presented for one option, whatever became of it. */
export interface Presented {
  input: string;
  status: 'ranked' | 'not ranked' | 'not found' | 'not understood' | 'failed';
  /** The name the source answered with, when found. */
  answer: string | null;
  kgCo2e: number | null;
  /** A ranked option's figure on every other dataset the answer carries, on the ranked footing. */
  figures: { dataset: string; kgCo2e: number }[];
}

/** Every option the result shows, in the order of its lists. An error reply presents nothing. */
export function presentedOptions(result: CompareResult | null): Presented[] {
  if (result === null) return [];
  return [
    ...result.ranked.map((item) => ({
      input: item.input,
      status: 'ranked' as const,
      answer: item.name,
      kgCo2e: item.kgCo2e,
      figures: (item.figures ?? []).map(({ dataset, kgCo2e }) => ({ dataset, kgCo2e })),
    })),
    ...result.notRanked.map((item) => ({
      input: item.input,
      status: 'not ranked' as const,
      answer: item.name,
      kgCo2e: null,
      figures: [],
    })),
    ...result.notFound.map((item) => ({
      input: item.input,
      status: 'not found' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
    ...result.notUnderstood.map((item) => ({
      input: item.input,
      status: 'not understood' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
    ...result.failed.map((item) => ({
      input: item.input,
      status: 'failed' as const,
      answer: null,
      kgCo2e: null,
      figures: [],
    })),
  ];
}

/** Words that join a name without naming anything: "fish and chips" is "fish & chips". */
const JOINING_WORDS = new Set(['and', 'n', 'with', 'w', 'the', 'of', 'a', 'an', 'in', 'on']);

/** A name's words, folded and singular, without joining words. */
export function nameWords(text: string): string[] {
  return foldWords(text)
    .split(' ')
    .filter((word) => word !== '' && !JOINING_WORDS.has(word))
    .map((word) => (/^[a-z]+$/.test(word) ? pluralize.singular(word) : word));
}

/** Edits (insert, delete, substitute, swap two neighbours) from one word to another, up to `limit` + 1. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The set's names have obvious typos corrected while the message keeps them ("brocoli"): a word
 * matches one typed within one edit (two from eight letters), as a reader would still recognise it.
 */
function sameWord(expected: string, typed: string): boolean {
  if (expected === typed) return true;
  const longest = Math.max(expected.length, typed.length);
  if (longest < 4 || /\d/.test(expected)) return false;
  const limit = longest >= 8 ? 2 : 1;
  return editDistance(expected, typed, limit) <= limit;
}

/** Whether a presented option's text holds every word of the expected name (singular or plural). */
export function corresponds(expected: string, presented: string): boolean {
  const words = nameWords(presented);
  const wanted = nameWords(expected);
  return wanted.length > 0 && wanted.every((word) => words.some((typed) => sameWord(word, typed)));
}

/**
 * Pairs expected options with presented ones one to one (a maximum bipartite matching by augmenting
 * paths): "tacos / pho / salad" read as one option corresponds to one expected option only.
 * Returns, per expected option, the index of its presented option or -1.
 */
export function pairOptions(expected: readonly string[], presented: readonly string[]): number[] {
  const edges = expected.map((name) =>
    presented.map((text, j) => (corresponds(name, text) ? j : -1)).filter((j) => j >= 0),
  );
  const ownerOf = new Array<number>(presented.length).fill(-1);
  const augment = (i: number, seen: boolean[]): boolean => {
    for (const j of edges[i]!) {
      if (seen[j]) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || augment(ownerOf[j]!, seen)) {
        ownerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < expected.length; i++) augment(i, new Array<boolean>(presented.length).fill(false));
  const pairOf = new Array<number>(expected.length).fill(-1);
  ownerOf.forEach((i, j) => {
    if (i >= 0) pairOf[i] = j;
  });
  return pairOf;
}
