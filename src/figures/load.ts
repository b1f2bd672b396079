import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceUnavailableError } from '../core/errors.js';
import { type IndependentFiguresFile, IndependentFiguresFileSchema } from './schema.js';

/** Where the data build writes the studies' figures beside the catalog's (data/README.md). */
export const FIGURES_FILE = 'independent-figures.json';

/** Reads and validates data/independent-figures.json; a missing or invalid file is a SourceUnavailableError. */
export function readFiguresFile(dataDir: string): IndependentFiguresFile {
  const path = join(dataDir, FIGURES_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SourceUnavailableError(
      `the independent figures could not be read from ${path}: ${(error as Error).message}`,
    );
  }
  const parsed = IndependentFiguresFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new SourceUnavailableError(`${FIGURES_FILE} is invalid: ${parsed.error.message}`);
  return parsed.data;
}
