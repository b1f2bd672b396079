import { readSheet } from './spreadsheet.js';

/** English CIQUAL 2020 names per alim_code (PROVENANCE.md §3). */
export interface CiqualNames {
  group: string | null;
  subgroup: string | null;
}

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name === '' || name === '-' ? null : name;
}

export function readCiqualNames(path: string): Map<number, CiqualNames> {
  const rows = readSheet(path);
  const names = new Map<number, CiqualNames>();
  for (const row of rows) {
    // Codes are stored as floats such as 24999.0.
    const code = Number(row.alim_code);
    if (!Number.isInteger(code)) continue;
    names.set(code, { group: cleanName(row.alim_grp_nom_eng), subgroup: cleanName(row.alim_ssgrp_nom_eng) });
  }
  if (names.size < 3000) throw new Error(`CIQUAL: only ${names.size} foods read`);
  return names;
}
