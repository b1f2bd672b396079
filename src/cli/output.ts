import type { Writable } from 'node:stream';
import type { ConfigError } from '../config/env.js';
import type { ErrorCode } from '../core/errors.js';
import type { ErrorView } from '../core/messages.js';
import type { UsageError } from './args.js';

/** What `carbon --json` can print as `error.code`: a lookup's, or the command line's or configuration's. */
export type CliErrorCode = ErrorCode | UsageError['code'] | ConfigError['code'] | 'too_few';

/** An ErrorView with the codes only the CLI has. */
export interface CliErrorView extends Omit<ErrorView, 'code'> {
  code: CliErrorCode;
}

/**
 * Results go to stdout, everything else to stderr, so `carbon … --json | jq` sees only results.
 * Every write ends in exactly one newline.
 */
export function writeLine(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Errors that do not come from a lookup (configuration, usage), in the same shape as lookup errors. */
export function cliErrorView(code: CliErrorCode, text: string, hint: string | null): CliErrorView {
  return { code, text, hint, suggestions: [], retryAfterSeconds: null };
}

export function writeErrorView(stderr: Writable, view: CliErrorView, json: boolean): void {
  if (json) {
    writeLine(stderr, JSON.stringify({ error: view }, null, 2));
    return;
  }
  writeLine(stderr, `carbon: ${view.text}${view.hint === null ? '' : `\n${view.hint}`}`);
}
