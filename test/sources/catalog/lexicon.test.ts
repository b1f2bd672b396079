import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExclusiveGroupSchema, LexiconSchema } from '../../../src/sources/catalog/lexicon.js';

const group = {
  name: 'preservation',
  why: 'test',
  appliesTo: ['products'],
  values: { fresh: ['fresh', 'raw'], frozen: ['frozen'] },
};

describe('ExclusiveGroupSchema', () => {
  it('takes a fallback and accepted values that are values of the group', () => {
    expect(
      ExclusiveGroupSchema.safeParse({ ...group, fallbackValue: 'fresh', accepts: { frozen: ['fresh'] } })
        .success,
    ).toBe(true);
  });

  it('refuses a fallback or an accepted value the group does not have, naming it', () => {
    const accepts = ExclusiveGroupSchema.safeParse({ ...group, accepts: { frozen: ['fersh'] } });
    expect(accepts.success).toBe(false);
    expect(accepts.error?.issues[0]?.message).toBe('"fersh" is not a value of preservation');
    expect(ExclusiveGroupSchema.safeParse({ ...group, accepts: { chilled: ['fresh'] } }).success).toBe(false);
    expect(ExclusiveGroupSchema.safeParse({ ...group, fallbackValue: 'dried' }).success).toBe(false);
  });
});

describe('LexiconSchema', () => {
  it('takes the curated lexicon, whose phrases are all folded', () => {
    const raw = JSON.parse(
      readFileSync(new URL('../../../data/curated/lexicon.json', import.meta.url), 'utf8'),
    );
    expect(LexiconSchema.safeParse(raw).success).toBe(true);
    expect(LexiconSchema.safeParse({ ...raw, phrases: { 'ready-to-drink': 'brewed' } }).success).toBe(false);
  });
});
