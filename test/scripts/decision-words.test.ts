import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contradiction } from '../../scripts/build-data/decision-contradictions.js';
import { readDecisionWords, sameAnimal } from '../../scripts/build-data/decision-words.js';

const committed = new URL('../../scripts/build-data/decision-words.json', import.meta.url);

describe('decision words (scripts/build-data/decision-words.json)', () => {
  it('reads the committed file with its schema', () => {
    const words = readDecisionWords();
    expect(Object.keys(words.diets).sort()).toEqual(['pescatarian', 'vegan', 'vegetarian']);
    expect(words.animals.lamb).toContain('goat');
  });

  it('refuses a broader or pescatarian animal group that names no group', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decision-words-'));
    try {
      const raw = JSON.parse(readFileSync(committed, 'utf8'));
      const file = join(dir, 'words.json');
      writeFileSync(file, JSON.stringify({ ...raw, broaderAnimals: { seafood: ['fish', 'mollusc'] } }));
      expect(() => readDecisionWords(file)).toThrow(/no animal group mollusc/);
      writeFileSync(file, JSON.stringify({ ...raw, pescatarianAnimals: ['fish', 'krill'] }));
      expect(() => readDecisionWords(file)).toThrow(/no animal group krill/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes seafood as fish or shellfish, and nothing else as one another', () => {
    expect(sameAnimal('seafood', 'fish')).toBe(true);
    expect(sameAnimal('shellfish', 'seafood')).toBe(true);
    expect(sameAnimal('fish', 'shellfish')).toBe(false);
    expect(sameAnimal('beef', 'seafood')).toBe(false);
  });

  it('reads honey as an animal product and seafood as pescatarian', () => {
    expect(contradiction({ name: 'Vegan granola', diet: 'vegan' }, 'Granola with honey')).toMatch(/honey/);
    expect(contradiction({ name: 'Fish pie', diet: 'pescatarian' }, 'Seafood pie')).toBeNull();
    expect(contradiction({ name: 'Fish pie', diet: 'pescatarian' }, 'Chicken pie')).toMatch(/chicken/);
  });
});
