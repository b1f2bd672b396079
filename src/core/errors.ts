/**
 * The one error hierarchy. Sources and adapters throw these; core/messages.ts is the only place that
 * turns them into words for users. Messages here are for logs and must never contain secrets.
 */
export type LookupKind = 'product' | 'recipe';

export abstract class CarbonError extends Error {
  abstract readonly code: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The user's input cannot be looked up (too long, empty, unusable characters). */
export class InvalidInputError extends CarbonError {
  readonly code = 'invalid_input';
  constructor(
    /** Safe to show the user as is. */
    readonly reason: string,
  ) {
    super(`invalid input: ${reason}`);
  }
}

/** A text given as an ingredient list has no food or no quantities the bot can read. */
export class NotARecipeError extends CarbonError {
  readonly code = 'not_a_recipe';
  constructor(readonly why: 'no_quantities' | 'no_food') {
    super(`not an ingredient list: ${why}`);
  }
}

export class NotFoundError extends CarbonError {
  readonly code = 'not_found';
  constructor(
    readonly kind: LookupKind,
    readonly query: string,
    readonly suggestions: readonly string[] = [],
    /** Set when the name exists but this endpoint does not serve it (the milk-only trial). */
    readonly outOfScope?: 'trial_milk_only',
  ) {
    super(`${kind} not found: ${JSON.stringify(query)}`);
  }
}

/** 401/403 from the API: the configured key was refused. */
export class ApiKeyRefusedError extends CarbonError {
  readonly code = 'api_key_refused';
  constructor(readonly status: number) {
    super(`API key refused (HTTP ${status})`);
  }
}

export class RateLimitedError extends CarbonError {
  readonly code = 'rate_limited';
  constructor(readonly retryAfterSeconds: number | null) {
    super(`rate limited${retryAfterSeconds === null ? '' : `, retry after ${retryAfterSeconds}s`}`);
  }
}

/** 5xx, connection refused or reset: the upstream failed. */
export class UpstreamError extends CarbonError {
  readonly code = 'upstream_failure';
  constructor(
    detail: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(`upstream failure: ${detail}`, options);
  }
}

export class UpstreamTimeoutError extends CarbonError {
  readonly code = 'upstream_timeout';
  constructor(readonly timeoutMs: number) {
    super(`upstream did not answer within ${timeoutMs} ms`);
  }
}

/** Malformed JSON, wrong types, missing fields. */
export class BadResponseError extends CarbonError {
  readonly code = 'bad_response';
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`bad response: ${detail}`, options);
  }
}

/** The configured source cannot answer at all (e.g. catalog missing, API selected without a key). */
export class SourceUnavailableError extends CarbonError {
  readonly code = 'source_unavailable';
  constructor(readonly reason: string) {
    super(`source unavailable: ${reason}`);
  }
}

/**
 * The caller gave up on the lookup (a platform deadline passed, the bot is stopping). Nobody is waiting
 * for the answer, so adapters drop replies carrying it instead of showing them.
 */
export class LookupCancelledError extends CarbonError {
  readonly code = 'cancelled';
  constructor(readonly reason: string = 'the lookup was cancelled') {
    super(`lookup cancelled: ${reason}`);
  }
}

/** The error a source throws when its caller's signal has aborted: the caller's own reason if it is one. */
export function cancellationError(signal: AbortSignal): CarbonError {
  const reason: unknown = signal.reason;
  return isCarbonError(reason) ? reason : new LookupCancelledError();
}

export function isCarbonError(error: unknown): error is CarbonError {
  return error instanceof CarbonError;
}
