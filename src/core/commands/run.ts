import { performance } from 'node:perf_hooks';
import { logLookupFailure } from '../lookup.js';
import { toErrorView } from '../messages.js';
import type { RequestHandler } from '../pipeline.js';
import { type Answer, outcomeOf } from './answer.js';
import type { CommandServices } from './define.js';
import { type CommandRequest, commandNamed } from './registry.js';
import { respell, type Surface } from './surface.js';

/** The longest piece of user text put in a debug log line. */
const LOGGED_TEXT_MAX = 300;

/**
 * Runs any command's request with the services: the one handler every surface hands the pipeline
 * (or, in a terminal, calls directly). Never throws: a failure becomes an error answer, logged
 * with context. Logs one line per command at info (command, surface, outcome, latency); what the
 * user typed only at debug.
 */
export function commandHandler(
  services: CommandServices,
  surface: Surface,
): RequestHandler<CommandRequest, Answer> {
  return async (request, context) => {
    const started = performance.now();
    const { logger } = context;
    logger.debug({ command: request.command, input: loggable(request.input) }, 'command received');
    let answer: Answer;
    try {
      answer = await commandNamed(request.command).handle(request.input, services, { ...context, surface });
    } catch (error) {
      logLookupFailure(logger, error, { command: request.command });
      answer = { type: 'error', error: toErrorView(error) };
    }
    answer = forSurface(answer, surface);
    logger.info(
      {
        command: request.command,
        surface,
        outcome: outcomeOf(answer),
        latencyMs: Math.round(performance.now() - started),
      },
      'command answered',
    );
    return answer;
  };
}

/** Hints mention commands as chat spells them; a terminal gets its own spelling. */
export function forSurface(answer: Answer, surface: Surface): Answer {
  if (answer.type === 'error' && answer.error.hint !== null) {
    return { ...answer, error: { ...answer.error, hint: respell(answer.error.hint, surface) } };
  }
  if (answer.type === 'help' && answer.help.hint !== null) {
    return { ...answer, help: { ...answer.help, hint: respell(answer.help.hint, surface) } };
  }
  return answer;
}

function loggable(input: unknown): unknown {
  const text = JSON.stringify(input) ?? '';
  return text.length > LOGGED_TEXT_MAX ? `${text.slice(0, LOGGED_TEXT_MAX)}…` : input;
}
