import { installProcessGuards } from '../app/process-guards.js';
import { createServiceCompare } from '../app/service-compare.js';
import { onShutdownSignal } from '../app/start.js';
import { startService } from '../service/index.js';
import { EXIT_OK } from './exit-codes.js';
import type { CliIo } from './io.js';
import { writeLine } from './output.js';
import { loadRuntime } from './runtime.js';

/** `carbon serve` (`npm run serve`): the self-hosted footprint API until SIGINT/SIGTERM. */
export async function serveCommand(io: CliIo): Promise<number> {
  const { config, logger } = loadRuntime(io, 'info');
  const print = (text: string) => writeLine(io.stdout, text);
  const service = await startService(config, logger, {
    print,
    compare: (source) => createServiceCompare(source, logger),
  });
  print(`carbon serve: listening on ${service.url}`);
  const removeGuards = installProcessGuards(logger, () => service.close());
  await new Promise<void>((resolve) => {
    const remove = onShutdownSignal(logger, async () => {
      await service.close();
      remove();
      resolve();
    });
  });
  removeGuards();
  return EXIT_OK;
}
