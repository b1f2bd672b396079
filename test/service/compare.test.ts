import { describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { compareServiceForFile, errorOf, getCompare } from './compare-requests.js';
import { send } from './helpers.js';

const catalog = loadCatalog();
const svc = await compareServiceForFile(catalog);

describe('GET /compare', () => {
  it('answers the comparison document, ranked lowest first, with the group size read', async () => {
    const reply = await getCompare(svc, 'lasagne, dal vs chicken curry for 8 ppl');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, max-age=3600');
    const result = CompareResultSchema.parse(reply.json());
    expect(result).toMatchObject({ kind: 'compare', status: 'ranked', basis: 'serving', people: 8 });
    expect(result.ranked.map((item) => item.name)).toEqual(['Dal', 'Chicken curry', 'Lasagne']);
    expect(result.difference?.groupKgCo2e).toBeGreaterThan(0);
  });

  it('answers HEAD like GET, without a body', async () => {
    const get = await getCompare(svc, 'fish pie or lasagne or dal');
    const head = await send(
      svc.port,
      `/compare?options=${encodeURIComponent('fish pie or lasagne or dal')}`,
      {
        method: 'HEAD',
        headers: { 'x-api-key': svc.key },
      },
    );
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
  });

  it.each([
    ['one option', '/compare?options=lasagne', /at least two options/],
    [
      'eleven options',
      `/compare?options=${encodeURIComponent(Array(11).fill('dal').join(', '))}`,
      /at most 10/,
    ],
    [
      'a group size out of range',
      `/compare?options=${encodeURIComponent('dal, lasagne for 0 people')}`,
      /people/,
    ],
    ['no options parameter', '/compare?text=dal%2C+lasagne', /"options" query parameter is required/],
    ['the parameter twice', '/compare?options=dal&options=lasagne', /only once/],
    [
      'over 2000 characters',
      `/compare?options=${encodeURIComponent('a, '.repeat(700))}`,
      /limited to 2000 characters/,
    ],
    ['malformed percent-encoding', '/compare?options=dal%2', /malformed percent-encoding/],
  ])('refuses %s with a 400 in the error shape', async (_label, path, message) => {
    const reply = await svc.get(path);
    expect(reply.status).toBe(400);
    expect(reply.headers['cache-control']).toBe('no-store');
    const error = errorOf(reply);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', suggestions: [] });
    expect(error.message).toMatch(message);
    expect(error.comparison).toBeUndefined();
  });

  it("answers too few ranked with a 400 too_few: each option's reason, suggestions and the document", async () => {
    const reply = await getCompare(svc, 'lasagne or qwzxqq');
    expect(reply.status).toBe(400);
    const error = errorOf(reply);
    expect(error.code).toBe('too_few');
    expect(error.message).toBe(
      'Only one option could be compared (Lasagne): at least two are needed. "qwzxqq": not found.',
    );
    expect(error.comparison).toMatchObject({
      status: 'too_few',
      ranked: [{ name: 'Lasagne' }],
      notFound: [{ input: 'qwzxqq' }],
    });
    expect(error.suggestions).toEqual(error.comparison!.notFound[0]!.suggestions);
  });

  it('needs a key, checked before the parameter', async () => {
    for (const headers of [{}, { 'x-api-key': 'nope' }] as Record<string, string>[]) {
      const reply = await svc.get('/compare', headers);
      expect(reply.status).toBe(401);
      expect(errorOf(reply).code).toBe('unauthorized');
    }
  });
});
