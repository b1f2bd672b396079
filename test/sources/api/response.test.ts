import { describe, expect, it } from 'vitest';
import {
  ApiKeyRefusedError,
  BadResponseError,
  InvalidInputError,
  NotFoundError,
  UpstreamError,
} from '../../../src/core/errors.js';
import { interpretResponse } from '../../../src/sources/api/response.js';

const context = { kind: 'product' as const, query: 'oat milk' };
const answer =
  (status: number, text = '') =>
  () =>
    interpretResponse({ status, text }, context);

describe('interpretResponse', () => {
  it('parses a 2xx body as JSON', () => {
    expect(interpretResponse({ status: 200, text: '{"a":1}' }, context)).toEqual({ a: 1 });
    expect(interpretResponse({ status: 204, text: 'null' }, context)).toBeNull();
  });

  it('reports a 2xx body that is not JSON without quoting it', () => {
    expect(answer(200, 'SECRET <html>')).toThrow(BadResponseError);
    expect(answer(200, 'SECRET <html>')).toThrow(/^(?!.*SECRET)/);
  });

  it('maps a 404 to NotFoundError with the suggestions its body offers', () => {
    try {
      answer(404, '{"error":{"suggestions":["oat drink"]}}')();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ kind: 'product', query: 'oat milk', suggestions: ['oat drink'] });
    }
  });

  it.each([401, 403])('maps %i to ApiKeyRefusedError', (status) => {
    expect(answer(status)).toThrow(ApiKeyRefusedError);
  });

  it.each([400, 414, 422])('maps %i to InvalidInputError: the name is the only input', (status) => {
    expect(answer(status)).toThrow(InvalidInputError);
  });

  it.each([301, 405, 410, 418])('maps %i to UpstreamError', (status) => {
    expect(answer(status)).toThrow(UpstreamError);
  });
});
