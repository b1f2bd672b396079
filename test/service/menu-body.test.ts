import { describe, expect, it } from 'vitest';
import { bodyLimitFor, readMenuBody } from '../../src/service/menu-body.js';
import { ErrorBodySchema } from '../../src/service/schemas.js';

const read = (body: string | Buffer, type: string | undefined, max = 40) =>
  readMenuBody(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, type, max);

function refusal(result: ReturnType<typeof readMenuBody>) {
  if (!('refused' in result)) throw new Error(`taken: ${JSON.stringify(result)}`);
  const { error } = ErrorBodySchema.parse(JSON.parse(result.refused.body.toString()));
  // The body repeats the status the response is sent with.
  expect(error.status).toBe(result.refused.status);
  return error;
}

describe('readMenuBody', () => {
  it.each([
    'text/plain',
    'TEXT/PLAIN',
    'text/plain; charset=utf-8',
    'text/plain;charset="UTF-8"',
    'text/plain; format=flowed; charset=us-ascii',
  ])('takes %s', (type) => {
    expect(read('dal\nlasagne', type)).toEqual({ message: 'dal\nlasagne' });
  });

  it('takes the message of a JSON object, with a charset or none, and drops a byte order mark', () => {
    expect(read('{"message":"dal\\nlasagne","x":1}', 'application/json; charset=utf-8')).toEqual({
      message: 'dal\nlasagne',
    });
    expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('dal')]), 'text/plain')).toEqual({
      message: 'dal',
    });
  });

  it.each([
    ['text/html', 415],
    ['text/plain; charset=utf-16', 415],
    ['application/json; charset=latin1', 415],
    ['multipart/form-data; boundary=x', 415],
    [undefined, 415],
  ])('refuses %s with %i', (type, status) => {
    expect(refusal(read('dal', type)).status).toBe(status);
  });

  it('counts characters as code points: an astral character is one, a lone surrogate one', () => {
    const json = (escaped: string) => read(`{"message":"${escaped}"}`, 'application/json', 10);
    expect(read('🥘'.repeat(10), 'text/plain', 10)).toEqual({ message: '🥘'.repeat(10) });
    expect(refusal(read('🥘'.repeat(11), 'text/plain', 10))).toMatchObject({
      status: 413,
      code: 'request_too_large',
    });
    // A pair in order is one character; a lone half, or halves the wrong way round, one each.
    expect('message' in json(`\\ud83e\\udd58${'x'.repeat(9)}`)).toBe(true);
    expect('message' in json(`\\ud800${'x'.repeat(9)}`)).toBe(true);
    expect(refusal(json(`\\ud800${'x'.repeat(10)}`)).status).toBe(413);
    expect(refusal(json(`\\udc00\\ud800${'x'.repeat(9)}`)).status).toBe(413);
  });

  it('holds the body to six bytes a character and a kilobyte', () => {
    expect(bodyLimitFor(40_000)).toBe(241_024);
    // Every character escaped, the longest JSON the limit is meant to take, fits.
    const escaped = `{"message":"${'\\u00e9'.repeat(40_000)}"}`;
    expect(Buffer.byteLength(escaped)).toBeLessThanOrEqual(bodyLimitFor(40_000));
  });
});
