/**
 * Plausibility check of the FNDDS-derived dishes, not part of the build:
 *   npx tsx scripts/build-data/fndds/plausibility.ts
 * or of the based-cooking ones, every 4th by name: `… plausibility.ts based-cooking 4`.
 * Recomputes a fixed sample (every 25th derived dish by name) from independent factors, the global
 * means of Poore & Nemecek (2018) via Our World in Data, and prints the ratio of the catalog's
 * Agribalyse-based figure to it over the ingredients both can price.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DATA_DIR, rawPath } from '../paths.js';

const rows = parse(readFileSync(rawPath('pooreNemecek')), { columns: true }) as Record<string, string>[];
const pn = new Map(
  rows.map((r) => [r.Entity!, Number(r['GHG emissions per kilogram (Poore & Nemecek, 2018)'])]),
);
// Contributor (Agribalyse item name) → [P&N commodity, kg of that commodity per kg of the item].
// Cooked starches hold about 60-65% water: 1 kg cooked rice/pasta ≈ 0.4 kg dry (USDA SR yields).
const RULES: [RegExp, string, number][] = [
  [/tap water|broth|stock/i, '', 0],
  [/beef|veal/i, 'Beef (beef herd)', 1],
  [/lamb/i, 'Lamb & Mutton', 1],
  [/pork|ham|bacon|sausage|frankfurter|salami|pepperoni|mortadella|lard/i, 'Pig Meat', 1],
  [/chicken|turkey|duck|poultry/i, 'Poultry Meat', 1],
  [/cheese|mozzarella|cheddar|parmesan|emmental/i, 'Cheese', 1],
  [/milk|yogurt|cream/i, 'Milk', 1],
  [/egg/i, 'Eggs', 1],
  [/rice.*cooked|cooked.*rice/i, 'Rice', 0.4],
  [/rice/i, 'Rice', 1],
  [/pasta.*cooked|noodle.*cooked|noodles/i, 'Wheat & Rye', 0.4],
  [/pasta|flour|bread|bun|tortilla wrap|pita|bagel|muffin|loaf|crust|pastry/i, 'Wheat & Rye', 1],
  [/prawn|shrimp/i, 'Prawns (farmed)', 1],
  [
    /cod|tuna|salmon|sardine|mackerel|anchov|pollock|haddock|fish|crab|lobster|mussel|squid/i,
    'Fish (farmed)',
    1,
  ],
  [/potato/i, 'Potatoes', 1],
  [/tomato/i, 'Tomatoes', 1],
  [/onion|leek/i, 'Onions & Leeks', 1],
  [/olive oil/i, 'Olive Oil', 1],
  [/sunflower oil|corn oil|soy oil/i, 'Sunflower Oil', 1],
  [/rapeseed oil/i, 'Rapeseed Oil', 1],
  [/palm oil/i, 'Palm Oil', 1],
  [/tofu/i, 'Tofu', 1],
  [/bean|lentil|chick pea|pea/i, 'Other Pulses', 1],
  [/peanut/i, 'Groundnuts', 1],
  [/sugar|jam/i, 'Cane Sugar', 1],
  [/cabbage|broccoli|cauliflower/i, 'Brassicas', 1],
  [/carrot|beetroot|turnip/i, 'Root Vegetables', 1],
  [
    /pepper|celery|spinach|lettuce|courgette|mushroom|vegetable|cucumber|garlic|corn|eggplant|squash/i,
    'Other Vegetables',
    1,
  ],
];
const recipes = JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')).recipes as {
  name: string;
  kgCo2ePerServing: number;
  provenance?: { source: string; id: string };
  gramsPerServing?: number;
  contributors: { name: string; grams: number; kgCo2e: number }[];
}[];
const [source = 'USDA FNDDS 2019-2020', step = '25'] = process.argv.slice(2);
const derived = recipes.filter((r) => r.provenance?.source === source);
// A fixed sample: every 25th derived dish in name order.
const sample = derived.filter((_, i) => i % Number(step) === 0);
const ratios: number[] = [];
for (const r of sample) {
  let pnKg = 0;
  let agbKg = 0;
  let coveredGrams = 0;
  let grams = 0;
  for (const c of r.contributors) {
    grams += c.grams;
    const rule = RULES.find(([re]) => re.test(c.name));
    if (!rule) continue;
    coveredGrams += c.grams;
    agbKg += c.kgCo2e;
    pnKg += rule[1] === '' ? 0 : (c.grams / 1000) * rule[2] * pn.get(rule[1])!;
  }
  const ratio = agbKg / pnKg;
  ratios.push(ratio);
  console.log(
    `${r.kgCo2ePerServing.toFixed(2).padStart(5)} kg (${agbKg.toFixed(2)} on ${((coveredGrams / grams) * 100).toFixed(0)}% of g) vs P&N ${pnKg.toFixed(2)}  ×${ratio.toFixed(2)}  ${r.gramsPerServing} g  ${r.name}`,
  );
}
const outside = sample.filter((_, i) => ratios[i]! < 1 / 3 || ratios[i]! > 2).map((r) => r.name);
console.log(`outside a third to twice the P&N figure: ${outside.join('; ')}`);
ratios.sort((a, b) => a - b);
const within = (lo: number, hi: number) => ratios.filter((x) => x >= lo && x <= hi).length;
console.log(
  `n=${ratios.length} median ratio Agribalyse/P&N ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}; within 0.5-2: ${within(0.5, 2)}; within 0.33-3: ${within(1 / 3, 3)}`,
);
