import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';

/** The columns of the ADEME Agribalyse 3.2 "synthèse" export that the catalog uses. */
const AgribalyseRowSchema = z.object({
  'Code AGB': z.string().min(1),
  'Code CIQUAL': z.coerce.number().int(),
  "Groupe d'aliment": z.string().min(1),
  "Sous-groupe d'aliment": z.string().min(1),
  'LCI Name': z.string().min(1),
  /** kg CO2e per kg of product at the consumer (PROVENANCE.md §1). */
  'Changement climatique': z.coerce.number().nonnegative(),
});

export interface AgribalyseItem {
  code: string;
  ciqualCode: number;
  group: string;
  subgroup: string;
  lciName: string;
  kgCo2ePerKg: number;
}

export function readAgribalyse(path: string): AgribalyseItem[] {
  const records: unknown[] = parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true });
  const items = records.map((record, index) => {
    const parsed = AgribalyseRowSchema.safeParse(record);
    if (!parsed.success) throw new Error(`Agribalyse row ${index + 2}: ${parsed.error.message}`);
    const row = parsed.data;
    return {
      code: row['Code AGB'],
      ciqualCode: row['Code CIQUAL'],
      group: row["Groupe d'aliment"].trim(),
      subgroup: row["Sous-groupe d'aliment"].trim(),
      lciName: row['LCI Name'].replace(/\s+/g, ' ').trim(),
      kgCo2ePerKg: row['Changement climatique'],
    };
  });
  const codes = new Set(items.map((item) => item.code));
  if (codes.size !== items.length) throw new Error('Agribalyse: duplicate Code AGB');
  return items;
}
