import { describe, expect, it } from 'vitest';
import { asksForJson, parseArgs, UsageError } from '../../src/cli/args.js';
import { exitCodeFor } from '../../src/cli/command.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { helpView } from '../../src/core/commands/registry.js';
import { InvalidInputError, NotFoundError, RateLimitedError, UpstreamError } from '../../src/core/errors.js';
import { toErrorView } from '../../src/core/messages.js';

describe('parseArgs', () => {
  it('splits the verb from the name words and lower-cases the verb', () => {
    expect(parseArgs(['Product', 'Oat', 'Milk'])).toEqual({
      verb: 'product',
      words: ['Oat', 'Milk'],
      json: false,
      help: false,
      version: false,
    });
  });

  it('reads options anywhere on the line', () => {
    expect(parseArgs(['product', 'oat', '--json', 'milk'])).toMatchObject({
      verb: 'product',
      words: ['oat', 'milk'],
      json: true,
    });
    expect(parseArgs(['-h'])).toMatchObject({ verb: null, help: true });
    expect(parseArgs(['--version'])).toMatchObject({ version: true });
    expect(parseArgs(['-v'])).toMatchObject({ version: true });
  });

  it('treats everything after -- as name words', () => {
    expect(parseArgs(['product', '--', '--json', '-5%'])).toMatchObject({
      words: ['--json', '-5%'],
      json: false,
    });
  });

  it('keeps a lone dash as a word', () => {
    expect(parseArgs(['product', '-'])).toMatchObject({ words: ['-'] });
  });

  it('rejects unknown options without echoing control characters', () => {
    expect(() => parseArgs(['--jsn'])).toThrow(UsageError);
    expect(() => parseArgs(['--jsn'])).toThrow(/unknown option --jsn/);
    let message = '';
    try {
      parseArgs(['--\u001b[2J']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('unknown option --?[2J');
    expect(message).not.toContain('\u001b');
  });

  it('returns no verb for an empty command line', () => {
    expect(parseArgs([])).toMatchObject({ verb: null, words: [] });
  });
});

describe('exitCodeFor', () => {
  it('is 0 for results and plain help', () => {
    expect(exitCodeFor({ type: 'help', help: helpView('cli') })).toBe(EXIT_OK);
  });

  it('is 2 for help with a hint (unknown verb, missing name), not found and invalid input', () => {
    expect(exitCodeFor({ type: 'help', help: helpView('cli', 'Give a product name') })).toBe(EXIT_USAGE);
    expect(exitCodeFor({ type: 'error', error: toErrorView(new NotFoundError('product', 'x')) })).toBe(
      EXIT_USAGE,
    );
    expect(exitCodeFor({ type: 'error', error: toErrorView(new InvalidInputError('too long')) })).toBe(
      EXIT_USAGE,
    );
  });

  it('is 1 for upstream trouble and the unexpected', () => {
    expect(exitCodeFor({ type: 'error', error: toErrorView(new UpstreamError('502')) })).toBe(EXIT_FAILURE);
    expect(exitCodeFor({ type: 'error', error: toErrorView(new RateLimitedError(3)) })).toBe(EXIT_FAILURE);
    expect(exitCodeFor({ type: 'error', error: toErrorView(new Error('bug')) })).toBe(EXIT_FAILURE);
  });
});

describe('asksForJson', () => {
  it('finds --json among the options even when the command line is refused', () => {
    expect(asksForJson(['product', '--frob', '--json'])).toBe(true);
    expect(asksForJson(['product', 'oat'])).toBe(false);
    // After --, it is part of the name.
    expect(asksForJson(['product', '--', '--json'])).toBe(false);
  });
});
