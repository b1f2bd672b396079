import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run-cli.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('layering', () => {
  it('adapters never import the app that starts them (the app imports adapters, not the reverse)', () => {
    const offenders = sources(join(REPO_ROOT, 'src/adapters')).filter((file) =>
      imports(file).some((target) => /(^|\/)app\//.test(target)),
    );
    expect(offenders.map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });

  it('core imports neither adapters, renderers nor the app', () => {
    const offenders = sources(join(REPO_ROOT, 'src/core')).filter((file) =>
      imports(file).some((target) => /(^|\/)(adapters|render|app)\//.test(target)),
    );
    expect(offenders.map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });
});
