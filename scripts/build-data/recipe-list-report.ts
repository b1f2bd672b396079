/**
 * Measures ingredient-list recipes against a blind set (default test/fixtures/recipes-2026/blind.json;
 * also blind-b-dev.json), written independently with expected per-serving ranges from Poore & Nemecek
 * 2018 / Clark et al. 2022 via Our World in Data: the share within range and within ×1.5 of it, how
 * often the verdicts agree, and, apart from the emission factors, how much of the set's own weight the
 * parsing counted and how many lines it skipped.
 * `npx tsx scripts/build-data/recipe-list-report.ts [path/to/set.json] [--detail]` prints a Markdown report.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isCarbonError } from '../../src/core/errors.js';
import { computeIngredientList } from '../../src/recipes/compute.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';
import { applyBasisFromEnvironment } from './basis-env.js';
import { REPO_ROOT } from './paths.js';

const BlindSetSchema = z.object({
  recipes: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      servings: z.number(),
      expectedKgPerServing: z.number(),
      range: z.tuple([z.number(), z.number()]),
      verdict: z.enum(['climate-friendly', 'not climate-friendly', 'uncertain']),
      lines: z.array(z.object({ grams: z.number() })),
    }),
  ),
});

/** The tolerance (#19): a figure within ×1.5 of the independent range counts as agreeing. */
const RANGE_TOLERANCE = 1.5;

type Verdict = 'yes' | 'no' | 'unknown';
const EXPECTED: Record<string, Verdict> = {
  'climate-friendly': 'yes',
  'not climate-friendly': 'no',
  uncertain: 'unknown',
};

applyBasisFromEnvironment();
const args = process.argv.slice(2);
const detail = args.includes('--detail');
const setPath = resolve(
  REPO_ROOT,
  args.find((arg) => !arg.startsWith('--')) ?? 'test/fixtures/recipes-2026/blind.json',
);
const set = BlindSetSchema.parse(JSON.parse(readFileSync(setPath, 'utf8')));
const catalog = loadCatalog();
const portions = loadPortionTable();

let within = 0;
let withinTolerance = 0;
let refused = 0;
let incomplete = 0;
let servingsRight = 0;
let below = 0;
let above = 0;
let linesRead = 0;
let linesSkipped = 0;
/** Firm expected verdicts (yes/no) and how ours compare. */
let firm = 0;
let firmAgree = 0;
let firmOpposite = 0;
let firmUnknown = 0;
let firmDepends = 0;
/** The Poore & Nemecek figure the answer shows beside the headline (the set's own basis), where it gives one. */
let withStudy = 0;
let studyWithinTolerance = 0;
/** Our counted grams against the set's own weights: the parsing and weighing, apart from the factors. */
const weightRatios: number[] = [];
const rows: string[] = [];
for (const recipe of set.recipes) {
  const expected = EXPECTED[recipe.verdict]!;
  if (expected !== 'unknown') firm++;
  try {
    const result = computeIngredientList(recipe.text, catalog, portions);
    const value = result.kgCo2ePerServing;
    const [low, high] = recipe.range;
    const inRange = value >= low && value <= high;
    if (inRange) within++;
    else if (value < low) below++;
    else above++;
    if (value >= low / RANGE_TOLERANCE && value <= high * RANGE_TOLERANCE) withinTolerance++;
    if (result.ingredientList.incomplete) incomplete++;
    const ourGrams = result.ingredientList.lines.reduce(
      (sum, line) => sum + (line.status === 'counted' ? (line.grams ?? 0) : 0),
      0,
    );
    const setGrams = recipe.lines.reduce((sum, line) => sum + line.grams, 0);
    if (setGrams > 0) weightRatios.push(ourGrams / setGrams);
    if (result.ingredientList.servings === recipe.servings) servingsRight++;
    const ours = result.climateFriendly.value;
    if (expected !== 'unknown' && ours === expected) firmAgree++;
    // Only a yes against a no (or a no against a yes) is the opposite answer: "depends on the data"
    // says the datasets disagree, and "unknown" that too little of the list was read.
    if (expected !== 'unknown' && (ours === 'yes' || ours === 'no') && ours !== expected) firmOpposite++;
    if (expected !== 'unknown' && ours === 'unknown') firmUnknown++;
    if (expected !== 'unknown' && ours === 'depends') firmDepends++;
    const study = result.sources?.find(
      (source) => source.dataset === 'poore-nemecek-2018' && source.per === 'serving',
    );
    if (study !== undefined) {
      withStudy++;
      if (study.kgCo2e >= low / RANGE_TOLERANCE && study.kgCo2e <= high * RANGE_TOLERANCE)
        studyWithinTolerance++;
    }
    const skipped = result.ingredientList.lines.filter((line) => line.status === 'skipped');
    linesRead += result.ingredientList.lines.length;
    linesSkipped += skipped.length;
    rows.push(
      `| ${recipe.id} | ${recipe.expectedKgPerServing} | ${low}–${high} | ${value} | ${inRange ? 'yes' : value < low ? 'below' : 'above'} | ${recipe.verdict} | ${ours} | ${result.ingredientList.servings}/${recipe.servings} | ${Math.round((ourGrams / setGrams) * 100)}% | ${Math.round(result.ingredientList.understoodShare * 100)}% | ${skipped
        .map((line) => line.text)
        .join('; ')
        .replace(/\|/g, '/')} |`,
    );
  } catch (error) {
    refused++;
    rows.push(
      `| ${recipe.id} | ${recipe.expectedKgPerServing} | | refused | | ${recipe.verdict} | ${isCarbonError(error) ? error.code : 'error'} | | | | |`,
    );
  }
}

