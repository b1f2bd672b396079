/**
 * Review aid for data/curated/figure-mapping.json, not part of the build:
 *   npx tsx scripts/build-data/figures/candidates.ts [--all]
 * Each study entry's own name asked of the catalog as a product query, as a person would type it:
 * where the catalog answers with a food that is not mapped to that entry as that very food, the pair
 * is printed for review (the catalog may hold the entry's food under another name, or answer with
 * another food: each is judged by hand, and a rule is written only for a same food). With --all,
 * every entry, mapped or not.
 */
import { isCarbonError } from '../../../src/core/errors.js';
import { loadCatalog } from '../../../src/sources/catalog/index.js';

const catalog = loadCatalog();
const figures = catalog.figures!;
const all = process.argv.includes('--all');
const file = figures as unknown as { items: readonly { dataset: number; name: string }[] };

for (const item of file.items) {
  const dataset = figures.datasets[item.dataset]!;
  let answer: string;
  let shown: string;
  try {
    const result = catalog.findProduct(item.name);
    const source = (result.sources ?? []).find((each) => each.dataset === dataset.id);
    shown = source === undefined ? 'none' : source.name;
    if (!all && shown === item.name) continue;
    const closest = result.notes.some((note) => note.startsWith('Closest match'));
    answer = `${result.name}${closest ? ' [closest]' : ''} (${result.confidence?.toFixed(2)})`;
  } catch (error) {
    if (!isCarbonError(error)) throw error;
    answer = 'not found';
    shown = 'none';
  }
  console.log(`${dataset.label}\t${item.name}\t→ ${answer}\tshows: ${shown}`);
}
