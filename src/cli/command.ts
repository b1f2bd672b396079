import type { Readable, Writable } from 'node:stream';
import { createCommandServices } from '../app/services.js';
import type { CompareResult } from '../compare/model.js';
import type { Answer } from '../core/commands/answer.js';
import { parseArgs, parseCommandText } from '../core/commands/parse.js';
import { type CommandName, commandForVerb } from '../core/commands/registry.js';
import { commandHandler } from '../core/commands/run.js';
import { USER_ERROR_CODES } from '../core/errors.js';
import { renderAnswerText } from '../render/answer-text.js';
import { tooFewMessage } from '../service/compare.js';
import { createSource } from '../sources/select.js';
import type { CliArgs } from './args.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { type CliIo, isTerminal } from './io.js';
import { cliErrorView, writeErrorView, writeLine } from './output.js';
import { loadRuntime } from './runtime.js';
import { usageText } from './usage.js';

/**
 * `carbon <command> <text…>`: the command line's words go through core's one parser (the words
 * after a verb are that command's text; words with no verb are a name), and the answer through the
 * same handler as in chat. A command whose text may come on standard input (a posted menu) reads it
 * there when none is given.
 */
export async function commandLine(args: CliArgs, io: CliIo): Promise<number> {
  // A failed lookup already ends in a message for the user, so by default nothing is logged. With
  // --json, stderr must hold exactly one JSON document, the error, so nothing is logged at all.
  // LOG_LEVEL, when set, wins either way.
  const { config, logger } = loadRuntime(io, args.json ? 'silent' : 'error');
  const verb = args.verb ?? '';
  const command = commandForVerb(verb, 'cli');
  let text = args.words.join(' ');
  if (command?.option?.stdin === true && text.trim() === '' && !isTerminal(io.stdin)) {
    text = await readUpTo(io.stdin, command.option.maxLength);
  }
  const parsed =
    command === null
      ? parseCommandText([verb, ...args.words].join(' '), 'cli')
      : parseArgs(command.name as CommandName, text, 'cli');
  // The parser offers forms to chat only.
  if (!('request' in parsed)) return EXIT_USAGE;
  const { request } = parsed;
  if (request.command === 'help') {
    if (request.input.hint === null) {
      writeLine(io.stdout, usageText());
      return EXIT_OK;
    }
    writeErrorView(
      io.stderr,
      cliErrorView('usage', request.input.hint, 'Run `carbon --help` for usage.'),
      args.json,
    );
    return EXIT_USAGE;
  }
  const selected = createSource(config, logger, { suggester: false });
  let answer: Answer;
  try {
    const run = commandHandler(createCommandServices(selected.source, logger), 'cli');
    answer = await run(request, { signal: new AbortController().signal, logger });
  } finally {
    await selected.close();
  }
  const code = exitCodeFor(answer);
  printAnswer(code === EXIT_OK ? io.stdout : io.stderr, answer, args.json);
  return code;
}

/** 0 answered; 2 the user's own miss (not found, bad input, too few options found); 1 anything else. */
export function exitCodeFor(answer: Answer): number {
  switch (answer.type) {
    case 'result':
    case 'info':
      return EXIT_OK;
    case 'help':
      return answer.help.hint === null ? EXIT_OK : EXIT_USAGE;
    case 'compare':
      if (answer.result.status === 'ranked') return EXIT_OK;
      return answer.result.failed.length > 0 ? EXIT_FAILURE : EXIT_USAGE;
    case 'error':
      return USER_ERROR_CODES.has(answer.error.code) ? EXIT_USAGE : EXIT_FAILURE;
  }
}

/** Text, or with --json the answer's document: a result, a comparison, an info's data, or `{"error"}`. */
export function printAnswer(stream: Writable, answer: Answer, json: boolean): void {
  if (!json) {
    writeLine(stream, renderAnswerText(answer));
    return;
  }
  switch (answer.type) {
    case 'result':
      writeLine(stream, JSON.stringify(answer.result, null, 2));
      break;
    case 'compare':
      writeLine(
        stream,
        JSON.stringify(
          answer.result.status === 'ranked' ? answer.result : tooFewError(answer.result),
          null,
          2,
        ),
      );
      break;
    case 'info':
      writeLine(stream, JSON.stringify(answer.data, null, 2));
      break;
    case 'help':
      // Help with a hint is a usage error; plain help is printed as text even with --json.
      if (answer.help.hint === null) writeLine(stream, renderAnswerText(answer));
      else
        writeErrorView(
          stream,
          cliErrorView('usage', answer.help.hint, 'Run `carbon --help` for usage.'),
          true,
        );
      break;
    case 'error':
      writeLine(stream, JSON.stringify({ error: answer.error }, null, 2));
      break;
  }
}

/**
 * A comparison with fewer than two options ranked is an error, so it is printed as every error is,
 * `{"error": …}` on stderr, with the document beside it as `error.comparison`: the shape
 * `carbon serve` answers it in (400 `too_few`). When a lookup failed, its code and wait are the error's.
 */
function tooFewError(result: CompareResult): { error: Record<string, unknown> } {
  const failure = result.failed[0]?.error;
  const suggestions = [...new Set(result.notFound.flatMap((item) => item.suggestions))];
  return {
    error: {
      code: failure?.code ?? 'too_few',
      text: tooFewMessage(result),
      hint:
        failure?.hint ?? 'Name at least two options the catalog knows, e.g. `carbon compare lasagne, dal`.',
      suggestions,
      retryAfterSeconds: failure?.retryAfterSeconds ?? null,
      comparison: result,
    },
  };
}

/**
 * Standard input up to one character past the option's limit (so a text over it is still seen to
 * be), then no more: `yes | carbon menu` or a multi-gigabyte file would otherwise be read into
 * memory without end, and the command only reads up to its limit anyway. Leaving the loop early
 * destroys the stream, so a writer on the pipe gets EPIPE and stops.
 */
export async function readUpTo(stream: Readable, maxCharacters: number): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    text += chunk;
    if (text.length > maxCharacters) return text.slice(0, maxCharacters + 1);
  }
  return text;
}
