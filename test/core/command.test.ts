import { describe, expect, it } from 'vitest';
import { normaliseName } from '../../src/core/command.js';
import { InvalidInputError } from '../../src/core/errors.js';

describe('normaliseName', () => {
  it('trims and collapses', () => {
    expect(normaliseName('  oat\n\nmilk ')).toBe('oat milk');
  });

  it('removes bidirectional overrides and isolates, which could reorder a reply', () => {
    expect(normaliseName('\u202eklim tao\u202c')).toBe('klim tao');
    expect(normaliseName('oat\u2066 milk\u2069\u061c')).toBe('oat milk');
  });

  it('throws InvalidInputError with a user-safe reason', () => {
    try {
      normaliseName('\u0007');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).reason).toBe('the name is empty');
      expect((error as InvalidInputError).code).toBe('invalid_input');
    }
  });
});
