/**
 * The names the service benchmarks send (bench/service.ts, bench/match-snapshot.ts): realistic, and
 * the same on every run for a given seed.
 */
import { catalogFiles } from './lib.js';

/** mulberry32: a seeded generator, so every run sends the same queries in the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS = ['Tesco', "Sainsbury's", 'Lidl', 'Aldi', 'M&S', 'Waitrose', 'Co-op', 'Asda', 'organic'];
const PACKS = ['1L', '500g', '2 kg', '250 g', '6 x 330ml', '1 litre', '400g tin', '12 pack', '750ml'];
const MILK_BRANDS = ['Oatly', 'Alpro', 'Arla', 'Cravendale', 'Tesco', 'Rude Health'];
const DISH_WORDS = ['homemade', 'easy', 'vegan', 'classic', "mum's", 'quick'];

function typo(name: string, next: () => number): string {
  if (name.length < 4) return name;
  const at = 1 + Math.floor(next() * (name.length - 2));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return name.slice(0, at) + name.slice(at + 1); // dropped letter
  if (kind === 1) return name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2); // swapped
  return name.slice(0, at) + name[at] + name.slice(at); // doubled
}

/**
 * Realistic queries: the everyday names users type (curated aliases, display names, the head of the
 * long LCI names), with pack sizes, brands, casing, plurals and typos; about 55% products, 10% the
 * milk trial and 35% recipes. Some miss on purpose, as real traffic does.
 */
export function buildQueries(count: number, seed = 20240601): string[] {
  const { products, recipes } = catalogFiles();
  const productNames = [
    ...new Set(products.products.flatMap((p) => [...p.aliases, p.display, p.name.split(',')[0]!.trim()])),
  ];
  const milkNames = [
    ...new Set(products.products.filter((p) => p.trialMilk).flatMap((p) => [...p.aliases, p.display])),
  ];
  const recipeNames = [...new Set(recipes.recipes.flatMap((r) => [r.name, ...r.aliases]))];
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const vary = (name: string, extras: readonly string[], suffixes: readonly string[]): string => {
    const roll = next();
    if (roll < 0.3) return name;
    if (roll < 0.45) return name.toLowerCase();
    if (roll < 0.6) return `${name} ${pick(suffixes)}`;
    if (roll < 0.75) return `${pick(extras)} ${name}`;
    if (roll < 0.85) return `${name}s`;
    return typo(name.toLowerCase(), next);
  };
  const encode = (name: string): string => {
    const encoded = encodeURIComponent(name);
    return next() < 0.5 ? encoded.replaceAll('%20', '+') : encoded;
  };
  const seen = new Set<string>();
  const queries: string[] = [];
  for (let attempts = 0; queries.length < count && attempts < count * 50; attempts++) {
    const roll = next();
    let path: string;
    if (roll < 0.55) path = `/impact/product?product=${encode(vary(pick(productNames), BRANDS, PACKS))}`;
    else if (roll < 0.65) path = `/product?product=${encode(vary(pick(milkNames), MILK_BRANDS, PACKS))}`;
    else path = `/recipe?recipe=${encode(vary(pick(recipeNames), DISH_WORDS, ['recipe', 'for 4', 'bake']))}`;
    if (seen.has(path)) continue;
    seen.add(path);
    queries.push(path);
  }
  return queries;
}
