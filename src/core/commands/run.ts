import { performance } from 'node:perf_hooks';
import { logLookupFailure } from '../lookup.js';
import { toErrorView } from '../messages.js';
import type { RequestHandler } from '../pipeline.js';
import { upstreamCallsSoFar, withUpstreamBudget } from '../upstream-budget.js';
import { type Answer, outcomeOf } from './answer.js';
import type { CommandServices } from './define.js';
import { type CommandRequest, commandForVerb, commandNamed } from './registry.js';
import { respell, type Surface } from './surface.js';

/** The longest piece of user text put in a debug log line. */
const LOGGED_TEXT_MAX = 300;

/**
 * Upstream requests one command may cause when the app sets no other number: a ranked comparison of
 * ten options needs at most twenty lookups (a dish and a product each), and ten more let a third of
 * them be retried once after a network error or a 5xx.
 */
export const DEFAULT_UPSTREAM_CALLS_PER_COMMAND = 30;

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
    const limit = services.upstreamCallsPerCommand ?? DEFAULT_UPSTREAM_CALLS_PER_COMMAND;
    let upstreamCalls: number | null = null;
    let answer: Answer = await withUpstreamBudget(limit, async () => {
      try {
        return await commandNamed(request.command).handle(request.input, services, { ...context, surface });
      } catch (error) {
        logLookupFailure(logger, error, { command: request.command });
        return { type: 'error', error: toErrorView(error) } satisfies Answer;
      } finally {
        upstreamCalls = upstreamCallsSoFar();
      }
    });
    answer = forSurface(answer, surface);
    const seconds = (performance.now() - started) / 1000;
    const outcome = outcomeOf(answer);
    logger.info(
      {
        command: request.command,
        surface,
        outcome,
        latencyMs: Math.round(seconds * 1000),
        ...(upstreamCalls === null || upstreamCalls === 0 ? {} : { upstreamCalls }),
      },
      'command answered',
    );
    services.telemetry?.commandAnswered(surface, request.command, outcome, seconds);
    return answer;
  };
}

/**
 * Hints mention commands as Slack spells them (`` `/carbon product oat milk` ``); each surface gets
 * its own spelling: `` `carbon product oat milk` `` on the command line, `` `product oat milk` `` in
 * the shell, `` `/carbon product name:oat milk` `` in Discord, whose options are named.
 */
export function forSurface(answer: Answer, surface: Surface): Answer {
  const spell = (hint: string) => (surface === 'discord' ? withOptionNames(hint) : respell(hint, surface));
  if (answer.type === 'error' && answer.error.hint !== null) {
    return { ...answer, error: { ...answer.error, hint: spell(answer.error.hint) } };
  }
  if (answer.type === 'help' && answer.help.hint !== null) {
    return { ...answer, help: { ...answer.help, hint: spell(answer.help.hint) } };
  }
  return answer;
}

/** `` `/carbon compare a, b` `` as Discord's command takes it: `` `/carbon compare options:a, b` ``. */
function withOptionNames(hint: string): string {
  return hint.replace(/`\/carbon (\S+) ([^`:]+)`/g, (span, verb: string, args: string) => {
    const option = commandForVerb(verb, 'discord')?.option;
    return option === null || option === undefined ? span : `\`/carbon ${verb} ${option.name}:${args}\``;
  });
}

function loggable(input: unknown): unknown {
  const text = JSON.stringify(input) ?? '';
  return text.length > LOGGED_TEXT_MAX ? `${text.slice(0, LOGGED_TEXT_MAX)}…` : input;
}
