import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { CommandServices } from '../../core/commands/define.js';
import { parseCommandText } from '../../core/commands/parse.js';
import { commandsOn } from '../../core/commands/registry.js';
import { commandHandler } from '../../core/commands/run.js';
import { renderAnswerText } from '../../render/answer-text.js';
import { boundLines } from './bounded-lines.js';

export interface ShellOptions {
  input: Readable;
  output: Writable;
  /** What commands answer with (src/app/services.ts). */
  services: CommandServices;
  logger: Logger;
  /** Printed once before the first prompt. */
  banner?: string;
  /**
   * Show a prompt and let readline edit lines. Only for a real terminal: in a pipe the prompt would
   * be noise in the output.
   */
  interactive?: boolean;
  /** Ends the shell as if the input had ended, e.g. on shutdown. */
  signal?: AbortSignal;
}

const PROMPT = 'carbon> ';
const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit', ':q']);

/**
 * The longest line a pipe may give the shell, beyond which it is cut: the longest text any shell
 * command takes (its option's maxLength), with room for `/carbon` and the verb before it.
 */
export const SHELL_LINE_MAX =
  Math.max(...commandsOn('shell').map((command) => command.option?.maxLength ?? 0)) + 100;

/**
 * The local stand-in for a chat platform: each line is what would follow `/carbon` in Slack, read
 * by core's one parser and answered by core's command handler. Resolves when the input ends or the
 * user types exit/quit. Ctrl-C clears the line being typed, as in a shell; Ctrl-D leaves. Never
 * throws on input.
 */
export async function runShell(options: ShellOptions): Promise<void> {
  const { input, output, logger } = options;
  const interactive = options.interactive ?? false;
  const run = commandHandler(options.services, 'shell');
  const write = (text: string) => {
    if (!output.writableEnded && !output.destroyed) output.write(text);
  };

  if (options.signal?.aborted) return;
  // A terminal is a person typing, and readline needs the TTY itself for its editing; a pipe may
  // send anything, so its lines are cut to a bound before readline holds them.
  const bounded = interactive ? null : input.pipe(boundLines(SHELL_LINE_MAX));
  if (bounded !== null) input.once('error', (error) => bounded.destroy(error));
  const rl = createInterface({
    input: bounded ?? input,
    output: interactive ? output : undefined,
    terminal: interactive,
  });
  // Ctrl-C: without a listener readline closes; a shell clears the line instead and stays.
  rl.on('SIGINT', () => {
    if (rl.line === '') {
      write('\n(To leave, type exit or press Ctrl-D.)\n');
      prompt();
      return;
    }
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
  });
  rl.setPrompt(PROMPT);
  // Ctrl-D or an abort can close readline while a lookup is running; prompting a closed readline
  // throws on Node 24 (ERR_USE_AFTER_CLOSE), so track it.
  let closed = false;
  rl.once('close', () => {
    closed = true;
  });
  const prompt = () => {
    if (interactive && !closed) rl.prompt();
  };
  const stop = new AbortController();
  const close = () => {
    stop.abort();
    rl.close();
  };
  options.signal?.addEventListener('abort', close, { once: true });

  if (options.banner) write(`${options.banner}\n`);
  prompt();

  try {
    for await (const line of rl) {
      const text = commandText(line);
      if (text === null) break;
      if (text !== '') {
        const parsed = parseCommandText(text, 'shell');
        // A terminal has no forms; the parser only offers one to chat.
        if ('request' in parsed) {
          const answer = await run(parsed.request, { signal: stop.signal, logger });
          write(`${renderAnswerText(answer)}\n\n`);
        }
      }
      prompt();
    }
  } finally {
    options.signal?.removeEventListener('abort', close);
    rl.close();
    if (bounded !== null) {
      // As readline's close pauses its input: the pipe's source is left as readline would leave it.
      input.unpipe(bounded);
      input.pause();
      bounded.destroy();
    }
  }
  if (interactive) write('\n');
}

/** The text after `/carbon`, '' to ignore the line, or null to leave the shell. */
export function commandText(line: string): string | null {
  const trimmed = line.trim();
  if (EXIT_WORDS.has(trimmed.toLowerCase())) return null;
  // Accept what people paste from chat, with or without the slash command.
  const match = /^\/?carbon(?:\s+|$)/i.exec(trimmed);
  if (!match) return trimmed;
  const rest = trimmed.slice(match[0].length);
  // A bare `/carbon` answers with help in chat, so it does here too.
  return rest === '' ? 'help' : rest;
}
