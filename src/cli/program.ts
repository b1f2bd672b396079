import { ConfigError } from '../config/env.js';
import { InternalError } from '../core/errors.js';
import { asksForJson, parseArgs, UsageError } from './args.js';
import { commandLine } from './command.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import type { CliIo } from './io.js';
import { cliErrorView, writeErrorView, writeLine } from './output.js';
import { usageText } from './usage.js';
import { PROGRAM_VERBS } from './verbs.js';
import { packageVersion } from './version.js';

export type { CliIo } from './io.js';

/**
 * The whole `carbon` command: reads `argv` (without node and the script), writes to the given
 * streams and resolves with the exit code. Never exits the process, so tests run it in process.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const json = asksForJson(argv);
  try {
    const args = parseArgs(argv);
    if (args.version) {
      writeLine(io.stdout, packageVersion());
      return EXIT_OK;
    }
    if (args.help || args.verb === 'help') {
      writeLine(io.stdout, usageText());
      return EXIT_OK;
    }
    if (args.verb === null) {
      writeLine(io.stderr, usageText());
      return EXIT_USAGE;
    }
    const program = PROGRAM_VERBS.find((verb) => verb.name === args.verb);
    if (program !== undefined) return await program.run(io);
    // Core's commands, and words with no verb (a name).
    return await commandLine(args, io);
  } catch (error) {
    return reportFailure(io, error, json);
  }
}

function reportFailure(io: CliIo, error: unknown, json: boolean): number {
  if (error instanceof UsageError) {
    writeErrorView(
      io.stderr,
      cliErrorView(error.code, `${error.message}.`, 'Run `carbon --help` for usage.'),
      json,
    );
    return EXIT_USAGE;
  }
  if (error instanceof ConfigError) {
    // ConfigError names variables but never their values, which may be secrets.
    writeErrorView(
      io.stderr,
      cliErrorView(error.code, error.message, 'See .env.example for every variable and its format.'),
      json,
    );
    return EXIT_FAILURE;
  }
  const message = error instanceof Error ? error.message : String(error);
  writeErrorView(io.stderr, cliErrorView(InternalError.code, message, null), json);
  return EXIT_FAILURE;
}
