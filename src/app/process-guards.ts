import type { Logger } from 'pino';

/**
 * Last-resort handlers for the long-running commands (`start`, `serve`). Every input path already
 * catches its own failures; these exist so a bug that slips past them is logged with its stack rather
 * than ending the bot silently.
 *
 * - An unhandled rejection is logged and the process keeps serving: the rejected promise's work is
 *   lost, but nothing shared was left half-changed.
 * - An uncaught exception is logged, then the process stops cleanly and exits 1: Node's documentation
 *   warns that state after one is undefined, so a supervisor should restart it.
 *
 * Returns a function that removes both handlers.
 */
export function installProcessGuards(logger: Logger, stopAfterFatal: () => Promise<void>): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection; still running');
  };
  let fatal = false;
  const onException = (error: Error) => {
    logger.fatal({ err: error }, 'uncaught exception; stopping');
    if (fatal) return;
    fatal = true;
    // Exit even if stopping hangs or fails: a stuck half-broken bot is worse than a restart.
    setTimeout(() => process.exit(1), 5_000).unref();
    stopAfterFatal().then(
      () => process.exit(1),
      () => process.exit(1),
    );
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
