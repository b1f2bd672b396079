import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { handleCommandText } from '../../core/lookup.js';
import type { LookupSource } from '../../core/source.js';
import type { RecipeComputer } from '../../recipes/compute.js';
import { lazyRecipeComputer, recipeListReply } from '../../recipes/handle.js';
import { renderText } from '../../render/text.js';

export interface ShellOptions {
  input: Readable;
  output: Writable;
  source: LookupSource;
  logger: Logger;
  /** Printed once before the first prompt. */
  banner?: string;
  /**
   * Show a prompt and let readline edit lines. Only for a real terminal: in a pipe the prompt would
   * be noise in the output.
   */
  interactive?: boolean;
  /** Computes ingredient lists (`recipe 500g beef, 1 onion`); the built-in catalog's by default. */
  recipes?: () => RecipeComputer;
  /** Ends the shell as if the input had ended, e.g. on shutdown. */
  signal?: AbortSignal;
}

const PROMPT = 'carbon> ';
const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit', ':q']);

/**
 * The local stand-in for a chat platform: each line is what would follow `/carbon` in Slack or
 * Discord. Resolves when the input ends or the user types exit/quit. Never throws on input.
 */
export async function runShell(options: ShellOptions): Promise<void> {
  const { input, output, source, logger } = options;
  const interactive = options.interactive ?? false;
  const recipes = options.recipes ?? lazyRecipeComputer();
  const write = (text: string) => {
    if (!output.writableEnded && !output.destroyed) output.write(text);
  };

  if (options.signal?.aborted) return;
  const rl = createInterface({ input, output: interactive ? output : undefined, terminal: interactive });
  // Without a listener readline only pauses on Ctrl-C, which looks like a hang.
  rl.on('SIGINT', () => rl.close());
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
  const close = () => rl.close();
  options.signal?.addEventListener('abort', close, { once: true });

  if (options.banner) write(`${options.banner}\n`);
  prompt();

  try {
    for await (const line of rl) {
      const text = commandText(line);
      if (text === null) break;
      if (text !== '') {
        const reply =
          recipeListReply(text, recipes, logger) ?? (await handleCommandText(text, source, logger));
        write(`${renderText(reply)}\n\n`);
      }
      prompt();
    }
  } finally {
    options.signal?.removeEventListener('abort', close);
    rl.close();
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
