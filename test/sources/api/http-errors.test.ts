import { describe, expect, it } from 'vitest';
import {
  ApiKeyRefusedError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UpstreamError,
} from '../../../src/core/errors.js';
import { toErrorView } from '../../../src/core/messages.js';
import { suggestionsFrom } from '../../../src/sources/api/response.js';
import { API_KEY, failure, fakeGreenSwappForFile } from '../../support/api-source-harness.js';
import { startFakeGreenSwapp } from '../../support/fake-greenswapp.js';

const { fake, apiSource } = await fakeGreenSwappForFile();

describe('suggestionsFrom', () => {
  it('reads the first known key at the top level, then inside an error object', () => {
    expect(suggestionsFrom('{"suggestions":["a"],"error":{"suggestions":["b"]}}')).toEqual(['a']);
    expect(suggestionsFrom('{"error":{"did_you_mean":["b"]}}')).toEqual(['b']);
    expect(suggestionsFrom('{"error":"not found","suggestions":["c"]}')).toEqual(['c']);
  });

  it('ignores anything that is not an object holding an array', () => {
    for (const text of [
      '',
      'null',
      '[["a"]]',
      '{"error":["a"]}',
      '{"error":{"suggestions":"a"}}',
      '{"error":null}',
    ]) {
      expect(suggestionsFrom(text)).toEqual([]);
    }
    expect(suggestionsFrom('{"error":{"error":{"suggestions":["deep"]}}}')).toEqual([]);
  });
});

describe('HTTP errors', () => {
  it('maps 404 to NotFoundError with the kind, query and any suggestions in the body', async () => {
    const error = await failure(apiSource().lookupRecipe('vegetable lasagne'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'recipe', query: 'vegetable lasagne' });
    expect((error as NotFoundError).suggestions).toEqual(['lasagne', 'vegetable curry']);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps only short printable strings from a 404 body as suggestions', async () => {
    fake.respondOnce({
      status: 404,
      body: { did_you_mean: ['oat milk', 42, 'x'.repeat(500), 'soy\u0000 milk', '', 'rice milk'] },
    });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('oat mlk'))) as NotFoundError;
    expect(error.suggestions).toEqual(['oat milk', 'soy milk', 'rice milk']);
  });

  it('reads suggestions nested in an error object, the shape carbon serve answers with', async () => {
    fake.respondOnce({
      status: 404,
      body: {
        error: {
          status: 404,
          code: 'not_found',
          message: 'No product found for "oat mlk".',
          suggestions: ['Oat milk', 7, 'y'.repeat(101), 'Soy\u200b milk', 'a', 'b', 'c', 'd', 'e'],
        },
      },
    });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('oat mlk'))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.suggestions).toEqual(['Oat milk', 'Soy milk', 'a', 'b', 'c']);
  });

  it('gives no suggestions and no body text for a hostile 404 body', async () => {
    const hostile = `<script>alert(1)</script>${'A'.repeat(100_000)}`;
    fake.respondOnce({ status: 404, body: hostile, headers: { 'content-type': 'text/html' } });
    const error = (await failure(apiSource({ baseUrl: fake.url }).lookupProduct('x'))) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.suggestions).toEqual([]);
    expect(JSON.stringify(toErrorView(error))).not.toContain('script');
  });

  it('marks a non-milk not-found from the milk-only trial as out of scope', async () => {
    const source = apiSource();
    const beef = (await failure(source.lookupProduct('beef mince'))) as NotFoundError;
    expect(beef).toBeInstanceOf(NotFoundError);
    expect(beef.outOfScope).toBe('trial_milk_only');
    const goat = (await failure(source.lookupProduct('goat milk'))) as NotFoundError;
    expect(goat.outOfScope).toBeUndefined();
    const full = (await failure(
      apiSource({ baseUrl: fake.url }).lookupProduct('unobtainium'),
    )) as NotFoundError;
    expect(full.outOfScope).toBeUndefined();
  });

  it.each([401, 403])('maps %i to ApiKeyRefusedError without retrying', async (status) => {
    fake.respondOnce({ status, body: { error: `bad key ${API_KEY}` } });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(ApiKeyRefusedError);
    expect((error as ApiKeyRefusedError).status).toBe(status);
    expect(error.message).not.toContain(API_KEY);
    expect(fake.requests).toHaveLength(1);
  });

  it('is refused by a fake that checks the key when the key is wrong', async () => {
    const strict = await startFakeGreenSwapp({ apiKey: 'the-right-key' });
    try {
      const wrong = apiSource({ trialUrl: strict.url });
      expect(await failure(wrong.lookupRecipe('lasagne'))).toBeInstanceOf(ApiKeyRefusedError);
      const right = apiSource({ trialUrl: strict.url, apiKey: 'the-right-key' });
      expect((await right.lookupRecipe('lasagne')).name).toBe('lasagne');
    } finally {
      await strict.close();
    }
  });

  it('maps 429 to RateLimitedError with Retry-After in seconds, without retrying', async () => {
    fake.respondOnce({ status: 429, headers: { 'retry-after': '42' } });
    const error = await failure(apiSource().lookupRecipe('lasagne'));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(42);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads a Retry-After HTTP-date, caps absurd waits and assumes 30 s when it is absent', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    fake.respondOnce(
      { status: 429, headers: { 'retry-after': inTwoMinutes } },
      { status: 429, headers: { 'retry-after': '999999' } },
      { status: 429 },
    );
    // One source each: a 429 makes the next lookup through the same source wait (see below).
    const dated = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    const capped = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(capped.retryAfterSeconds).toBe(300);
    const bare = (await failure(apiSource().lookupRecipe('lasagne'))) as RateLimitedError;
    expect(bare.retryAfterSeconds).toBe(30);
    expect(fake.requests).toHaveLength(3);
  });

  it.each([400, 422, 414])('maps %i to InvalidInputError without retrying', async (status) => {
    fake.respondOnce({ status, body: { error: 'bad product parameter' } });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).reason).not.toContain('parameter');
    expect(fake.requests).toHaveLength(1);
  });

  it.each([405, 410, 302])('maps other statuses (%i) to UpstreamError without retrying', async (status) => {
    fake.respondOnce({ status, headers: { location: 'http://127.0.0.1:1/' } });
    const error = await failure(apiSource().lookupProduct('oat milk'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(status);
    expect(fake.requests).toHaveLength(1);
  });
});
