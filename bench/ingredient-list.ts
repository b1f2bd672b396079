/**
 * Ingredient lists against a single lookup, interleaved in the same run: a typical list, a
 * 40,000-character list (Slack's message limit), and 40,000 characters of hostile text (digits and
 * dashes, open brackets), each as a ratio to a single dish lookup. Reading is linear in the length
 * (src/recipes/line.ts), so the long texts cost a bounded multiple of a short list, not its square.
 */
import { performance } from 'node:perf_hooks';
import { isCarbonError } from '../src/core/errors.js';
import { computeIngredientList } from '../src/recipes/compute.js';
import { isIngredientList } from '../src/recipes/list-text.js';
import { loadPortionTable } from '../src/recipes/portions.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { fmt, percentileOf, TEN_DISHES } from './lib.js';

const TYPICAL = [
  'Spaghetti Bolognese',
  'Serves: 6',
  '2 tbsp olive oil',
  '1 large onion, finely chopped',
  '2 carrots, diced',
  '3 garlic cloves, crushed',
  '750g beef mince',
  '2 x 400g tins chopped tomatoes',
  '1 can kidney beans',
  '150ml red wine',
  '500g dried spaghetti',
  '50g parmesan, grated',
].join('\n');
const LONG = `${'200g rice, 1 onion, 2 x 400g tins chopped tomatoes, '.repeat(760)}serves 4`.slice(0, 40_000);
const HOSTILE = ['1-'.repeat(20_000), '('.repeat(40_000), `${'1 '.repeat(19_990)}kg beef`];
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 100);

const median = (values: number[]): number => percentileOf(values, 50);
const p99 = (values: number[]): number => percentileOf(values, 99);

export async function run(): Promise<string> {
  const catalog = loadCatalog();
  const source = createCatalogSource(catalog);
  const portions = loadPortionTable();
  // What a command's text goes through: is it a list, then the list computed (or refused).
  const read = (text: string) => {
    isIngredientList(text);
    try {
      computeIngredientList(text, catalog, portions);
    } catch (error) {
      if (!isCarbonError(error)) throw error;
    }
  };
  // Loading the portion table and compiling the words happen once, at the first list: not timed.
  read(TYPICAL);
  const single: number[] = [];
  const typical: number[] = [];
  const long: number[] = [];
  const hostile: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await source.lookupRecipe(TEN_DISHES[round % TEN_DISHES.length]!);
    single.push(performance.now() - start);
    start = performance.now();
    read(TYPICAL);
    typical.push(performance.now() - start);
    start = performance.now();
    read(LONG);
    long.push(performance.now() - start);
    start = performance.now();
    read(HOSTILE[round % HOSTILE.length]!);
    hostile.push(performance.now() - start);
  }
  const base = median(single);
  const row = (name: string, values: number[]) =>
    `| ${name} | ${fmt(median(values), 2)} | ${fmt(p99(values), 2)} | ${fmt(median(values) / base, 1)} |`;
  return `## ingredient lists (built-in catalog)

${ROUNDS} interleaved rounds. A list is read as a command's text is: whether it is a list, then computed
(or refused with a message). Ratios are medians against the single lookup measured in the same rounds.

| case | median ms | p99 ms | × single lookup |
| --- | ---: | ---: | ---: |
${row('single dish lookup (baseline)', single)}
${row(`typical list (${TYPICAL.split('\n').length} lines)`, typical)}
${row(`40,000-character list (${LONG.split(',').length} parts, 60 read)`, long)}
${row('40,000 characters of hostile text', hostile)}
`;
}
