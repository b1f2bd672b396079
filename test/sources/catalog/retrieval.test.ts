import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BrandsFileSchema, LexiconSchema } from '../../../src/sources/catalog/lexicon.js';
import { ProductsFileSchema, RecipesFileSchema } from '../../../src/sources/catalog/schema.js';
import { FoodIndex, type IndexEntry } from '../../../src/sources/catalog/search-index.js';
import { TextNormaliser } from '../../../src/sources/catalog/text.js';

const read = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));
const lexicon = LexiconSchema.parse(read('data/curated/lexicon.json'));
const text = new TextNormaliser(lexicon, BrandsFileSchema.parse(read('data/curated/brands.json')));
const { products } = ProductsFileSchema.parse(read('data/products.json'));
const { recipes } = RecipesFileSchema.parse(read('data/recipes.json'));

// The catalog's own entries, named as catalog.ts names them.
const productIndex = new FoodIndex(
  products.map(
    (product): IndexEntry => ({
      names: [
        { text: product.name, kind: 'name' },
        ...product.aliases.map((name) => ({ text: name, kind: 'alias' as const })),
        ...product.synonyms.map((name) => ({ text: name, kind: 'synonym' as const })),
        ...product.related.map((name) => ({ text: name, kind: 'related' as const })),
      ],
    }),
  ),
  text,
  lexicon.packWords,
);
const recipeIndex = new FoodIndex(
  recipes.map(
    (recipe): IndexEntry => ({
      names: [
        { text: recipe.name, kind: 'name' },
        ...recipe.aliases.map((name) => ({ text: name, kind: 'alias' as const })),
      ],
    }),
  ),
  text,
  lexicon.packWords,
);

/** Every query of the development and validation sets, as the matcher would retrieve with it. */
function fixtureQueries(): string[] {
  const directories = ['test/fixtures', 'test/fixtures/queries-2026'];
  return directories.flatMap((directory) =>
    readdirSync(new URL(`../../../${directory}`, import.meta.url))
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => {
        const data = read(`${directory}/${file}`) as { found?: unknown[]; notFound?: unknown[] };
        return [...(data.found ?? []), ...(data.notFound ?? [])].map((item) =>
          typeof item === 'string' ? item : (item as { query: string }).query,
        );
      }),
  );
}

function retrievalTokens(index: FoodIndex, query: string): string[] {
  return [...new Set(text.query(query).tokens.flatMap((token) => index.correct(token)?.token ?? []))];
}

describe('FoodIndex.retrieve on posting lists', () => {
  const queries = fixtureQueries();

  it('returns exactly the entries MiniSearch ranks, in its order, ties included', () => {
    expect(queries.length).toBeGreaterThan(3000);
    for (const index of [productIndex, recipeIndex]) {
      for (const query of queries) {
        const tokens = retrievalTokens(index, query);
        // Deeper than the matcher's 40 candidates, where ties between equal names are common.
        expect(index.retrieve(tokens, 200), query).toEqual(index.searchAll(tokens, 200));
      }
    }
  });

  it('ranks common words alone and word pairs the same way as MiniSearch', () => {
    // Single words exercise each posting list's own order; pairs the summing and the quality factor.
    const words = ['raw', 'cooked', 'chicken', 'milk', 'cheese', 'sauce', 'soup', 'bread', 'apple'];
    for (const first of words) {
      expect(productIndex.retrieve([first], 500), first).toEqual(productIndex.searchAll([first], 500));
      for (const second of words) {
        if (second === first) continue;
        const pair = [first, second];
        expect(productIndex.retrieve(pair, 500), pair.join(' ')).toEqual(productIndex.searchAll(pair, 500));
      }
    }
  });

  it('falls back to MiniSearch for a repeated word, which it weighs twice', () => {
    expect(productIndex.retrieve(['chicken', 'chicken'], 40)).toEqual(
      productIndex.searchAll(['chicken', 'chicken'], 40),
    );
    expect(productIndex.retrieve([], 40)).toEqual([]);
  });
});
