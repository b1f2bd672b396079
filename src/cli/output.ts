import type { Writable } from 'node:stream';
import type { ErrorView } from '../core/messages.js';

/**
 * Results go to stdout, everything else to stderr, so `carbon … --json | jq` sees only results.
 * Every write ends in exactly one newline.
 */
export function writeLine(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Errors that do not come from a lookup (configuration, usage), in the same shape as lookup errors. */
export function cliErrorView(code: ErrorView['code'], text: string, hint: string | null): ErrorView {
  return { code, text, hint, suggestions: [], retryAfterSeconds: null };
}

export function writeErrorView(stderr: Writable, view: ErrorView, json: boolean): void {
  if (json) {
    writeLine(stderr, JSON.stringify({ error: view }, null, 2));
    return;
  }
  writeLine(stderr, `carbon: ${view.text}${view.hint === null ? '' : `\n${view.hint}`}`);
}
