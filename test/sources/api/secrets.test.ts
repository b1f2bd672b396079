import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toErrorView } from '../../../src/core/messages.js';
import { API_KEY, fakeClock, fakeGreenSwappForFile } from '../../support/api-source-harness.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

describe('secrets', () => {
  it('never writes the API key to logs or error messages, whatever happens', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const logger = pino({ level: 'trace' }, sink);
    const clock = fakeClock();
    const source = apiSource({ logger, timeoutMs: 300, clock });
    fake.respondOnce(
      { status: 500 },
      {},
      { status: 401, body: { error: `key ${API_KEY} refused` } },
      { destroyMidBody: true },
      { destroyMidBody: true },
      { delayMs: 2_000 },
      { status: 429, headers: { 'retry-after': '5' } },
      { body: `{"broken": "${API_KEY}"` },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      await source.lookupRecipe('lasagne').catch((error: unknown) => errors.push(error));
      clock.advance(60_000); // past the 429's cool-down
    }
    expect(errors.map((error) => (error as Error).constructor.name)).toEqual([
      'ApiKeyRefusedError',
      'UpstreamError',
      'UpstreamTimeoutError',
      'RateLimitedError',
      'BadResponseError',
    ]);
    expect(output).toContain('/recipe');
    expect(output).toContain('"attempt":2');
    expect(output).toContain('"status":500');
    expect(output).not.toContain(API_KEY);
    for (const error of errors) {
      expect(String(error)).not.toContain(API_KEY);
      expect(JSON.stringify(toErrorView(error))).not.toContain(API_KEY);
      expect(String((error as Error).cause ?? '')).not.toContain(API_KEY);
    }
  });
});
