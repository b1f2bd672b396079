/**
 * How well the team's decision holds up on a blind set (issue #19), not part of the build:
 *   npx tsx scripts/build-data/decision-report.ts [--detail] [--validation] [file.json …]
 * A menu (`{menus: […]}`) goes through "Rate this menu" (rateMenu: the message read, then compared), a
 * compare command (`{compares: […]}`) through `/carbon compare` (handleCompareText: parsed, then
 * compared), from the built-in catalog with the ingredient-list reader and portion weights the CLI
 * and the chat adapters give compare. With no files, the development halves in
 * test/fixtures/decisions-2026/; the validation halves only with --validation (never tune on them).
 * One summary line per file; --detail adds every case.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type CompareDeps, handleCompareText, rateMenu } from '../../src/compare/compare.js';
import { loadEquivalences } from '../../src/compare/equivalence.js';
import type { CompareResult } from '../../src/compare/model.js';
import { silentLogger } from '../../src/logging/logger.js';
import { fnddsPortionWeights, ingredientListEstimator } from '../../src/recipes/for-compare.js';
import { lazyRecipeComputer } from '../../src/recipes/handle.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { createCatalogSource, loadCatalog } from '../../src/sources/catalog/index.js';
import { applyBasisFromEnvironment } from './basis-env.js';
import { catalogDishIngredients } from './decision-contradictions.js';
import { type CaseOutcome, scoreCase } from './decision-evaluation.js';
import { type DecisionCase, loadDecisionSet } from './decision-set.js';
import { describeOutcome, describeSummary, summarise } from './decision-summary.js';

applyBasisFromEnvironment();
const args = process.argv.slice(2);
const detail = args.includes('--detail');
const withValidation = args.includes('--validation');
const fixtures = fileURLToPath(new URL('../../test/fixtures/decisions-2026/', import.meta.url));
const defaults = ['menus', 'menus-b', 'menus-c', 'menus-d', 'compares', 'compares-c', 'compares-d'].flatMap(
  (set) => [`${fixtures}${set}-dev.json`, ...(withValidation ? [`${fixtures}${set}-validation.json`] : [])],
);
const named = args.filter((arg) => !arg.startsWith('--'));
const files = named.length > 0 ? named : defaults.filter((file) => existsSync(file));
if (files.length === 0) {
  console.error(`no decision sets: pass a file, or put menus-dev.json and compares-dev.json in ${fixtures}`);
  process.exit(2);
}

// The same pieces the CLI's compare and the chat adapters' compare deps are made of.
const catalog = loadCatalog();
const deps: CompareDeps = {
  source: createCatalogSource(catalog),
  car: loadEquivalences().carKm,
  logger: silentLogger(),
  ingredients: ingredientListEstimator(lazyRecipeComputer()),
  portions: fnddsPortionWeights(() => loadPortionTable()),
  // The app's services give compare the catalog; code before issue #19 ignores it.
  catalog: () => catalog,
} as CompareDeps;

// An answer contradicts what the option states by its name or by what the catalog's dish is made of.
const ingredients = catalogDishIngredients(
  fileURLToPath(new URL('../../data/recipes.json', import.meta.url)),
);

async function run(decisionCase: DecisionCase): Promise<CaseOutcome> {
  const start = performance.now();
  let result: CompareResult | null = null;
  let error: string | null = null;
  if (decisionCase.path === 'menu') {
    result = await rateMenu(decisionCase.text, deps);
  } else {
    const reply = await handleCompareText(decisionCase.text, deps);
    if (reply.type === 'compare') result = reply.result;
    else error = reply.error.text;
  }
  return scoreCase(decisionCase, result, error, performance.now() - start, ingredients);
}

// Warm the catalog and the data files so the first case's time is its own.
await rateMenu('dal\nlasagne', deps);
for (const file of files) {
  const outcomes: CaseOutcome[] = [];
  for (const decisionCase of loadDecisionSet(file)) outcomes.push(await run(decisionCase));
  // A development half is tuned on: its figures are in-sample once anything was changed with it.
  const label = file.includes('-validation') ? 'validation half, held out' : 'development half, in-sample';
  console.log(describeSummary(`${file.replace(fixtures, '')} (${label})`, summarise(outcomes)));
  if (detail) for (const outcome of outcomes) console.log(describeOutcome(outcome));
}
