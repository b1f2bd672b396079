/**
 * `npm run bench`: runs every benchmark section in one process, on one machine, so that each figure
 * can be read as a ratio against the baseline measured in the same run. Sections live beside this
 * file and export `run(): Promise<string>` returning Markdown.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SECTIONS = [
  'frameworks',
  'service',
  'slack',
  'discord',
  'bodies',
  'compare',
  'compare-chat',
  'store',
  'ingredient-list',
  'figures',
];
const only = process.argv.slice(2);

const parts = [
  `# carbon benchmarks\n\n${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · ${Math.round(totalmem() / 2 ** 30)} GiB\n`,
];
for (const name of SECTIONS) {
  if (only.length > 0 && !only.includes(name)) continue;
  const file = join(here, `${name}.ts`);
  if (!existsSync(file)) continue;
  const section = (await import(file)) as { run(): Promise<string> };
  process.stderr.write(`bench: ${name}…\n`);
  parts.push(await section.run());
}
const report = parts.join('\n');
process.stdout.write(`${report}\n`);
await mkdir(join(here, 'results'), { recursive: true });
await writeFile(join(here, 'results', 'latest.md'), report);
