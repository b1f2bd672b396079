import { describe, expect, it } from 'vitest';
import { generateKey, KeyRing, resolveKeys } from '../../src/service/keys.js';

describe('KeyRing', () => {
  const ring = new KeyRing(['alpha-key', 'beta-key']);

  it('accepts each configured key', () => {
    expect(ring.accepts('alpha-key')).toBe(true);
    expect(ring.accepts('beta-key')).toBe(true);
  });

  it.each([undefined, '', 'alpha', 'alpha-key ', 'ALPHA-KEY', 'alpha-keyalpha-key'])(
    'refuses %j',
    (candidate) => {
      expect(ring.accepts(candidate)).toBe(false);
    },
  );

  it('needs at least one key', () => {
    expect(() => new KeyRing([])).toThrow(/at least one/);
  });
});

describe('resolveKeys', () => {
  it('uses the configured keys and generates none', () => {
    expect(resolveKeys(['k1', 'k2'])).toEqual({ keys: ['k1', 'k2'], generated: null });
  });

  it('generates one URL-safe key when none is configured', () => {
    const { keys, generated } = resolveKeys([]);
    expect(keys).toEqual([generated]);
    expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('generates a different key each time', () => {
    expect(generateKey()).not.toBe(generateKey());
  });
});
