import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/env.js';

/**
 * The counts and durations in the environment are whole numbers in digits, like PORT: "1e3" and
 * "0x1F4" are typing mistakes, not 1000 and 500; and a mistake is told with the variable's range.
 */

function problems(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  throw new Error('expected a configuration error');
}

describe('whole-number variables', () => {
  it.each(['1e3', '0x1F4', '1.5', '-1', 'abc', '99999999999999999999', '50'])(
    'refuses CARBON_API_TIMEOUT_MS=%j, saying its range once',
    (value) => {
      const said = problems({ CARBON_API_TIMEOUT_MS: value });
      expect(said).toBe('CARBON_API_TIMEOUT_MS: must be a whole number of milliseconds from 100 to 120000');
    },
  );

  it.each(['1e2', '0x10', '0', '1001', ' 2.0 '])('refuses CARBON_API_CALLS_PER_COMMAND=%j', (value) => {
    expect(problems({ CARBON_API_CALLS_PER_COMMAND: value })).toBe(
      'CARBON_API_CALLS_PER_COMMAND: must be a whole number from 1 to 1000',
    );
  });

  it('reads digits, trimmed, and defaults a blank', () => {
    expect(
      parseConfig({ CARBON_API_TIMEOUT_MS: ' 2500 ', CARBON_API_CALLS_PER_COMMAND: '12' }),
    ).toMatchObject({
      CARBON_API_TIMEOUT_MS: 2500,
      CARBON_API_CALLS_PER_COMMAND: 12,
    });
    expect(parseConfig({ CARBON_API_TIMEOUT_MS: '', CARBON_API_CALLS_PER_COMMAND: ' ' })).toMatchObject({
      CARBON_API_TIMEOUT_MS: 8000,
      CARBON_API_CALLS_PER_COMMAND: 30,
    });
    expect(parseConfig({ CARBON_API_TIMEOUT_MS: '100' }).CARBON_API_TIMEOUT_MS).toBe(100);
    expect(parseConfig({ CARBON_API_TIMEOUT_MS: '120000' }).CARBON_API_TIMEOUT_MS).toBe(120_000);
  });
});
