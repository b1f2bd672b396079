import { describe, expect, it } from 'vitest';
import { PortionKeySchema } from '../../src/recipes/portions.js';
import { alternation, compileVocabulary, ListWordsSchema, readListWords } from '../../src/recipes/words.js';

const words = readListWords();

describe('data/curated/list-words.json', () => {
  it('passes its schema and compiles', () => {
    expect(ListWordsSchema.safeParse(words).success).toBe(true);
    expect(() => compileVocabulary(words)).not.toThrow();
  });

  it('maps portion words and whole-thing packs to portions the portion table has', () => {
    for (const key of Object.keys(words.portions))
      expect(PortionKeySchema.safeParse(key).success, key).toBe(true);
    for (const [kind, key] of Object.entries(words.packsAlsoPortions)) {
      expect(Object.keys(words.packs)).toContain(kind);
      expect(PortionKeySchema.safeParse(key).success, key).toBe(true);
    }
    for (const kind of words.packsNotDroppedFromFood) expect(Object.keys(words.packs)).toContain(kind);
  });

  it('never gives one word two pack kinds or two portions', () => {
    const forms = Object.values(words.packs).flat();
    expect(new Set(forms).size).toBe(forms.length);
    const portions = Object.values(words.portions).flat();
    expect(new Set(portions).size).toBe(portions.length);
  });
});

describe('alternation', () => {
  it('tries longer phrases first and escapes what patterns would read', () => {
    const pattern = new RegExp(`^(?:${alternation(['a', 'a couple of', 'approx.'])})$`);
    expect(pattern.test('a couple of')).toBe(true);
    expect(pattern.test('approx.')).toBe(true);
    expect(pattern.test('approxX')).toBe(false);
  });
});
