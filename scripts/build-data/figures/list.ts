/**
 * Prints what each rule of data/curated/figure-mapping.json selects, over the committed catalog, for
 * reviewing the mapping entry by entry: `npx tsx scripts/build-data/figures/list.ts [pattern]` (only
 * rules whose entry matches the pattern), then the entries' other names from the Open Food Facts
 * taxonomy. Not part of the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDatasets } from '../../../src/core/datasets.js';
import { ProductsFileSchema, RecipesFileSchema } from '../../../src/sources/catalog/schema.js';
import { readOffNames } from '../off-taxonomy.js';
import { DATA_DIR, rawPath } from '../paths.js';
import { buildIndependentFigures, datasetCredits } from './build.js';
import { readFigureMapping } from './mapping.js';
import { readOffTree } from './off-names.js';
import { readClark, readPooreNemecek } from './read.js';

const products = ProductsFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'products.json'), 'utf8')));
const recipes = RecipesFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, 'recipes.json'), 'utf8')));
const off = readOffNames(rawPath('offCategories'), new Set(products.products.map((p) => p.code)));
const { expansions, file } = buildIndependentFigures(
  readFigureMapping(),
  {
    'poore-nemecek-2018': readPooreNemecek(rawPath('pooreNemecek'), rawPath('pooreNemecekSupplyChain')),
    'clark-2022': readClark(rawPath('clark')),
  },
  products,
  recipes,
  off.ancestors,
  datasetCredits(loadDatasets()),
  readOffTree(rawPath('offCategories')),
);
const filter = process.argv[2] === undefined ? null : new RegExp(process.argv[2], 'i');
const kg = new Map(products.products.map((p) => [p.code, p.kgCo2ePerKg]));
for (const { rule, foods, dishes } of expansions) {
  if (filter !== null && !filter.test(rule.item)) continue;
  const factor = rule.kgPerKg === 1 ? '' : ` ×${rule.kgPerKg}`;
  console.log(
    `\n## ${rule.dataset} "${rule.item}" (${rule.use}${factor}): ${foods.length} foods, ${dishes.length} dishes`,
  );
  for (const food of foods) console.log(`  ${food.code}\t${kg.get(food.code)}\t${food.name}`);
  for (const dish of dishes) console.log(`  dish\t${dish}`);
}
// The entries' other names (entries.names), for reviewing them as the same food.
for (const item of file.items) {
  if (item.names === undefined || (filter !== null && !filter.test(item.name))) continue;
  console.log(`\n## ${file.datasets[item.dataset]!.id} "${item.name}": ${item.names.length} other names`);
  console.log(`  ${item.names.join('; ')}`);
}
const used = new Set(file.foods.flatMap(([, mappings]) => mappings.map(([item]) => item)));
const unused = file.items.filter(
  (_, index) => !used.has(index) && !file.dishes.some(([, items]) => items.includes(index)),
);
console.log(
  `\nentries with no food or dish: ${unused.map((item) => `${file.datasets[item.dataset]!.id}:${item.name}`).join('; ')}`,
);
console.log(
  `foods mapped: ${file.foods.length} of ${products.products.length}; dishes with their own entry: ${file.dishes.length}`,
);
