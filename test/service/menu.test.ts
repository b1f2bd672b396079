import { describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
import { MENU_TEXT_MAX } from '../../src/core/commands/menu.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { hostileMenuLines } from '../support/hostile-menu.js';
import { compareServiceForFile, errorOf, headersOnly, MENU, postMenu } from './compare-requests.js';
import { send } from './helpers.js';

const catalog = loadCatalog();
const svc = await compareServiceForFile(catalog);

describe('POST /menu', () => {
  it('answers the comparison document for a message as text/plain or as JSON, never stored', async () => {
    const plain = await postMenu(svc, MENU);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    const result = CompareResultSchema.parse(plain.json());
    expect(result.status).toBe('ranked');
    // The chatter line is no option; the prices and bullets are not in the options' text.
    expect(result.ranked).toHaveLength(3);
    for (const item of result.ranked) expect(item.input).not.toMatch(/£|•|reply/);
    const json = await postMenu(svc, JSON.stringify({ message: MENU, from: 'ignored' }), 'application/json');
    expect(json.status).toBe(200);
    expect(json.json()).toEqual(plain.json());
  });

  it('says when a long menu was cut to its first ten options', async () => {
    const dishes = [
      'dal',
      'lasagne',
      'chicken curry',
      'fish pie',
      'beef burger',
      'pad thai',
      'tomato soup',
      'falafel wrap',
      'mushroom risotto',
      'chilli con carne',
      'margherita pizza',
      'caesar salad',
      'shepherds pie',
      'vegetable stir fry',
    ];
    const message = dishes.map((dish, i) => `${i + 1}. ${dish}`).join('\n');
    const result = CompareResultSchema.parse((await postMenu(svc, message)).json());
    expect(result.capped).toEqual({ compared: 10, total: 14 });
  });

  it('answers a message with no options as a 400 too_few, with the document', async () => {
    const reply = await postMenu(svc, 'reply by noon please, thanks all');
    expect(reply.status).toBe(400);
    const error = errorOf(reply);
    expect(error.code).toBe('too_few');
    expect(error.message).toBe('No options were read from the text: at least two are needed.');
    expect(error.comparison).toMatchObject({ status: 'too_few', ranked: [], notFound: [] });
  });

  it.each([
    ['an empty body', '', 'text/plain', 400, 'invalid_body', /the body is empty/],
    ['whitespace only', ' \n\t ', 'text/plain', 400, 'invalid_body', /the message is empty/],
    [
      'bytes that are not UTF-8',
      Buffer.from([0x44, 0x61, 0x6c, 0xc3, 0x28]),
      'text/plain',
      400,
      'invalid_body',
      /UTF-8/,
    ],
    ['broken JSON', '{"message": "dal', 'application/json', 400, 'invalid_body', /not valid JSON/],
    [
      'JSON without a message',
      '{"text": "dal\\nlasagne"}',
      'application/json',
      400,
      'invalid_body',
      /"message"/,
    ],
    [
      'JSON whose message is not a string',
      '{"message": ["dal", "lasagne"]}',
      'application/json',
      400,
      'invalid_body',
      /"message"/,
    ],
    ['a JSON array', '["dal", "lasagne"]', 'application/json', 400, 'invalid_body', /"message"/],
    ['another media type', '<menu/>', 'application/xml', 415, 'unsupported_media_type', /text\/plain/],
    [
      'form encoding',
      'message=dal',
      'application/x-www-form-urlencoded',
      415,
      'unsupported_media_type',
      /text\/plain/,
    ],
    [
      'another charset',
      'dal\nlasagne',
      'text/plain; charset=iso-8859-1',
      415,
      'unsupported_media_type',
      /UTF-8/,
    ],
    ['no content type', 'dal\nlasagne', null, 415, 'unsupported_media_type', /text\/plain/],
    [
      'a content type that does not parse',
      'dal\nlasagne',
      'text/',
      415,
      'unsupported_media_type',
      /text\/plain/,
    ],
    [
      `${MENU_TEXT_MAX + 1} characters`,
      'x'.repeat(MENU_TEXT_MAX + 1),
      'text/plain',
      413,
      'request_too_large',
      /40,000 characters/,
    ],
    ['a body over its byte limit', 'x'.repeat(300_000), 'text/plain', 413, 'request_too_large', /bytes/],
  ] as const)('refuses %s in the error shape', async (_label, body, type, status, code, message) => {
    const reply = await postMenu(svc, body, type);
    expect(reply.status).toBe(status);
    expect(reply.headers['cache-control']).toBe('no-store');
    const error = errorOf(reply);
    expect(error).toMatchObject({ status, code, suggestions: [] });
    expect(error.message).toMatch(message);
  });

  it('counts the limit in characters: 40,000 astral characters, or JSON-escaped ones, are taken', async () => {
    // 160,000 bytes of UTF-8, and as \u escapes 240,000: both within the byte limit, neither over.
    const emoji = '🥘'.repeat(MENU_TEXT_MAX);
    expect((await postMenu(svc, emoji)).status).toBe(400);
    const escaped = JSON.stringify({ message: 'é'.repeat(MENU_TEXT_MAX) }).replace(/é/g, '\\u00e9');
    const reply = await postMenu(svc, escaped, 'application/json');
    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('too_few');
    expect((await postMenu(svc, `${emoji}x`)).status).toBe(413);
  });

  it('needs a key, and refuses without one before reading the body', async () => {
    expect((await postMenu(svc, MENU, 'text/plain', null)).status).toBe(401);
    expect((await postMenu(svc, MENU, 'text/plain', 'wrong')).status).toBe(401);
    // A body announced but never sent: the answer comes without it, so it was never waited for.
    const early = await headersOnly(svc.port, { 'content-type': 'text/plain', 'content-length': '100000' });
    expect(early.status).toBe(401);
    expect(errorOf(early).code).toBe('unauthorized');
  });

  it('answers GET, HEAD and other methods on /menu with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE']) {
      const reply = await send(svc.port, '/menu', { method, headers: { 'x-api-key': svc.key } });
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe('POST');
    }
  });

  it('answers a hostile 40,000-character menu or refuses it, and keeps answering others meanwhile', async () => {
    const shapes = [
      '1 - pizza, ',
      '((a, b) ',
      ' / ',
      'or ',
      'Option 1: ',
      '£9 ',
      '- ',
      'Moo – beef burger – ',
    ];
    const messages = [
      ...shapes.map((shape) => shape.repeat(Math.ceil(MENU_TEXT_MAX / shape.length)).slice(0, MENU_TEXT_MAX)),
      hostileMenuLines((dish, i) => `${i}) ${dish} ${'(v) '.repeat(150)}`)
        .join('\n')
        .slice(0, MENU_TEXT_MAX),
    ];
    for (const message of messages) {
      const [menu, health] = await Promise.all([postMenu(svc, message), svc.get('/healthz', {})]);
      expect(health.status).toBe(200);
      expect([200, 400]).toContain(menu.status);
      if (menu.status === 200) CompareResultSchema.parse(menu.json());
      else expect(errorOf(menu).code).toBe('too_few');
    }
  });
});
