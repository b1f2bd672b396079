import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(REPO_ROOT, 'src/cli/main.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Only these variables (plus PATH and HOME) reach the child: the developer's own .env or keys must not. */
  env?: Record<string, string>;
  /** Working directory, where `.env` is looked for; a fresh empty directory by default. */
  cwd?: string;
  /** Written to stdin, which is then closed; stdin is an empty pipe otherwise. */
  input?: string;
}

/** Runs `carbon …` from the TypeScript sources as a real child process, so no build is needed. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), 'carbon-cli-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? cwd,
    ...options.env,
  };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
