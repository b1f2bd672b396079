import { describe, expect, it } from 'vitest';
import { SourceUnavailableError } from '../../../src/core/errors.js';
import { failure, fakeGreenSwappForFile } from '../../support/api-source-harness.js';

const { apiSource } = await fakeGreenSwappForFile();

describe('lifecycle', () => {
  it('refuses an empty key or one a header cannot carry', () => {
    expect(() => apiSource({ apiKey: '' })).toThrow(SourceUnavailableError);
    expect(() => apiSource({ apiKey: 'abc\r\nx-evil: 1' })).toThrow(SourceUnavailableError);
  });

  it('fails lookups after close', async () => {
    const source = apiSource();
    await source.lookupRecipe('lasagne');
    await source.close();
    expect(await failure(source.lookupRecipe('vegetable curry'))).toBeInstanceOf(SourceUnavailableError);
    expect(source.id).toBe('api');
  });
});
