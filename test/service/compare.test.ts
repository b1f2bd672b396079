import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../src/compare/model.js';
import { MENU_TEXT_MAX } from '../../src/core/commands/menu.js';
import { toErrorView } from '../../src/core/messages.js';
import { MemoryStateStore } from '../../src/core/state/memory-store.js';
import { Metrics } from '../../src/ops/metrics.js';
import { RateLimiter } from '../../src/ops/rate-limit.js';
import type { ServiceCompare } from '../../src/service/compare.js';
import { createService } from '../../src/service/index.js';
import { ROUTE_KINDS } from '../../src/service/respond.js';
import { ErrorBodySchema } from '../../src/service/schemas.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { hostileMenuLines } from '../support/hostile-menu.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import {
  captureLogger,
  compareOver,
  parseRawResponse,
  type Reply,
  type RunningTestService,
  send,
  startTestService,
} from './helpers.js';

const catalog = loadCatalog();
const MENU = 'Lunch today, reply by 11:\n• Dal makhani £9\n• Beef lasagne £12\n• Falafel wrap (v) £8';

let svc: RunningTestService;
let metrics: Metrics;
beforeAll(async () => {
  metrics = new Metrics({ commandKinds: ['product', 'recipe', 'compare', 'menu'], processMetrics: false });
  svc = await startTestService(catalog, { metrics });
});
afterAll(async () => {
  await svc.close();
});

function post(
  target: RunningTestService,
  body: string | Buffer,
  type: string | null = 'text/plain; charset=utf-8',
  key: string | null = target.key,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (type !== null) headers['content-type'] = type;
  if (key !== null) headers['x-api-key'] = key;
  return send(target.port, '/menu', { method: 'POST', headers, body });
}

const compare = (target: RunningTestService, text: string, headers?: Record<string, string>) =>
  target.get(`/compare?options=${encodeURIComponent(text)}`, headers);

const errorOf = (reply: Reply) => ErrorBodySchema.parse(reply.json()).error;