const n = set.recipes.length;
weightRatios.sort((a, b) => a - b);
const medianRatio = weightRatios[Math.floor(weightRatios.length / 2)] ?? 0;
const weightClose = weightRatios.filter((ratio) => ratio >= 0.8 && ratio <= 1.2).length;
const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;
const out = [
  `Blind set ${setPath.slice(REPO_ROOT.length + 1)}: ${n} ingredient-list recipes (${firm} with a firm expected verdict, ${n - firm} uncertain).`,
  '',
  '| measure | result |',
  '| --- | ---: |',
  `| per-serving figure within the expected range | ${within}/${n} (${pct(within, n)}) |`,
  `| within ×${RANGE_TOLERANCE} of the independent range (target ≥ 85%) | ${withinTolerance}/${n} (${pct(withinTolerance, n)}) |`,
  `| below the range / above it | ${below} / ${above} |`,
  `| clear verdicts right (target ≥ 90%) | ${firmAgree}/${firm} (${pct(firmAgree, firm)}) |`,
  `| clear verdicts contradicted (the opposite answer) / "depends on the data" / "unknown" | ${firmOpposite} / ${firmDepends} / ${firmUnknown} |`,
  `| the answer's Poore & Nemecek figure (the set's basis) within ×${RANGE_TOLERANCE} of the range | ${studyWithinTolerance}/${withStudy} (of ${n} lists, ${withStudy} with one) |`,
  `| servings read as the set states them | ${servingsRight}/${n} |`,
  `| answers marked incomplete (< 90% of the weight understood) | ${incomplete}/${n} |`,
  `| refused as not a recipe | ${refused}/${n} |`,
  `| lines skipped | ${linesSkipped}/${linesRead} |`,
  `| counted weight within ±20% of the set's own weights | ${weightClose}/${weightRatios.length} |`,
  `| median of counted weight / the set's weight | ${medianRatio.toFixed(2)} |`,
];
if (detail) {
  out.push(
    '',
    '| id | expected | range | ours | in range | expected verdict | ours | servings | weight vs set | understood | skipped |',
  );
  out.push('| --- | ---: | --- | ---: | --- | --- | --- | --- | ---: | ---: | --- |', ...rows);
}
process.stdout.write(`${out.join('\n')}\n`);
