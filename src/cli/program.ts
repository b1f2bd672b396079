import { ConfigError } from '../config/env.js';
import { InternalError } from '../core/errors.js';
import { asksForJson, parseArgs, UsageError } from './args.js';
import { compareCommand } from './compare.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import type { CliIo } from './io.js';
import { lookupCommand } from './lookup.js';
import { cliErrorView, writeErrorView, writeLine } from './output.js';
import { usageText } from './usage.js';
import { packageVersion } from './version.js';

export type { CliIo } from './io.js';

/**
 * Loaded on demand: the Slack and Discord SDKs take a few hundred milliseconds to import, which a
 * one-shot `carbon product …` should not pay.
 */
const SERVICE_VERBS: Record<string, (io: CliIo) => Promise<number>> = {
  start: async (io) => (await import('./start.js')).startCommand(io),
  serve: async (io) => (await import('./serve.js')).serveCommand(io),
  shell: async (io) => (await import('./start.js')).shellCommand(io),
  'discord-register': async (io) => (await import('./discord-register.js')).discordRegisterCommand(io),
};

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
    const service = SERVICE_VERBS[args.verb];
    if (service !== undefined) return await service(io);
    if (args.verb === 'compare') return await compareCommand(args, io);
    // product, recipe, and unknown verbs, which the chat parser answers with a hint.
    return await lookupCommand(args, io);
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
