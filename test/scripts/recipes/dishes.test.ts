import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCuratedDishes } from '../../../scripts/build-data/recipes/curated.js';

const DISHES = loadCuratedDishes();

const AGB_CODE = /^\d+(_\d+)?$/;

describe('hand-written dishes (data/curated/dishes.json)', () => {
  it('has at least 150 dishes', () => {
    expect(DISHES.length).toBeGreaterThanOrEqual(150);
  });

  it('covers at least 12 distinct cuisines', () => {
    const cuisines = new Set(DISHES.map((d) => d.cuisine));
    expect(cuisines.size).toBeGreaterThanOrEqual(12);
    for (const c of cuisines) expect(c.trim()).toBe(c);
  });

  it('has unique names and aliases (case-insensitive), none equal to another dish name', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const d of DISHES) {
      const keys = new Set<string>();
      for (const key of [d.name, ...d.aliases]) {
        const k = key.trim().toLowerCase();
        if (keys.has(k)) clashes.push(`${d.name}: repeated "${key}"`);
        keys.add(k);
        const prev = owner.get(k);
        if (prev !== undefined && prev !== d.name) clashes.push(`"${key}": ${prev} / ${d.name}`);
        owner.set(k, d.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('stays unique when accents, punctuation and spacing are ignored', () => {
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const d of DISHES) {
      for (const key of [d.name, ...d.aliases]) {
        const k = fold(key);
        const prev = owner.get(k);
        if (prev !== undefined && prev !== d.name) clashes.push(`"${key}": ${prev} / ${d.name}`);
        owner.set(k, d.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('has non-empty, trimmed names and aliases', () => {
    for (const d of DISHES) {
      expect(d.name.trim(), d.name).toBe(d.name);
      expect(d.name.length).toBeGreaterThan(0);
      expect(d.aliases.length, d.name).toBeGreaterThan(0);
      for (const a of d.aliases) {
        expect(a.trim(), `${d.name}: "${a}"`).toBe(a);
        expect(a.length, d.name).toBeGreaterThan(0);
      }
    }
  });

  it('gives every dish at least 2 ingredients with valid codes, positive grams and short labels', () => {
    for (const d of DISHES) {
      expect(d.ingredients.length, d.name).toBeGreaterThanOrEqual(2);
      for (const ing of d.ingredients) {
        const where = `${d.name} / ${ing.label}`;
        expect(ing.agb, where).toMatch(AGB_CODE);
        expect(Number.isFinite(ing.grams) && ing.grams >= 2, where).toBe(true);
        expect(ing.label.trim().length, where).toBeGreaterThan(0);
        expect(ing.label.length, where).toBeLessThanOrEqual(40);
      }
    }
  });

  it('does not list the same Agribalyse item twice with the same label in one dish', () => {
    for (const d of DISHES) {
      const seen = new Set<string>();
      for (const ing of d.ingredients) {
        const key = `${ing.agb}|${ing.label}`;
        expect(seen.has(key), `${d.name}: ${ing.label}`).toBe(false);
        seen.add(key);
      }
    }
  });

  it('has plausible per-serving totals (150-900 g)', () => {
    for (const d of DISHES) {
      const total = d.ingredients.reduce((sum, ing) => sum + ing.grams, 0);
      expect(total, d.name).toBeGreaterThanOrEqual(150);
      expect(total, d.name).toBeLessThanOrEqual(900);
    }
  });
});

describe('reading data/curated/dishes.json', () => {
  function curatedDir(dishes: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), 'carbon-dishes-'));
    writeFileSync(
      join(dir, 'ingredients.json'),
      JSON.stringify({ bread: { agb: '7200', label: 'bread', agribalyseName: 'Sandwich loaf' } }),
    );
    writeFileSync(join(dir, 'dishes.json'), JSON.stringify(dishes));
    return dir;
  }
  const toast = { name: 'Toast', cuisine: 'British', aliases: ['toasted bread'] };

  it('resolves ingredient keys to Agribalyse codes and labels, keeping a label override', () => {
    const dir = curatedDir([
      {
        ...toast,
        ingredients: [
          { use: 'bread', grams: 60 },
          { use: 'bread', grams: 20, label: 'crust' },
        ],
      },
    ]);
    expect(loadCuratedDishes(dir)[0]!.ingredients).toEqual([
      { agb: '7200', grams: 60, label: 'bread' },
      { agb: '7200', grams: 20, label: 'crust' },
    ]);
  });

  it('refuses an unknown ingredient key, naming the dish', () => {
    const dir = curatedDir([
      {
        ...toast,
        ingredients: [
          { use: 'bread', grams: 60 },
          { use: 'brioche', grams: 20 },
        ],
      },
    ]);
    expect(() => loadCuratedDishes(dir)).toThrow(/"Toast" uses unknown ingredient "brioche"/);
  });

  it('refuses a malformed dish (negative grams), naming the file', () => {
    const dir = curatedDir([
      {
        ...toast,
        ingredients: [
          { use: 'bread', grams: -1 },
          { use: 'bread', grams: 20 },
        ],
      },
    ]);
    expect(() => loadCuratedDishes(dir)).toThrow(/dishes\.json is malformed/);
  });
});
