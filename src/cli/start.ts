import { runShell } from '../adapters/shell/index.js';
import { installProcessGuards } from '../app/process-guards.js';
import { createCommandServices } from '../app/services.js';
import { shellBanner, startApp } from '../app/start.js';
import { createSource } from '../sources/select.js';
import { EXIT_OK } from './exit-codes.js';
import { type CliIo, isTerminal } from './io.js';
import { loadRuntime } from './runtime.js';

/** `carbon start` (`npm start`): the configured chat adapters, or the local shell in a terminal. */
export async function startCommand(io: CliIo): Promise<number> {
  const { config, logger, logLevelExplicit } = loadRuntime(io, 'info');
  // The local shell shares the terminal with the logs; info lines would interleave with answers.
  const app = await startApp({
    config,
    logger,
    input: io.stdin,
    output: io.stdout,
    interactive: isTerminal(io.stdin) && isTerminal(io.stdout),
    handleSignals: true,
    beforeShell: () => {
      if (!logLevelExplicit) logger.level = 'warn';
    },
  });
  const removeGuards = installProcessGuards(logger, () => app.stop());
  await app.done;
  removeGuards();
  return EXIT_OK;
}

/**
 * `carbon shell`: the local shell on any stdin, terminal or pipe, whatever is configured. Handy for
 * trying the bot without a chat platform, and for scripting several lookups in one process.
 */
export async function shellCommand(io: CliIo): Promise<number> {
  const { config, logger } = loadRuntime(io, 'warn');
  const selected = createSource(config, logger, { suggester: false });
  const interactive = isTerminal(io.stdin) && isTerminal(io.stdout);
  try {
    await runShell({
      input: io.stdin,
      output: io.stdout,
      services: createCommandServices(selected.source, logger),
      logger,
      banner: interactive ? shellBanner(selected.description, false) : undefined,
      interactive,
    });
  } finally {
    await selected.close();
  }
  return EXIT_OK;
}
