import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { main } from '../../src/cli/program.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface MainOptions {
  /** The only variables `main` sees: the developer's own environment, .env or keys must not leak in. */
  env?: Record<string, string>;
  /** Working directory, where `.env` is looked for; a fresh empty directory by default. */
  cwd?: string;
  /** What stdin holds before it ends; empty by default. */
  input?: string;
}

class Collector extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs `carbon …` in this process, through the same `main` the executable calls, on pipes it reads. */
export async function runMain(args: readonly string[], options: MainOptions = {}): Promise<CliRun> {
  const stdout = new Collector();
  const stderr = new Collector();
  const input = options.input ?? '';
  const stdin = Readable.from(input === '' ? [] : [Buffer.from(input)], { objectMode: false });
  const code = await main(args, {
    stdin,
    stdout,
    stderr,
    env: { ...options.env },
    cwd: options.cwd ?? mkdtempSync(join(tmpdir(), 'carbon-cli-')),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
