#!/usr/bin/env node
import { ConfigError } from '../config/env.js';
import { parseArgs, UsageError } from './args.js';
import { compareCommand } from './compare.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { lookupCommand } from './lookup.js';
import { cliErrorView, writeErr, writeErrorView, writeOut } from './output.js';
import { usageText } from './usage.js';
import { packageVersion } from './version.js';

/**
 * Loaded on demand: the Slack and Discord SDKs take a few hundred milliseconds to import, which a
 * one-shot `carbon product …` should not pay.
 */
const SERVICE_VERBS: Record<string, () => Promise<number>> = {
  start: async () => (await import('./start.js')).startCommand(),
  serve: async () => (await import('./serve.js')).serveCommand(),
  shell: async () => (await import('./start.js')).shellCommand(),
  'discord-register': async () => (await import('./discord-register.js')).discordRegisterCommand(),
};

export async function main(argv: readonly string[]): Promise<number> {
  let json = false;
  try {
    const args = parseArgs(argv);
    json = args.json;
    if (args.version) {
      writeOut(packageVersion());
      return EXIT_OK;
    }
    if (args.help || args.verb === 'help') {
      writeOut(usageText());
      return EXIT_OK;
    }
    if (args.verb === null) {
      writeErr(usageText());
      return EXIT_USAGE;
    }
    const service = SERVICE_VERBS[args.verb];
    if (service !== undefined) {
      const code = await service();
      // Chat SDKs can leave timers behind after a clean stop; do not let them keep the process alive.
      setTimeout(() => process.exit(code), 2_000).unref();
      return code;
    }
    if (args.verb === 'compare') return await compareCommand(args);
    // product, recipe, and unknown verbs, which the chat parser answers with a hint.
    return await lookupCommand(args);
  } catch (error) {
    return reportFailure(error, json);
  }
}

function reportFailure(error: unknown, json: boolean): number {
  if (error instanceof UsageError) {
    writeErrorView(cliErrorView('usage', `${error.message}.`, 'Run `carbon --help` for usage.'), json);
    return EXIT_USAGE;
  }
  if (error instanceof ConfigError) {
    // ConfigError names variables but never their values, which may be secrets.
    writeErrorView(
      cliErrorView('config_error', error.message, 'See .env.example for every variable and its format.'),
      json,
    );
    return EXIT_FAILURE;
  }
  const message = error instanceof Error ? error.message : String(error);
  writeErrorView(cliErrorView('internal', message, null), json);
  return EXIT_FAILURE;
}

// `carbon … | head` closes stdout early; that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
  throw error;
});

const code = await main(process.argv.slice(2));
process.exitCode = code;
