import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dataDir } from '../core/data-dir.js';
import { SourceUnavailableError } from '../core/errors.js';

/**
 * One familiar equivalent for a difference in kg CO2e: kilometres driven in an average car. The
 * factor is data (data/equivalences.json, built by scripts/build-data/equivalences.ts from the cited
 * inputs); data/README.md names the source.
 */
export const EquivalencesFileSchema = z.object({
  carKm: z.object({
    /** kg CO2e emitted per kilometre driven. */
    kgCo2ePerKm: z.number().positive(),
    /** How the equivalent reads: "km driven in an average car". */
    label: z.string().min(1),
    citation: z.string().min(1),
    url: z.url(),
  }),
});
export type EquivalencesFile = z.infer<typeof EquivalencesFileSchema>;
export type CarEquivalence = EquivalencesFile['carKm'];

export const EQUIVALENCES_FILE = 'equivalences.json';

/** Reads and validates data/equivalences.json; a missing or invalid file is SourceUnavailableError. */
export function loadEquivalences(directory = dataDir()): EquivalencesFile {
  const path = join(directory, EQUIVALENCES_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(`could not read ${path}: ${(error as Error).message}`);
  }
  const parsed = EquivalencesFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`${EQUIVALENCES_FILE} is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/** Kilometres in an average car that emit `kgCo2e`. */
export function carKilometres(kgCo2e: number, car: CarEquivalence): number {
  return kgCo2e / car.kgCo2ePerKm;
}
