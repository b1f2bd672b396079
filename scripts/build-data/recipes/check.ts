/**
 * Sanity check for the hand-written dishes (data/curated/dishes.json) against the Agribalyse 3.2 synthesis table.
 *
 *   npx tsx scripts/build-data/recipes/check.ts [path/to/agribalyse-31-synthese.csv] [--quiet]
 *
 * Verifies that every `agb` code exists, prints each dish's per-serving footprint
 * (Σ grams/1000 × kg CO2e/kg) with its total grams and top contributors, and flags suspicious dishes
 * (total grams < 150 or > 900, duplicate names/aliases, empty aliases, unknown codes).
 * Exits with status 1 when a code is unknown or a dish is flagged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { loadCuratedDishes } from './curated.js';

const DISHES = loadCuratedDishes();

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_CSV = path.resolve(here, '../../../../shared/data/agribalyse-3.2/agribalyse-31-synthese.csv');

interface AgbItem {
  name: string;
  co2: number;
}

function loadAgribalyse(file: string): Map<string, AgbItem> {
  const rows = parse(readFileSync(file), { columns: true, bom: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  const items = new Map<string, AgbItem>();
  for (const row of rows) {
    const code = row['Code AGB']?.trim();
    const co2 = Number(row['Changement climatique']);
    if (code && Number.isFinite(co2)) items.set(code, { name: row['LCI Name'] ?? '', co2 });
  }
  return items;
}

function main(): void {
  const args = process.argv.slice(2);
  const quiet = args.includes('--quiet');
  const csv = args.find((a) => !a.startsWith('--')) ?? DEFAULT_CSV;
  const items = loadAgribalyse(csv);
  const problems: string[] = [];

  // Names and aliases must be unique across all dishes (case-insensitive).
  const owner = new Map<string, string>();
  for (const d of DISHES) {
    if (d.aliases.length === 0) problems.push(`${d.name}: empty aliases`);
    for (const key of [d.name, ...d.aliases]) {
      const k = key.trim().toLowerCase();
      const prev = owner.get(k);
      if (prev !== undefined && prev !== d.name) problems.push(`"${key}" used by both ${prev} and ${d.name}`);
      else if (prev === d.name && k !== d.name.toLowerCase())
        problems.push(`${d.name}: duplicate alias "${key}"`);
      owner.set(k, d.name);
    }
  }

  const results: { name: string; cuisine: string; kg: number; grams: number; top: string }[] = [];
  for (const d of DISHES) {
    let kg = 0;
    let grams = 0;
    const parts: { label: string; kg: number }[] = [];
    for (const ing of d.ingredients) {
      const item = items.get(ing.agb);
      if (!item) {
        problems.push(`${d.name}: unknown Code AGB ${ing.agb} (${ing.label})`);
        continue;
      }
      const part = (ing.grams / 1000) * item.co2;
      kg += part;
      grams += ing.grams;
      parts.push({ label: ing.label, kg: part });
    }
    if (grams < 150 || grams > 900) problems.push(`${d.name}: total ${grams} g per serving is implausible`);
    parts.sort((a, b) => b.kg - a.kg);
    const top = parts
      .slice(0, 3)
      .map((p) => `${p.label} ${p.kg.toFixed(2)}`)
      .join(', ');
    results.push({ name: d.name, cuisine: d.cuisine, kg, grams, top });
  }

  if (!quiet) {
    results.sort((a, b) => b.kg - a.kg);
    for (const r of results) {
      const flag = r.kg <= 0.5 ? '  (≤0.5)' : '';
      console.log(
        `${r.kg.toFixed(2).padStart(6)} kg  ${String(r.grams).padStart(4)} g  ${r.name} [${r.cuisine}]${flag}  — ${r.top}`,
      );
    }
  }
  const kgs = results.map((r) => r.kg);
  const cuisines = new Set(DISHES.map((d) => d.cuisine));
  console.log(
    `\n${DISHES.length} dishes, ${cuisines.size} cuisines; per serving ${Math.min(...kgs).toFixed(2)}–${Math.max(...kgs).toFixed(2)} kg CO2e; ` +
      `${kgs.filter((k) => k <= 0.5).length} dishes ≤ 0.5 kg`,
  );
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):`);
    for (const p of problems) console.log(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log('No problems found.');
  }
}

main();
