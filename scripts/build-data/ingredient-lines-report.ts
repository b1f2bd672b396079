/**
 * How many based-cooking ingredient lines (public domain, ../shared/data/based-cooking) the recipe
 * pipeline understands: `npx tsx scripts/build-data/ingredient-lines-report.ts`. Prints a Markdown
 * report for data/README.md: lines with an amount, lines whose food the catalog matches, lines counted
 * (both), and the commonest failures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeLine } from '../../src/recipes/compute.js';
import { loadPortionTable } from '../../src/recipes/portions.js';
import { loadCatalog } from '../../src/sources/catalog/load.js';
import { ingredientBullets } from './based-cooking/read.js';
import { RAW_DATA_DIR } from './paths.js';

const RECIPES_DIR = join(RAW_DATA_DIR, 'based-cooking', 'recipes');

function top(counts: Map<string, number>, limit: number): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}

function percent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** Groups a skip reason by its kind, without the line's own words. */
function reasonKind(note: string | null): string {
  if (note === null) return 'not understood';
  if (note.startsWith('no food in the catalog matches')) return 'food not in the catalog';
  if (note.startsWith('no typical weight')) return 'a count of something with no portion weight';
  if (note.startsWith('no typical size of a'))
    return 'a pack of no known typical size ("1 can chicken broth")';
  return note;
}

if (import.meta.url === `file://${process.argv[1]}`) main();

function main(): void {
  const catalog = loadCatalog();
  const portions = loadPortionTable();
  const files = readdirSync(RECIPES_DIR).filter((file) => file.endsWith('.md'));
  let total = 0;
  let withAmount = 0;
  let mapped = 0;
  let counted = 0;
  let negligible = 0;
  const reasons = new Map<string, number>();
  const unmatched = new Map<string, number>();
  for (const file of files) {
    for (const text of ingredientBullets(readFileSync(join(RECIPES_DIR, file), 'utf8'))) {
      total++;
      const line = computeLine(text, catalog, portions);
      if (line.status === 'negligible') {
        negligible++;
        continue;
      }
      if (line.grams !== null) withAmount++;
      if (line.food !== null) mapped++;
      if (line.status === 'counted') {
        counted++;
        continue;
      }
      const kind = reasonKind(line.note);
      reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      if (kind === 'food not in the catalog') {
        const food = /matches "(.*)"$/.exec(line.note ?? '')?.[1]?.toLowerCase() ?? '?';
        unmatched.set(food, (unmatched.get(food) ?? 0) + 1);
      }
    }
  }

  const out = [
    `based-cooking: ${files.length} recipes, ${total} ingredient lines.`,
    '',
    '| lines | count | share |',
    '| --- | ---: | ---: |',
    `| negligible ("salt", "a pinch", "to taste") | ${negligible} | ${percent(negligible, total)} |`,
    `| amount understood (grams known) | ${withAmount} | ${percent(withAmount, total)} |`,
    `| food matched in the catalog | ${mapped} | ${percent(mapped, total)} |`,
    `| counted (amount and food) | ${counted} | ${percent(counted, total)} |`,
    `| counted or negligible | ${counted + negligible} | ${percent(counted + negligible, total)} |`,
    '',
    'Why the other lines were skipped:',
    '',
    ...top(reasons, 8).map(([reason, count]) => `- ${reason}: ${count}`),
    '',
    `Commonest foods the catalog did not match: ${top(unmatched, 15)
      .map(([food, count]) => `${food} (${count})`)
      .join(', ')}.`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
