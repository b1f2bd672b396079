import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceUnavailableError } from './errors.js';

/**
 * Where the committed data files are (data/): beside the nearest package.json above this module,
 * so it works from src/ (tsx, vitest) and from dist/ after `tsc`. The catalog keeps its own copy
 * (src/sources/catalog/load.ts); features that read a data file of their own (compare, the
 * ingredient-list words) use this one, so they
 * need not reach into a source for a path.
 */
export function dataDir(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'data');
    const parent = dirname(directory);
    if (parent === directory) throw new SourceUnavailableError('cannot find the package root for data/');
    directory = parent;
  }
}
