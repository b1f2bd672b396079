import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ModuleScript {
  /** Everything written to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Settles with the exit code once the process has closed its streams. */
  closed: Promise<number | null>;
  exited(): boolean;
  kill(): void;
}

/**
 * Runs an ES module script (TypeScript imports allowed, through tsx) in a child process from the
 * repository root, for behaviour that only a real process shows: stdout/stderr, exit codes, process
 * handlers.
 */
export function runModuleScript(script: string): ModuleScript {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exited = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    closed,
    exited: () => exited,
    kill: () => child.kill(),
  };
}