describe('GET /compare', () => {
  it('answers the comparison document, ranked lowest first, with the group size read', async () => {
    const reply = await compare(svc, 'lasagne, dal vs chicken curry for 8 ppl');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, max-age=3600');
    const result = CompareResultSchema.parse(reply.json());
    expect(result).toMatchObject({ kind: 'compare', status: 'ranked', basis: 'serving', people: 8 });
    expect(result.ranked.map((item) => item.name)).toEqual(['Dal', 'Chicken curry', 'Lasagne']);
    expect(result.difference?.groupKgCo2e).toBeGreaterThan(0);
  });

  it('answers HEAD like GET, without a body', async () => {
    const get = await compare(svc, 'fish pie or lasagne or dal');
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
    const reply = await compare(svc, 'lasagne or qwzxqq');
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

describe('POST /menu', () => {
  it('answers the comparison document for a message as text/plain or as JSON, never stored', async () => {
    const plain = await post(svc, MENU);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    const result = CompareResultSchema.parse(plain.json());
    expect(result.status).toBe('ranked');
    // The chatter line is no option; the prices and bullets are not in the options' text.
    expect(result.ranked).toHaveLength(3);
    for (const item of result.ranked) expect(item.input).not.toMatch(/£|•|reply/);
    const json = await post(svc, JSON.stringify({ message: MENU, from: 'ignored' }), 'application/json');
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
    const result = CompareResultSchema.parse((await post(svc, message)).json());
    expect(result.capped).toEqual({ compared: 10, total: 14 });
  });

  it('answers a message with no options as a 400 too_few, with the document', async () => {
    const reply = await post(svc, 'reply by noon please, thanks all');
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
    const reply = await post(svc, body, type);
    expect(reply.status).toBe(status);
    expect(reply.headers['cache-control']).toBe('no-store');
    const error = errorOf(reply);
    expect(error).toMatchObject({ status, code, suggestions: [] });
    expect(error.message).toMatch(message);
  });

  it('counts the limit in characters: 40,000 astral characters, or JSON-escaped ones, are taken', async () => {
    // 160,000 bytes of UTF-8, and as \u escapes 240,000: both within the byte limit, neither over.
    const emoji = '🥘'.repeat(MENU_TEXT_MAX);
    expect((await post(svc, emoji)).status).toBe(400);
    const escaped = JSON.stringify({ message: 'é'.repeat(MENU_TEXT_MAX) }).replace(/é/g, '\\u00e9');
    const reply = await post(svc, escaped, 'application/json');
    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('too_few');
    expect((await post(svc, `${emoji}x`)).status).toBe(413);
  });

  it('needs a key, and refuses without one before reading the body', async () => {
    expect((await post(svc, MENU, 'text/plain', null)).status).toBe(401);
    expect((await post(svc, MENU, 'text/plain', 'wrong')).status).toBe(401);
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
      const [menu, health] = await Promise.all([post(svc, message), svc.get('/healthz', {})]);
      expect(health.status).toBe(200);
      expect([200, 400]).toContain(menu.status);
      if (menu.status === 200) CompareResultSchema.parse(menu.json());
      else expect(errorOf(menu).code).toBe('too_few');
    }
  });
});

describe('keys, limits and metrics', () => {
  it("counts /compare and /menu against the key's limit, with Retry-After, before the body is read", async () => {
    const limited = await startTestService(catalog, {
      limiter: new RateLimiter(new MemoryStateStore(), {
        rules: { serviceKey: { limit: 2, windowMs: 60_000, algorithm: 'fixed' } },
      }),
    });
    try {
      expect((await compare(limited, 'dal, lasagne')).status).toBe(200);
      expect((await post(limited, MENU)).status).toBe(200);
      const refused = await post(limited, MENU);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorOf(refused).code).toBe('rate_limited');
      expect((await compare(limited, 'dal, lasagne')).status).toBe(429);
      const early = await headersOnly(limited.port, {
        'x-api-key': limited.key,
        'content-type': 'text/plain',
        'content-length': '100000',
      });
      expect(early.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts each answer by kind and outcome', async () => {
    const before = await svc.get('/metrics', {});
    const count = (text: string, labels: string) =>
      Number(new RegExp(`carbon_commands_total\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const kinds = [
      ['platform="service",kind="compare",outcome="ok"', () => compare(svc, 'dal, lasagne')],
      ['platform="service",kind="compare",outcome="too_few"', () => compare(svc, 'dal, qqqzzx')],
      ['platform="service",kind="compare",outcome="invalid_input"', () => compare(svc, 'dal')],
      ['platform="service",kind="menu",outcome="ok"', () => post(svc, MENU)],
      ['platform="service",kind="menu",outcome="invalid_input"', () => post(svc, 'x'.repeat(300_000))],
      ['platform="service",kind="menu",outcome="api_key_refused"', () => post(svc, MENU, 'text/plain', null)],
    ] as const;
    for (const [, ask] of kinds) await ask();
    const after = (await svc.get('/metrics', {})).text;
    for (const [labels] of kinds) expect(count(after, labels) - count(before.text, labels)).toBe(1);
  });

  it('answers a failure on our side with a 500 that hides it, and logs it', async () => {
    const broken = await startTestService(throwingCatalog(new Error('index corrupt at /srv/secret/path')));
    try {
      for (const reply of [await compare(broken, 'dal, lasagne'), await post(broken, MENU)]) {
        expect(reply.status).toBe(500);
        expect(errorOf(reply)).toMatchObject({ status: 500, code: 'internal' });
        expect(reply.text).not.toContain('secret');
      }
      expect(broken.lines.join('\n')).toContain('index corrupt at /srv/secret/path');
    } finally {
      await broken.close();
    }
  });
});

describe('a client that leaves', () => {
  it('stops the work it asked for, and logs no failure', async () => {
    const logged = captureLogger();
    const metered = new Metrics({ commandKinds: ROUTE_KINDS, processMetrics: false });
    let asked!: () => void;
    let aborted!: () => void;
    const started = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const seen = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    // Comparisons that answer only once their request is cancelled, as the chat handlers do.
    const waiting: ServiceCompare = {
      ...compareOver(catalog),
      text: (_text, { signal }) =>
        new Promise((resolve) => {
          asked();
          signal.addEventListener('abort', () => {
            aborted();
            resolve({ type: 'error', error: toErrorView(signal.reason) });
          });
        }),
    };
    const service = createService({
      catalog,
      compare: waiting,
      keys: ['k'],
      logger: logged.logger,
      metrics: metered,
    });
    const { port } = await service.listen(0, '127.0.0.1');
    try {
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('error', () => {});
      socket.write('GET /compare?options=dal%2C+lasagne HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n\r\n');
      await started;
      socket.destroy();
      await seen;
      await new Promise((resolve) => setImmediate(resolve));
      const levels = logged.lines.map((line) => (JSON.parse(line) as { level: number }).level);
      expect(levels.filter((level) => level >= 50)).toEqual([]);
      const exposition = await metered.registry.metrics();
      expect(exposition).toContain(
        'carbon_commands_total{platform="service",kind="compare",outcome="cancelled"} 1',
      );
    } finally {
      await service.close();
    }
  });
});

describe('GET /recipe with a dish named by its parts', () => {
  it('answers a dish the catalog does not name as one built from its parts, saying so', async () => {
    const reply = await svc.get('/recipe?recipe=thai+red+curry+with+beef');
    expect(reply.status).toBe(200);
    const body = reply.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      recipe_name: 'Curry with beef',
      status: 'found',
      taken_as: 'composed dish',
      how_taken: 'a curry recipe with beef',
      unit: 'serving',
    });
    expect(body.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Built from a curry recipe with beef/)]),
    );
    expect(body.kg_co2_per_kg).toBeGreaterThan(0.5);
    expect(body.climate_friendly).toBe('no');
  });

  it('keeps what a name states rather than answer a dish that contradicts it', async () => {
    const body = (await svc.get('/recipe?recipe=ramen+with+tofu')).json() as Record<string, unknown>;
    expect(body).toMatchObject({ taken_as: 'dish', recipe_name: expect.stringMatching(/tofu/) });
    expect(body.recipe_name).not.toMatch(/^Ramen with chashu pork$/);
    expect(body.how_taken).toMatch(/^the named dish /);
  });

  it('answers a named dish as named, with no how_taken', async () => {
    const body = (await svc.get('/recipe?recipe=lasagne')).json() as Record<string, unknown>;
    expect(body).toMatchObject({ recipe_name: 'Lasagne', taken_as: 'dish', how_taken: null });
  });
});

/** Sends a request head announcing a body and no body; the answer the server gives without waiting for it. */
function headersOnly(port: number, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      raw += chunk;
      const end = raw.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(raw)?.[1];
      if (end !== -1 && length !== undefined && Buffer.byteLength(raw.slice(end + 4)) >= Number(length)) {
        socket.destroy();
        resolve(parseRawResponse(raw));
      }
    });
    socket.on('error', reject);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`POST /menu HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\nDal\n`);
  });
}
