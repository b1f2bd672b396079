/**
 * The one error hierarchy. Sources and adapters throw these; core/messages.ts is the only place that
 * turns them into words for users. Messages here are for logs and must never contain secrets.
 */
export type LookupKind = 'product' | 'recipe';
/** What a not-found was looked up as: a lookup kind, or either (a name with no verb before it). */
export type NotFoundKind = LookupKind | 'dish or product';

export abstract class CarbonError extends Error {
  /** Stable and machine-readable: logs, the CLI's JSON errors, adapters' decisions. */
  abstract readonly code: ErrorCode;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The user's input cannot be looked up (too long, empty, unusable characters). */
export class InvalidInputError extends CarbonError {
  static readonly code = 'invalid_input';
  readonly code = InvalidInputError.code;
  constructor(
    /** Safe to show the user as is. */
    readonly reason: string,
  ) {
    super(`invalid input: ${reason}`);
  }
}

/** A text given as an ingredient list has no food or no quantities the bot can read. */
export class NotARecipeError extends CarbonError {
  static readonly code = 'not_a_recipe';
  readonly code = NotARecipeError.code;
  constructor(readonly why: 'no_quantities' | 'no_food') {
    super(`not an ingredient list: ${why}`);
  }
}

/** A recipe form (Slack modal, Discord modal) with a field that cannot be used as filled in. */
export class InvalidRecipeFormError extends InvalidInputError {
  constructor(
    readonly field: 'ingredients' | 'servings',
    reason: string,
  ) {
    super(reason);
    this.message = `invalid recipe form (${field}): ${reason}`;
  }
}

/**
 * An ingredient list whose amounts or servings no recipe has ("serves 0", "1e30g beef", a figure above
 * any meal's): refused with the reason rather than answered with an absurd or missing figure.
 */
export class InvalidRecipeListError extends InvalidInputError {
  constructor(reason: string) {
    super(reason);
    this.message = `invalid ingredient list: ${reason}`;
  }
}

/** A comparison that cannot be made as asked (too few or too many options, a bad group size). */
export class InvalidComparisonError extends InvalidInputError {
  constructor(reason: string) {
    super(reason);
    this.message = `invalid comparison: ${reason}`;
  }
}

export class NotFoundError extends CarbonError {
  static readonly code = 'not_found';
  readonly code = NotFoundError.code;
  constructor(
    readonly kind: NotFoundKind,
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
  static readonly code = 'api_key_refused';
  readonly code = ApiKeyRefusedError.code;
  constructor(readonly status: number) {
    super(`API key refused (HTTP ${status})`);
  }
}

/**
 * Too many requests: the upstream API's 429 (`upstream`), or one of this bot's own limits on a chat
 * user, a workspace or server, or a service client key (src/core/limits.ts).
 */
export class RateLimitedError extends CarbonError {
  static readonly code = 'rate_limited';
  readonly code = RateLimitedError.code;
  constructor(
    readonly retryAfterSeconds: number | null,
    readonly scope: 'upstream' | 'user' | 'workspace' | 'serviceKey' = 'upstream',
  ) {
    super(
      `rate limited${scope === 'upstream' ? '' : ` (${scope})`}${retryAfterSeconds === null ? '' : `, retry after ${retryAfterSeconds}s`}`,
    );
  }
}

/**
 * A Share or "Put to a vote" already done for this comparison (or lookup) in this channel: one public
 * post and one poll per channel, whoever presses and however often. `link` points to the first.
 */
export class AlreadyDoneError extends CarbonError {
  static readonly code = 'already_done';
  readonly code = AlreadyDoneError.code;
  constructor(
    readonly action: 'share' | 'vote',
    readonly link: string | null,
  ) {
    super(`already done in this channel: ${action}`);
  }
}

/**
 * One command has already sent as many requests to the upstream API as one command may
 * (core/upstream-budget.ts): the rest of its lookups are not sent.
 */
export class UpstreamBudgetError extends CarbonError {
  static readonly code = 'too_many_lookups';
  readonly code = UpstreamBudgetError.code;
  constructor(readonly limit: number) {
    super(`one command may send at most ${limit} requests to the API`);
  }
}

/** 5xx, connection refused or reset: the upstream failed. */
export class UpstreamError extends CarbonError {
  static readonly code = 'upstream_failure';
  readonly code = UpstreamError.code;
  constructor(
    detail: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(`upstream failure: ${detail}`, options);
  }
}

export class UpstreamTimeoutError extends CarbonError {
  static readonly code = 'upstream_timeout';
  readonly code = UpstreamTimeoutError.code;
  constructor(readonly timeoutMs: number) {
    super(`upstream did not answer within ${timeoutMs} ms`);
  }
}

/** Malformed JSON, wrong types, missing fields. */
export class BadResponseError extends CarbonError {
  static readonly code = 'bad_response';
  readonly code = BadResponseError.code;
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`bad response: ${detail}`, options);
  }
}

/** The configured source cannot answer at all (e.g. catalog missing, API selected without a key). */
export class SourceUnavailableError extends CarbonError {
  static readonly code = 'source_unavailable';
  readonly code = SourceUnavailableError.code;
  constructor(readonly reason: string) {
    super(`source unavailable: ${reason}`);
  }
}

/**
 * The caller gave up on the lookup (a platform deadline passed, the bot is stopping). Nobody is waiting
 * for the answer, so adapters drop replies carrying it instead of showing them.
 */
export class LookupCancelledError extends CarbonError {
  static readonly code = 'cancelled';
  readonly code = LookupCancelledError.code;
  constructor(readonly reason: string = 'the lookup was cancelled') {
    super(`lookup cancelled: ${reason}`);
  }
}

/** Anything that is not one of the errors above: a bug, not a condition the user can act on. */
export class InternalError extends CarbonError {
  static readonly code = 'internal';
  readonly code = InternalError.code;
  constructor(options?: { cause?: unknown }) {
    super('internal error', options);
  }
}

/** Every class of the hierarchy: the error codes below are derived from it, so none is a bare string. */
const ERROR_CLASSES = [
  InvalidInputError,
  NotARecipeError,
  NotFoundError,
  ApiKeyRefusedError,
  RateLimitedError,
  AlreadyDoneError,
  UpstreamBudgetError,
  UpstreamError,
  UpstreamTimeoutError,
  BadResponseError,
  SourceUnavailableError,
  LookupCancelledError,
  InternalError,
] as const;

export type ErrorCode = (typeof ERROR_CLASSES)[number]['code'];

export const ERROR_CODES: readonly ErrorCode[] = ERROR_CLASSES.map((errorClass) => errorClass.code);

/** Failures of the user's own request (a name not found or unusable), not of the bot or upstream. */
export const USER_ERROR_CODES: ReadonlySet<ErrorCode> = new Set([
  InvalidInputError.code,
  NotFoundError.code,
  NotARecipeError.code,
]);

/** The error a source throws when its caller's signal has aborted: the caller's own reason if it is one. */
export function cancellationError(signal: AbortSignal): CarbonError {
  const reason: unknown = signal.reason;
  return isCarbonError(reason) ? reason : new LookupCancelledError();
}

export function isCarbonError(error: unknown): error is CarbonError {
  return error instanceof CarbonError;
}
