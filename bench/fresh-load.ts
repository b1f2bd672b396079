import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { root } from './lib.js';

export interface Fresh {
  importMs: number;
  loadMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  heapUsedMb: number;
  stats: { products: number; recipes: number; categories: number };
}

/**
 * Catalog load time and memory in a fresh process, where nothing is warm or shared with this one.
 * Uses the compiled dist/ that `npm run bench` builds first, as `carbon serve` runs; falls back to
 * the sources under tsx, whose own modules then weigh in the RSS.
 */
export async function measureFreshLoad(): Promise<Fresh & { runtime: string }> {
  const built = join(root, 'dist/sources/catalog/index.js');
  const compiled = existsSync(built);
  const entry = pathToFileURL(compiled ? built : join(root, 'src/sources/catalog/index.ts')).href;
  const script = `
    const mb = (bytes) => Math.round(bytes / 2 ** 20 * 10) / 10;
    const t0 = performance.now();
    const { loadCatalog } = await import(${JSON.stringify(entry)});
    const t1 = performance.now();
    const rssBefore = process.memoryUsage().rss;
    const catalog = loadCatalog();
    const t2 = performance.now();
    const memory = process.memoryUsage();
    console.log(JSON.stringify({ importMs: t1 - t0, loadMs: t2 - t1, rssBeforeMb: mb(rssBefore),
      rssAfterMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), stats: catalog.stats }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...(compiled ? [] : ['--import', 'tsx']), '--input-type=module', '-e', script],
    { cwd: root },
  );
  const fresh = JSON.parse(stdout.trim().split('\n').at(-1)!) as Fresh;
  return { ...fresh, runtime: compiled ? 'node on dist/' : 'tsx on src/' };
}
