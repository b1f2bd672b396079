import type { Logger } from 'pino';
import { type Command, parseCommand } from './command.js';
import { isCarbonError } from './errors.js';
import { type HelpView, helpView } from './help.js';
import { type ErrorView, toErrorView } from './messages.js';
import type { LookupResult } from './result.js';
import type { LookupOptions, LookupSource } from './source.js';

/** Everything a renderer may be asked to show. */
export type Reply =
  | { type: 'result'; result: LookupResult }
  | { type: 'help'; help: HelpView }
  | { type: 'error'; error: ErrorView };

export async function runLookup(
  command: Extract<Command, { type: 'lookup' }>,
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

/** Parses and runs the text after `/carbon`; never throws. */
export async function handleCommandText(
  text: string,
  source: LookupSource,
  logger: Logger,
  options: LookupOptions = {},
): Promise<Reply> {
  let command: Command;
  try {
    command = parseCommand(text);
  } catch (error) {
    logLookupFailure(logger, error, { text: text.slice(0, 300) });
    return { type: 'error', error: toErrorView(error) };
  }
  if (command.type === 'help') return { type: 'help', help: helpView(command.hint) };
  return runLookup(command, source, logger, options);
}

export function logLookupFailure(logger: Logger, error: unknown, context: Record<string, unknown>): void {
  if (isCarbonError(error)) {
    // The user's own misses (not found, invalid input) are info; other expected failures (rate
    // limits, timeouts, upstream errors) are warnings; only the unexpected is an error.
    const level = error.code === 'not_found' || error.code === 'invalid_input' ? 'info' : 'warn';
    logger[level]({ ...context, code: error.code, err: error }, 'lookup failed');
  } else {
    logger.error({ ...context, err: error }, 'lookup failed unexpectedly');
  }
}
