import type { Logger } from 'pino';
import { isCarbonError, type LookupKind, USER_ERROR_CODES } from './errors.js';
import type { HelpView } from './help.js';
import { type ErrorView, toErrorView } from './messages.js';
import type { LookupResult } from './result.js';
import type { LookupOptions, LookupSource } from './source.js';

/** Everything a renderer may be asked to show. */
export type Reply =
  | { type: 'result'; result: LookupResult }
  | { type: 'help'; help: HelpView }
  | { type: 'error'; error: ErrorView };

/** A name to look up as a product or a recipe. */
export interface LookupCommand {
  type: 'lookup';
  kind: LookupKind;
  name: string;
}

/** Looks a name up; never throws: a failure is an error reply, logged with context. */
export async function runLookup(
  command: LookupCommand,
  source: LookupSource,
  logger: Logger,
  options: LookupOptions = {},
): Promise<Reply> {
  try {
    const result =
      command.kind === 'product'
        ? await source.lookupProduct(command.name, options)
        : await source.lookupRecipe(command.name, options);
    return { type: 'result', result };
  } catch (error) {
    logLookupFailure(logger, error, { kind: command.kind, name: command.name, source: source.id });
    return { type: 'error', error: toErrorView(error) };
  }
}

/**
 * Logs a failed lookup. The user's own misses (not found, bad input) are outcomes, not errors: the
 * command's one log line says so, so here they are only a debug line without a stack. Other
 * expected failures (rate limits, timeouts, upstream errors) are warnings; only the unexpected is
 * an error.
 */
export function logLookupFailure(logger: Logger, error: unknown, context: Record<string, unknown>): void {
  if (isCarbonError(error)) {
    if (USER_ERROR_CODES.has(error.code)) logger.debug({ ...context, code: error.code }, 'lookup missed');
    else logger.warn({ ...context, code: error.code, err: error }, 'lookup failed');
  } else {
    logger.error({ ...context, err: error }, 'lookup failed unexpectedly');
  }
}
