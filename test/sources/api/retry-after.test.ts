import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, parseRetryAfter } from '../../../src/sources/api/retry-after.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('30', NOW)).toBe(30);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP-date relative to now', () => {
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90);
    expect(parseRetryAfter('Thu, 15 Jan 2026 12:02:00 GMT', NOW)).toBe(120);
  });

  it('gives 0 for a date in the past', () => {
    expect(parseRetryAfter('Thu, 15 Jan 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('caps long waits', () => {
    expect(parseRetryAfter('86400', NOW)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('Fri, 15 Jan 2027 12:00:00 GMT', NOW)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('100', NOW, 60)).toBe(60);
  });

  it('returns null for missing or unreadable values', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter('1.5', NOW)).toBeNull();
  });

  it('uses the first of repeated headers', () => {
    expect(parseRetryAfter(['12', '99'], NOW)).toBe(12);
  });
});
