import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { MILK_DENSITY_KG_PER_L } from './liquids.js';

const GHG_PER_KG_COLUMN = 'GHG emissions per kilogram (Poore & Nemecek, 2018)';

export interface MilkReference {
  name: string;
  kgCo2ePerKg: number;
  densityKgPerL: number;
  kgCo2ePerL: number;
  citation: string;
}

/**
 * The world-average cow's milk the milk trial compares against: the "Milk" row of Poore & Nemecek
 * (2018), Science 360:987-992, via Our World in Data (kg CO2e per kg, global mean), converted to
 * per litre with a milk density of 1.03 kg/L.
 */
export function readMilkReference(path: string): MilkReference {
  const rows: Record<string, string>[] = parse(readFileSync(path), { columns: true, bom: true });
  const milk = rows.find((row) => row.Entity === 'Milk');
  const kgCo2ePerKg = Number(milk?.[GHG_PER_KG_COLUMN]);
  if (milk === undefined || !Number.isFinite(kgCo2ePerKg) || kgCo2ePerKg <= 0) {
    throw new Error('Poore & Nemecek: no usable "Milk" row');
  }
  return {
    name: "world-average cow's milk",
    kgCo2ePerKg,
    densityKgPerL: MILK_DENSITY_KG_PER_L,
    kgCo2ePerL: round(kgCo2ePerKg * MILK_DENSITY_KG_PER_L),
    citation: 'Poore & Nemecek (2018), Science 360:987-992, via Our World in Data',
  };
}

/** Agribalyse publishes 3 significant figures; derived values keep 4 to avoid noisy diffs. */
export function round(value: number, significant = 4): number {
  return value === 0 ? 0 : Number(value.toPrecision(significant));
}
