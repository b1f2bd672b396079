import { USER_ERROR_CODES } from '../core/errors.js';
import type { Reply } from '../core/lookup.js';

export const EXIT_OK = 0;
/** Upstream failures, configuration errors, anything unexpected. */
export const EXIT_FAILURE = 1;
/** The user asked for something that does not exist or cannot be asked: not found, bad input, usage. */
export const EXIT_USAGE = 2;

export function exitCodeFor(reply: Reply): number {
  switch (reply.type) {
    case 'result':
      return EXIT_OK;
    // Help with a hint means the command line was wrong (unknown verb, missing name).
    case 'help':
      return reply.help.hint === null ? EXIT_OK : EXIT_USAGE;
    case 'error':
      return USER_ERROR_CODES.has(reply.error.code) ? EXIT_USAGE : EXIT_FAILURE;
  }
}
