import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** One dataset behind the figures, as `data/datasets.json` lists it. */
export const DatasetSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  year: z.number().int(),
  region: z.string().min(1),
  usedFor: z.string().min(1),
  licence: z.string().min(1),
  licenceUrl: z.string().url(),
  attribution: z.string().min(1),
});
export type Dataset = z.infer<typeof DatasetSchema>;

export const DatasetsFileSchema = z.object({
  $comment: z.string().optional(),
  datasets: z.array(DatasetSchema).min(1),
});

/** Reads and checks `data/datasets.json` (relative to this module, so it works from src and dist). */
export function loadDatasets(
  path: URL = new URL('../../data/datasets.json', import.meta.url),
): readonly Dataset[] {
  return DatasetsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).datasets;
}
