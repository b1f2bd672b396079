import type { Readable, Writable } from 'node:stream';

/**
 * The process's streams and environment, passed in rather than read from `process`, so the whole
 * CLI runs inside a test with streams the test reads.
 */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Variables to read; `.env` in `cwd` fills in the ones not set here (and is written into it). */
  env: NodeJS.ProcessEnv;
  /** Where `.env` is looked for; the process's working directory when omitted. */
  cwd?: string;
}

export function isTerminal(stream: Readable | Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}
