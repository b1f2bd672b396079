import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/commands/parse.js';
import { commandHandler } from '../../src/core/commands/run.js';
import { createLogger, type Logger } from '../../src/logging/logger.js';
import { fakeGreenSwappForFile } from '../support/api-source-harness.js';
import { testServices } from '../support/services.js';

/**
 * What a user typed is logged only at debug (README, "How the pieces fit"). A failed upstream lookup
 * logs warnings from the API client and from the lookup, each with its context; at info and above
 * neither may carry the name, at debug both do.
 */

const { fake, apiSource } = await fakeGreenSwappForFile();

/** A logger writing into an array, as the process's logger writes to stderr. */
function capture(level: 'info' | 'debug'): { logger: Logger; lines: () => string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines: () => lines };
}

async function lookUpFailing(level: 'info' | 'debug'): Promise<{ lines: string[]; text: string }> {
  // A name nobody else would log, and an upstream that fails it every time.
  const typed = 'grandmas secret zucchini';
  fake.respondWith(() => ({ status: 503, body: { error: 'down' } }));
  const { logger, lines } = capture(level);
  const parsed = parseCommandText(`product ${typed}`, 'slack');
  if (!('request' in parsed)) throw new Error('expected a request');
  const source = apiSource({ logger });
  const answer = await commandHandler(testServices(source, logger), 'slack')(parsed.request, {
    signal: new AbortController().signal,
    logger,
  });
  expect(answer.type).toBe('error');
  return { lines: lines(), text: typed };
}

describe('logging: what a user typed, only at debug', () => {
  it('leaves the typed name out of warnings, which keep their context', async () => {
    const { lines, text } = await lookUpFailing('info');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const warnings = records.filter((record) => record.level === 40);
    // The API client's failed attempts and the lookup's own warning are all there...
    expect(warnings.some((record) => record.msg === 'GreenSwapp API answered' && record.status === 503)).toBe(
      true,
    );
    expect(
      warnings.some((record) => record.msg === 'lookup failed' && record.code === 'upstream_failure'),
    ).toBe(true);
    expect(warnings.find((record) => record.msg === 'GreenSwapp API answered')).toMatchObject({
      path: '/product',
    });
    // ...and no line holds the words typed, in any field.
    for (const line of lines) expect(line).not.toContain('zucchini');
    expect(lines.join('\n')).not.toContain(text);
  });

  it('keeps the typed name at debug', async () => {
    const { lines, text } = await lookUpFailing('debug');
    const warning = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((record) => record.msg === 'lookup failed');
    expect(warning).toMatchObject({ name: text, code: 'upstream_failure' });
  });

  it('leaves an error object and a message alone', () => {
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
    logger.error(new Error('boom'));
    logger.warn({ adapter: 'slack', code: 'x' }, 'plain');
    expect(JSON.parse(lines[0]!)).toMatchObject({ err: { message: 'boom' } });
    expect(JSON.parse(lines[1]!)).toMatchObject({ adapter: 'slack', code: 'x', msg: 'plain' });
  });
});
