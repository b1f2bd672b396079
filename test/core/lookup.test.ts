import { describe, expect, it } from 'vitest';
import { NotFoundError, UpstreamError } from '../../src/core/errors.js';
import { handleCommandText } from '../../src/core/lookup.js';
import { LookupResultSchema, type ProductResult, type RecipeResult } from '../../src/core/result.js';
import type { LookupSource } from '../../src/core/source.js';
import { silentLogger } from '../../src/logging/logger.js';

const SOURCE_INFO = { id: 'catalog' as const, label: 'Test' };

/** A real LookupSource backed by two entries, recording what it was asked. */
function memorySource(fail?: Error): LookupSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    id: 'catalog',
    asked,
    async lookupProduct(name): Promise<ProductResult> {
      asked.push(`product:${name}`);
      if (fail) throw fail;
      if (name !== 'oat milk') throw new NotFoundError('product', name, ['oat milk']);
      return {
        kind: 'product',
        query: name,
        name: 'Oat milk',
        kgCo2ePerUnit: 0.3,
        unit: 'L',
        comparisonText: '70% lower than average',
        comparison: { percent: 70, direction: 'lower' },
        category: 'Milk',
        level: 'low',
        swap: null,
        confidence: null,
        status: null,
        notes: [],
        source: SOURCE_INFO,
      };
    },
    async lookupRecipe(name): Promise<RecipeResult> {
      asked.push(`recipe:${name}`);
      if (fail) throw fail;
      throw new NotFoundError('recipe', name);
    },
  };
}

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
      memorySource(new UpstreamError('502')),
      silentLogger(),
    );
    expect(upstream).toMatchObject({ type: 'error', error: { code: 'upstream_failure' } });
    const unexpected = await handleCommandText(
      'product oat milk',
      memorySource(new Error('bug')),
      silentLogger(),
    );
    expect(unexpected).toMatchObject({ type: 'error', error: { code: 'internal' } });
  });
});
