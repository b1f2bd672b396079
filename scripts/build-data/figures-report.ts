/**
 * The independent figures against the blind sets (issue #20), not part of the build:
 *   npx tsx scripts/build-data/figures-report.ts [--detail] [--validation] [set.json …]
 * Without files, every development half in test/fixtures/figures-2026 (with --validation, their
 * validation halves too); a file is a path, or a file name in that folder.
 * Foods: the share of everyday foods the studies cover whose answer shows each study's own entry for
 * that food (within rounding), whether the catalog's food leads or, the catalog lacking it, a study's
 * own entry does (counted apart too). Dishes: the share with an independent per-serving figure, and the
 * verdicts every independent estimate contradicts. The development half is tuned on (in-sample); the
 * validation half, measured on request only, is the honest figure: never tune on it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import {
  evaluateDishes,
  evaluateFoods,
  FIGURES_FIXTURES,
  loadFiguresSet,
  summarise,
} from './figures-evaluation.js';

const args = process.argv.slice(2);
const detail = args.includes('--detail');
const files = args.filter((arg) => !arg.startsWith('--'));
const developmentHalves = readdirSync(FIGURES_FIXTURES)
  .filter((name) => name.endsWith('-dev.json'))
  .sort();
const validationHalves = developmentHalves
  .map((name) => name.replace(/-dev\.json$/, '-validation.json'))
  .filter((name) => existsSync(join(FIGURES_FIXTURES, name)));
const halves =
  files.length > 0
    ? files
    : [...developmentHalves, ...(args.includes('--validation') ? validationHalves : [])];
const catalog = loadCatalog();
const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`;

for (const file of halves) {
  const set = loadFiguresSet(file);
  const foods = evaluateFoods(catalog, set);
  const dishes = await evaluateDishes(catalog, set);
  const s = summarise(foods, dishes);
  console.log(`\n### ${file}\n`);
  console.log('| measure | result |\n| --- | ---: |');
  console.log(
    `| everyday foods a study covers, every study's own figure shown | ${s.coveredRight}/${s.covered} (${percent(s.coveredRight, s.covered)}) |`,
  );
  console.log(
    `| study figures expected, shown right | ${s.figuresRight}/${s.figures} (${percent(s.figuresRight, s.figures)}) |`,
  );
  console.log(
    `| a study's figure shown where the set says it has no such food | ${s.shownWhereNone} (of which ${s.shownWhereNoneMedianOnly} a median where the study gives no mean) |`,
  );
  console.log(`| foods not answered at all | ${s.notAnswered}/${s.foods} |`);
  console.log(
    `| foods the catalog lacks answered with a study's own entry (every figure as the set has it) | ${s.answeredByStudy} (${s.answeredByStudyRight}) |`,
  );
  console.log(
    `| dishes with an independent per-serving figure | ${s.dishesWithIndependent}/${s.dishes} (${percent(s.dishesWithIndependent, s.dishes)}) |`,
  );
  console.log(`| dishes not found | ${s.dishesNotFound}/${s.dishes} |`);
  console.log(`| dishes answered with a dish built from their parts | ${s.dishesComposed}/${s.dishes} |`);
  console.log(`| verdicts every independent estimate contradicts | ${s.contradicted}/${s.dishes} |`);
  if (!detail) continue;
  console.log("\nFoods the catalog lacks, answered with a study's own entry:");
  for (const food of foods.filter((each) => each.byStudy)) {
    const what = Object.entries(food.studies).map(
      ([name, study]) => `${name}: expected ${study.expected ?? 'none'}, shown ${study.shown ?? 'none'}`,
    );
    console.log(`- ${food.id} "${food.query}" → ${food.answered}: ${what.join('; ')}`);
  }
  console.log('\nFoods not right:');
  for (const food of foods) {
    const wrong = Object.entries(food.studies).filter(
      ([, study]) => !study.right || (study.expected === null && study.shown !== null),
    );
    if (wrong.length === 0) continue;
    const what = wrong.map(
      ([name, study]) => `${name}: expected ${study.expected ?? 'none'}, shown ${study.shown ?? 'none'}`,
    );
    console.log(`- ${food.id} "${food.query}" → ${food.answered ?? 'not found'}: ${what.join('; ')}`);
  }
  console.log('\nDishes:');
  for (const dish of dishes) {
    const figures = dish.independent.map((source) => `${source.label} ${source.kgCo2e}`).join(', ') || 'none';
    const flag = dish.contradicted ? ' CONTRADICTED' : '';
    console.log(
      `- ${dish.id} "${dish.query}" → ${dish.answered ?? 'not found'}${dish.composed ? ' (built from its parts)' : ''}: ${dish.verdict ?? '—'} (set: ${dish.expectedVerdict}, ${dish.expectedKg}); independent: ${figures}${flag}`,
    );
  }
}
