#!/usr/bin/env node
/**
 * The `carbon` executable: binds the CLI (program.ts) to this process's streams, environment and
 * exit code. Everything else lives in program.ts, which tests run in process.
 */
import { EXIT_FAILURE, EXIT_OK } from './exit-codes.js';
import { unsupportedNode } from './node-version.js';

const unsupported = unsupportedNode(process.versions.node);
if (unsupported !== null) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(EXIT_FAILURE);
}
// Imported only once the version is known to be supported: its dependencies need Node.js 22.19.
const { main } = await import('./program.js');

// `carbon … | head` closes stdout early; that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
  throw error;
});

const code = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
process.exitCode = code;
// Chat SDKs can leave timers behind after a clean stop; do not let them keep the process alive.
setTimeout(() => process.exit(code), 2_000).unref();
