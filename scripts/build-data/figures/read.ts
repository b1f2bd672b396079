import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * The two independent studies' per-kg figures, from the Our World in Data copies in ../shared/data
 * (PROVENANCE.md §4 and §5): Poore & Nemecek (2018)'s global means (43 foods, four of them with no
 * mean in the OWID file) with the medians of the supply-chain file, and Clark et al. (2022)'s 211 UK
 * supermarket foods and dishes.
 */

export interface StudyItem {
  name: string;
  /** kg CO2e per kg; null where the file gives none. */
  kgCo2ePerKg: number | null;
  medianKgCo2ePerKg: number | null;
}

const PN_MEAN = 'GHG emissions per kilogram (Poore & Nemecek, 2018)';
const SUPPLY_CHAIN_STAGES = [
  'food_emissions_land_use',
  'food_emissions_farm',
  'food_emissions_animal_feed',
  'food_emissions_processing',
  'food_emissions_transport',
  'food_emissions_retail',
  'food_emissions_packaging',
] as const;
/** The supply-chain file names four foods differently from the means file (PROVENANCE.md §4b). */
const SUPPLY_CHAIN_NAMES: Readonly<Record<string, string>> = {
  'Shrimps (farmed)': 'Prawns (farmed)',
  Soymilk: 'Soy milk',
};

function rows(path: string): Record<string, string>[] {
  return parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true });
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
}

/** Rounded to 0.01 kg: the medians are sums of stages given to 0.1 kg. */
function roundMedian(value: number): number {
  return Math.round(value * 100) / 100;
}

export function readPooreNemecek(meansPath: string, supplyChainPath: string): StudyItem[] {
  const medians = new Map<string, number>();
  for (const row of rows(supplyChainPath)) {
    const name = SUPPLY_CHAIN_NAMES[row.Entity!] ?? row.Entity!;
    const stages = SUPPLY_CHAIN_STAGES.map((stage) => numberOrNull(row[stage]));
    if (stages.some((stage) => stage === null)) throw new Error(`supply chain: ${name} lacks a stage`);
    medians.set(name, roundMedian(stages.reduce((sum: number, stage) => sum + stage!, 0)));
  }
  const items: StudyItem[] = [];
  const seen = new Set<string>();
  for (const row of rows(meansPath)) {
    const name = row.Entity!;
    seen.add(name);
    const mean = numberOrNull(row[PN_MEAN]);
    const median = medians.get(name) ?? null;
    // "Grains" has neither: it is an aggregate row of the means file with no figure.
    if (mean === null && median === null) continue;
    items.push({ name, kgCo2ePerKg: mean, medianKgCo2ePerKg: median });
  }
  // Soybean oil is only in the supply-chain file.
  for (const [name, median] of medians) {
    if (!seen.has(name)) items.push({ name, kgCo2ePerKg: null, medianKgCo2ePerKg: median });
  }
  return items.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Rounded to 4 significant figures: the file carries float noise (0.48868986875). */
function round4(value: number): number {
  return Number(value.toPrecision(4));
}

export function readClark(path: string): StudyItem[] {
  return rows(path)
    .map((row) => {
      const value = numberOrNull(row.ghg_kg);
      if (value === null) throw new Error(`Clark et al.: ${row.Entity} has no ghg_kg`);
      return { name: row.Entity!.trim(), kgCo2ePerKg: round4(value), medianKgCo2ePerKg: null };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
