import type { ErrorView } from '../core/messages.js';

/** Results go to stdout, everything else to stderr, so `carbon … --json | jq` sees only results. */
export function writeOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function writeErr(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Errors that do not come from a lookup (configuration, usage), in the same shape as lookup errors. */
export function cliErrorView(code: string, text: string, hint: string | null): ErrorView {
  return { code, text, hint, suggestions: [], retryAfterSeconds: null };
}

export function writeErrorView(view: ErrorView, json: boolean): void {
  if (json) {
    writeErr(JSON.stringify({ error: view }, null, 2));
    return;
  }
  writeErr(`carbon: ${view.text}${view.hint === null ? '' : `\n${view.hint}`}`);
}
