import type { Writable } from 'node:stream';
import { handleCommandText, type Reply } from '../core/lookup.js';
import { lazyRecipeComputer, recipeListReply } from '../recipes/handle.js';
import { renderText } from '../render/text.js';
import { createSource } from '../sources/select.js';
import type { CliArgs } from './args.js';
import { EXIT_OK, exitCodeFor } from './exit-codes.js';
import type { CliIo } from './io.js';
import { writeLine } from './output.js';
import { loadRuntime } from './runtime.js';

/**
 * `carbon product <name…>` and `carbon recipe <name…>`, and any unknown verb: the words go through
 * the same parser as `/carbon` in chat, so the CLI and the bots agree on what a command means.
 */
export async function lookupCommand(args: CliArgs, io: CliIo): Promise<number> {
  // A failed lookup already ends in a message for the user, so by default a warning log line (with
  // a stack trace) would only repeat it. With --json, stderr must hold exactly one JSON document,
  // the error, so nothing is logged at all. LOG_LEVEL, when set, wins either way.
  const { config, logger } = loadRuntime(io, args.json ? 'silent' : 'error');
  const text = [args.verb ?? '', ...args.words].join(' ');
  // An ingredient list is computed from the built-in catalog whatever the source (src/recipes).
  const list = recipeListReply(text, lazyRecipeComputer(), logger);
  if (list !== null) {
    const code = exitCodeFor(list);
    printReply(code === EXIT_OK ? io.stdout : io.stderr, list, args.json);
    return code;
  }
  const selected = createSource(config, logger, { suggester: false });
  let reply: Reply;
  try {
    reply = await handleCommandText(text, selected.source, logger);
  } finally {
    await selected.close();
  }
  const code = exitCodeFor(reply);
  printReply(code === EXIT_OK ? io.stdout : io.stderr, reply, args.json);
  return code;
}

export function printReply(stream: Writable, reply: Reply, json: boolean): void {
  if (!json) {
    writeLine(stream, renderText(reply, { command: 'carbon' }));
    return;
  }
  switch (reply.type) {
    case 'result':
      writeLine(stream, JSON.stringify(reply.result, null, 2));
      break;
    case 'help':
      writeLine(stream, JSON.stringify({ help: reply.help }, null, 2));
      break;
    case 'error':
      writeLine(stream, JSON.stringify({ error: reply.error }, null, 2));
      break;
  }
}
