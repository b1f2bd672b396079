import { describe, expect, it } from 'vitest';
import {
  AlreadyDoneError,
  ApiKeyRefusedError,
  BadResponseError,
  cancellationError,
  InvalidInputError,
  LookupCancelledError,
  NotFoundError,
  RateLimitedError,
  SourceUnavailableError,
  UpstreamBudgetError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';

describe('toErrorView: limits and things already done (issue #22)', () => {
  it('tells a user, a workspace and a service key to slow down, with the wait; the API’s 429 as before', () => {
    expect(toErrorView(new RateLimitedError(12, 'user'))).toMatchObject({
      code: 'rate_limited',
      text: 'Slow down: that is more commands than I take from one person in a minute.',
      hint: 'Try again in 12 s.',
      retryAfterSeconds: 12,
    });
    expect(toErrorView(new RateLimitedError(3, 'workspace')).text).toBe(
      'Slow down: everyone here together has sent more commands than I take in a minute.',
    );
    expect(toErrorView(new RateLimitedError(7, 'serviceKey')).text).toBe(
      'Slow down: this key has sent more requests than it may in a minute.',
    );
    expect(toErrorView(new RateLimitedError(30)).text).toBe('The footprint service is busy right now.');
  });

  it('points a second Share or vote to the first, with its link when there is one', () => {
    expect(toErrorView(new AlreadyDoneError('share', 'https://x.test/p/1'))).toMatchObject({
      code: 'already_done',
      text: 'This is already shared in this channel.',
      hint: 'Here it is: https://x.test/p/1',
    });
    expect(toErrorView(new AlreadyDoneError('vote', null))).toMatchObject({
      text: 'This comparison is already up for a vote in this channel.',
      hint: 'Find it in the channel and vote there.',
    });
  });

  it('says when a command would need more lookups than one may make', () => {
    expect(toErrorView(new UpstreamBudgetError(30))).toMatchObject({
      code: 'too_many_lookups',
      text: 'That needs more lookups than one command may make, so this one was not looked up.',
    });
  });
});

describe('toErrorView', () => {
  it('names the query and offers at most three suggestions', () => {
    const view = toErrorView(
      new NotFoundError('product', 'oat mlk', ['Oat milk', 'Oat drink', 'Oats', 'Goat milk']),
    );
    expect(view.code).toBe('not_found');
    expect(view.text).toBe('No product found for "oat mlk".');
    expect(view.hint).toBe('Did you mean one of these?');
    expect(view.suggestions).toEqual(['Oat milk', 'Oat drink', 'Oats']);
  });

  it('suggests an example when there is nothing close', () => {
    const product = toErrorView(new NotFoundError('product', 'zzz'));
    expect(product.suggestions).toEqual([]);
    expect(product.hint).toContain('/carbon product oat milk');
    const recipe = toErrorView(new NotFoundError('recipe', 'zzz'));
    expect(recipe.text).toBe('No recipe found for "zzz".');
    expect(recipe.hint).toContain('/carbon recipe lasagne');
  });

  it('explains the milk-only trial rather than claiming the product does not exist', () => {
    const view = toErrorView(new NotFoundError('product', 'cheddar', ['x'], 'trial_milk_only'));
    expect(view.code).toBe('not_found');
    expect(view.text).toContain('only covers milks');
    expect(view.hint).toContain('full product API');
    // Core does not name configuration variables: the registry (src/config) owns them.
    expect(view.hint).not.toMatch(/CARBON_/);
    expect(view.suggestions).toEqual([]);
  });

  it('passes the rate-limit wait through', () => {
    expect(toErrorView(new RateLimitedError(30))).toMatchObject({
      code: 'rate_limited',
      hint: 'Try again in 30 s.',
      retryAfterSeconds: 30,
    });
    expect(toErrorView(new RateLimitedError(null))).toMatchObject({
      hint: 'Try again in a minute.',
      retryAfterSeconds: null,
    });
  });

  it('maps every error class to its own code', () => {
    const cases: [Error, string][] = [
      [new InvalidInputError('names are limited to 200 characters'), 'invalid_input'],
      [new ApiKeyRefusedError(401), 'api_key_refused'],
      [new UpstreamTimeoutError(8000), 'upstream_timeout'],
      [new UpstreamError('HTTP 502', 502), 'upstream_failure'],
      [new BadResponseError('not JSON'), 'bad_response'],
      [new SourceUnavailableError('the built-in catalog is not available'), 'source_unavailable'],
      [new Error('boom'), 'internal'],
      [new TypeError('x is undefined'), 'internal'],
    ];
    for (const [error, code] of cases) {
      const view = toErrorView(error);
      expect(view.code).toBe(code);
      expect(view.text.length).toBeGreaterThan(0);
      expect(view.hint).not.toBeNull();
    }
  });

  it('shows the invalid-input reason and the unavailable reason', () => {
    expect(toErrorView(new InvalidInputError('the name is empty')).text).toContain('the name is empty');
    expect(toErrorView(new SourceUnavailableError('the built-in catalog is not available')).text).toBe(
      'Lookups are not available: the built-in catalog is not available.',
    );
  });

  it('never leaks the message of an unexpected error', () => {
    const view = toErrorView(new Error('connect ECONNREFUSED key=sk_live_123'));
    expect(JSON.stringify(view)).not.toContain('sk_live_123');
    expect(JSON.stringify(toErrorView(new UpstreamError('HTTP 500 body sk_live_123')))).not.toContain(
      'sk_live_123',
    );
  });
});

describe('cancellation', () => {
  it('words a cancelled lookup, and passes a caller’s own CarbonError reason through', () => {
    expect(toErrorView(new LookupCancelledError('the bot is stopping')).code).toBe('cancelled');
    const controller = new AbortController();
    controller.abort();
    expect(cancellationError(controller.signal)).toBeInstanceOf(LookupCancelledError);
    const reason = new UpstreamTimeoutError(2_000);
    const withReason = new AbortController();
    withReason.abort(reason);
    expect(cancellationError(withReason.signal)).toBe(reason);
  });
});
