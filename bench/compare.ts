/**
 * A 10-item comparison and a 40,000-character posted menu from the built-in catalog against a single
 * lookup, interleaved in the same run: their latency is reported as a ratio to the single lookup, and
 * against the 3 s Slack and Discord give an interaction before it must be acknowledged.
 */
import { performance } from 'node:perf_hooks';
import { compareItems, rateMenu, readPostedMenu } from '../src/compare/compare.js';
import { loadEquivalences } from '../src/compare/equivalence.js';
import { readItem } from '../src/compare/parse.js';
import { silentLogger } from '../src/logging/logger.js';
import { createCatalogSource, loadCatalog } from '../src/sources/catalog/index.js';
import { fmt, percentileOf, TEN_DISHES } from './lib.js';

const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 200);

const median = (values: number[]): number => percentileOf(values, 50);
const p99 = (values: number[]): number => percentileOf(values, 99);

/**
 * A 40,000-character message (Slack's limit for a message's text) as a caterer posts a long menu:
 * numbered dishes with prices, descriptions and dietary marks, chatter between them, dishes the
 * catalog names and dishes it builds from their parts.
 */
function longMenu(): string {
  const dishes = [
    'Chicken katsu curry – panko chicken, sticky rice £9.50',
    'Beef lasagne, garlic bread £12',
    'Tofu banh mi (VG) £8.50',
    'Wild mushroom risotto (V) – parmesan crisp £11',
    'Lamb rogan josh & pilau rice £13',
    'Falafel & halloumi wrap (V) £7.95',
    'Beer-battered haddock & chips, mushy peas £14',
    'Thai green curry w/ prawns £12.50',
    'Massaman beef £15',
    'Pork belly bao x2 £9',
    'Vegan margherita pizza 🌱 £10',
    'Jollof rice with grilled chicken £11',
  ];
  const lines = ['*Offsite catering – pick one each* <!here>'];
  for (let i = 0; lines.join('\n').length < 40_000; i++) {
    lines.push(`${i + 1}. ${dishes[i % dishes.length]}`);
    if (i % 6 === 5) lines.push('reply in the thread by noon please, the caterer needs numbers :pray:');
  }
  return lines.join('\n').slice(0, 40_000);
}

/** A 40,000-character line of one shape repeated: the worst case the reader is held to be linear on. */
const HOSTILE = '1. - (v) a '.repeat(4_000).slice(0, 40_000);

export async function run(): Promise<string> {
  const catalog = loadCatalog();
  const source = createCatalogSource(catalog);
  // As the app gives compare its dependencies: the catalog reads menus and what options state.
  const deps = { source, car: loadEquivalences().carKm, logger: silentLogger(), catalog: () => catalog };
  const items = TEN_DISHES.map(readItem);
  const menu = longMenu();
  const single: number[] = [];
  const singleProduct: number[] = [];
  const ten: number[] = [];
  const rated: number[] = [];
  const read: number[] = [];
  const hostile: number[] = [];
  let ranked = 0;
  let menuOptions = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await source.lookupRecipe(TEN_DISHES[round % TEN_DISHES.length]!);
    single.push(performance.now() - start);
    start = performance.now();
    await source.lookupProduct(TEN_DISHES[round % TEN_DISHES.length]!).catch(() => undefined);
    singleProduct.push(performance.now() - start);
    start = performance.now();
    const result = await compareItems(items, deps);
    ten.push(performance.now() - start);
    ranked = result.ranked.length;
    // Fewer rounds of the long messages: each is one user's click, not a lookup.
    if (round % 4 !== 0) continue;
    start = performance.now();
    menuOptions = readPostedMenu(menu, deps).options.length;
    read.push(performance.now() - start);
    start = performance.now();
    await rateMenu(menu, deps);
    rated.push(performance.now() - start);
    start = performance.now();
    readPostedMenu(HOSTILE, deps);
    hostile.push(performance.now() - start);
  }
  const row = (label: string, values: number[]) =>
    `| ${label} | ${fmt(median(values), 3)} | ${fmt(p99(values), 3)} | ${fmt(median(values) / median(single), 1)} |`;
  return `## compare (built-in catalog)

${ROUNDS} interleaved rounds over the same ten dish names: a single recipe lookup (the baseline), a single product lookup, and the comparison of all ten, where each option is looked up as a dish and as a product and checked against what it states (${ranked} ranked); every fourth round, a 40,000-character posted menu (Slack's limit for a message) read into its options (${menuOptions}), then rated (read and compared), and a 40,000-character line of bullets, marks and articles, the reader's worst case.

| measure | median ms | p99 ms | ratio to a single lookup (median) |
| --- | ---: | ---: | ---: |
${row('single recipe lookup', single)}
${row('single product lookup', singleProduct)}
${row('10-item comparison', ten)}
${row('read a 40,000-character menu', read)}
${row('rate a 40,000-character menu (read and compare)', rated)}
${row('read a 40,000-character hostile line', hostile)}

The comparison's p99 is ${fmt((p99(ten) / 3000) * 100, 2)}% of the 3 s Slack and Discord allow before an interaction must be acknowledged; rating the long menu's, ${fmt((p99(rated) / 3000) * 100, 2)}%.
`;
}
