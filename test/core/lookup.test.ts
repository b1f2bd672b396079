import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/core/errors.js';
import { handleCommandText } from '../../src/core/lookup.js';
import { LookupResultSchema } from '../../src/core/result.js';
import { silentLogger } from '../../src/logging/logger.js';
import { memorySource } from '../support/memory-source.js';

describe('handleCommandText', () => {
  it('returns a result that matches the schema', async () => {
    const source = memorySource();
    const reply = await handleCommandText('product   oat milk', source, silentLogger());
    expect(reply.type).toBe('result');
    if (reply.type !== 'result') return;
    expect(LookupResultSchema.parse(reply.result)).toEqual(reply.result);
    expect(source.asked).toEqual(['product:oat milk']);
  });

  it('answers help without asking the source', async () => {
    const source = memorySource();
    const reply = await handleCommandText('frobnicate', source, silentLogger());
    expect(reply).toMatchObject({ type: 'help', help: { hint: expect.stringContaining('frobnicate') } });
    expect(source.asked).toEqual([]);
  });

  it('turns a too-long name into an invalid_input error, not an exception', async () => {
    const source = memorySource();
    const reply = await handleCommandText(`recipe ${'x'.repeat(201)}`, source, silentLogger());
    expect(reply).toMatchObject({ type: 'error', error: { code: 'invalid_input' } });
    expect(source.asked).toEqual([]);
  });

  it('words source failures through messages.ts', async () => {
    const notFound = await handleCommandText('recipe soup', memorySource(), silentLogger());
    expect(notFound).toMatchObject({
      type: 'error',
      error: { code: 'not_found', text: 'No recipe found for "soup".' },
    });
    const upstream = await handleCommandText(
      'product oat milk',
      memorySource({ fail: new UpstreamError('502') }),
      silentLogger(),
    );
    expect(upstream).toMatchObject({ type: 'error', error: { code: 'upstream_failure' } });
    const unexpected = await handleCommandText(
      'product oat milk',
      memorySource({ fail: new Error('bug') }),
      silentLogger(),
    );
    expect(unexpected).toMatchObject({ type: 'error', error: { code: 'internal' } });
  });
});
