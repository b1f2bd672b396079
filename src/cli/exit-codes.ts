export const EXIT_OK = 0;
/** Upstream failures, configuration errors, anything unexpected. */
export const EXIT_FAILURE = 1;
/** The user asked for something that does not exist or cannot be asked: not found, bad input, usage. */
export const EXIT_USAGE = 2;
