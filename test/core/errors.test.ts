import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AlreadyDoneError,
  ApiKeyRefusedError,
  BadResponseError,
  type CarbonError,
  ERROR_CODES,
  type ErrorCode,
  InternalError,
  InvalidInputError,
  LookupCancelledError,
  NotARecipeError,
  NotFoundError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamBudgetError,
  UpstreamError,
  UpstreamTimeoutError,
  USER_ERROR_CODES,
} from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';

/** One of each class of the hierarchy. */
const ONE_OF_EACH: CarbonError[] = [
  new InvalidInputError('too long'),
  new NotARecipeError('no_food'),
  new NotFoundError('product', 'oat mylk', ['Oat milk']),
  new ApiKeyRefusedError(401),
  new RateLimitedError(30),
  new AlreadyDoneError('vote', null),
  new UpstreamBudgetError(30),
  new UpstreamError('502', 502),
  new UpstreamTimeoutError(8000),
  new BadResponseError('not JSON'),
  new SourceUnavailableError('no catalog'),
  new LookupCancelledError(),
  new InternalError(),
];

describe('error codes', () => {
  it('are a union of literals, not any string', () => {
    expectTypeOf<string>().not.toExtend<ErrorCode>();
    expectTypeOf<'not_found'>().toExtend<ErrorCode>();
    expectTypeOf<NotFoundError['code']>().toEqualTypeOf<'not_found'>();
  });

  it('one per class, each instance carrying its class’s code', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ONE_OF_EACH.map((error) => error.code).sort()).toEqual([...ERROR_CODES].sort());
    for (const error of ONE_OF_EACH) {
      expect(error.code).toBe((error.constructor as unknown as { code: ErrorCode }).code);
    }
  });

  it('toErrorView keeps each error’s code, and words anything else as internal', () => {
    for (const error of ONE_OF_EACH) expect(toErrorView(error).code).toBe(error.code);
    expect(toErrorView(new TypeError('boom')).code).toBe(InternalError.code);
    expect(toErrorView('a string').code).toBe(InternalError.code);
  });

  it('counts only the user’s own request as a user error', () => {
    expect([...USER_ERROR_CODES].sort()).toEqual(
      [InvalidInputError.code, NotFoundError.code, NotARecipeError.code].sort(),
    );
  });
});
