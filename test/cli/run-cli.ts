import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
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

function spawnChild(args: readonly string[], options: CliOptions): ChildProcessWithoutNullStreams {
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), 'carbon-cli-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? cwd,
    ...options.env,
  };
  return spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs `carbon …` from the TypeScript sources as a real child process, so no build is needed. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawnChild(args, options);
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

export interface LongRunningCli {
  /** Resolves with the first match of `pattern` in stdout or stderr, as output arrives. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Sends the signal and resolves with the finished run. */
  stop(signal: NodeJS.Signals): Promise<CliRun>;
}

/** Starts a `carbon` verb that keeps running (start, serve) and lets the test drive it. */
export function startCli(args: readonly string[], options: CliOptions = {}): LongRunningCli {
  const child = spawnChild(args, options);
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve(match: RegExpMatchArray): void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = `${stdout}\n${stderr}`.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    check();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    check();
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  void closed.then(() => {
    for (const waiter of waiters.splice(0)) {
      waiter.resolve(Object.assign([] as string[], { index: -1 }) as RegExpMatchArray);
    }
  });
  child.stdin.end();
  return {
    waitFor(pattern) {
      return new Promise((resolve) => {
        waiters.push({ pattern, resolve });
        check();
      });
    },
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await closed;
      return { code, stdout, stderr };
    },
  };
}
