import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built executable, as `npm install` leaves it and as package.json's `bin` names it. */
export const BIN = join(REPO_ROOT, 'dist/cli/main.js');

function newestModification(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/ when it is missing or older than src/, so these tests never run yesterday's build.
 * A fresh `npm install` has just built it, so CI pays nothing here.
 */
export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(BIN).mtimeMs;
  } catch {}
  if (built >= newestModification(join(REPO_ROOT, 'src'))) return;
  execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
}

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
    // The embedded database's default directory: the child's own, never the developer's.
    XDG_DATA_HOME: join(cwd, 'xdg-data'),
    ...options.env,
  };
  return spawn(process.execPath, [BIN, ...args], {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs the built `carbon` executable as a real child process. */
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
