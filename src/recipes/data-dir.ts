import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceUnavailableError } from '../core/errors.js';

/**
 * data/ of the package: beside the nearest ancestor of this module holding package.json, from src/
 * (tsx, vitest) and from dist/ alike. The list readers find their words here rather than through the
 * catalog's loader, so that reading a command's text (core) never reaches a source.
 */
export function packageDataDir(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'data');
    const parent = dirname(directory);
    if (parent === directory) throw new SourceUnavailableError('cannot find the package root for data/');
    directory = parent;
  }
}
