import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../src/ops/metrics.js';
import { Probes } from '../../src/ops/probes.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import type { Schema } from '../support/openapi-validator.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import {
  type Reply,
  type RunningTestService,
  rawExchange,
  requestTimeoutExchange,
  send,
  startTestService,
} from './helpers.js';
import { check, deref, doc, METHODS, validate } from './openapi-document.js';

/** The service's real answers against openapi.yaml: every one documented, every documented one given. */

let svc: RunningTestService;
let broken: RunningTestService;
/** A key over its limit, and a database that does not answer /readyz's check. */
let limited: RunningTestService;
beforeAll(async () => {
  const catalog = loadCatalog();
  svc = await startTestService(catalog, { metrics: new Metrics({ commandKinds: ['product', 'recipe'] }) });
  broken = await startTestService(throwingCatalog(new Error('boom')));
  limited = await startTestService(catalog, {
    limiter: { take: async () => ({ allowed: false, scope: 'serviceKey', retryAfterSeconds: 42 }) },
    probes: new Probes([
      {
        name: 'database',
        check: () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    ]),
  });
});
afterAll(async () => {
  await svc.close();
  await broken.close();
  await limited.close();
});

type Target = 'svc' | 'broken' | 'limited';
interface Body {
  type?: string;
  text: string;
}
const ex = (method: string, path: string, key = true, target: Target = 'svc', body?: Body) => ({
  method,
  path,
  key,
  target,
  body,
});
const menu = (body: Body, key = true, target: Target = 'svc') => ex('POST', '/menu', key, target, body);
const MENU = 'Dal makhani £9\nBeef lasagne £12\nFalafel wrap (v)';
const plain = (text: string): Body => ({ type: 'text/plain; charset=utf-8', text });
const json = (value: unknown): Body => ({ type: 'application/json', text: JSON.stringify(value) });

/** Requests meant to draw every answer the service can give. */
const EXCHANGES = [
  ...['GET', 'HEAD'].flatMap((method) => [
    ex(method, '/impact/product?product=oat+milk'),
    // A food the catalog lacks, answered with a study's own entry.
    ex(method, '/impact/product?product=cottage+cheese'),
    ex(method, '/impact/product?product=chicken+qqqq'),
    ex(method, '/impact/product?product='),
    ex(method, '/impact/product?product=oat', false),
    ex(method, '/impact/product?product=oat', true, 'broken'),
    ex(method, '/product?product=oat%20milk'),
    ex(method, '/product?product=cheddar'),
    ex(method, '/product?product=oat+mylkk'),
    ex(method, '/product?product=%E0%A4%A'),
    ex(method, '/product?product=oat', false),
    ex(method, '/product?product=oat', true, 'broken'),
    ex(method, '/recipe?recipe=lasagne'),
    ex(method, '/recipe?recipe=qqq+lasagne+xyz'),
    ex(method, '/recipe?recipe=crumble'),
    ex(method, '/recipe?recipe=a&recipe=b'),
    // The extension: an ingredient list (with a line break), one that is not a recipe, one too long.
    ex(method, `/recipe?recipe=${encodeURIComponent('500g beef mince\n400g spaghetti, 1 onion, serves 4')}`),
    ex(method, `/recipe?recipe=${encodeURIComponent('hello, 2 worlds, 3 zorblaxes')}`),
    ex(method, `/recipe?recipe=${encodeURIComponent('200g rice, '.repeat(400))}`),
    ex(method, '/recipe?recipe=lasagne', false),
    ex(method, '/recipe?recipe=lasagne', true, 'broken'),
    ex(method, '/impact/product?product=oat', true, 'limited'),
    ex(method, '/product?product=oat', true, 'limited'),
    ex(method, '/recipe?recipe=lasagne', true, 'limited'),
    // The extensions: a ranking, too few options given, too few found, and the usual refusals.
    ex(method, '/compare?options=lasagne%2C+dal+vs+chicken+curry+for+8+people'),
    ex(method, '/compare?options=lasagne'),
    ex(method, '/compare?options=lasagne+or+qwzxqq'),
    ex(method, `/compare?options=${'a'.repeat(2001)}`),
    ex(method, '/compare?options=lasagne%2C+dal', false),
    ex(method, '/compare?options=lasagne%2C+dal', true, 'broken'),
    ex(method, '/compare?options=lasagne%2C+dal', true, 'limited'),
    ex(method, '/healthz', false),
    ex(method, '/livez', false),
    ex(method, '/readyz', false),
    ex(method, '/readyz', false, 'limited'),
    ex(method, '/metrics', false),
    ex(method, '/nowhere'),
  ]),
  ...['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
    [
      '/impact/product',
      '/product',
      '/recipe',
      '/compare',
      '/menu',
      '/healthz',
      '/livez',
      '/readyz',
      '/metrics',
      '/nowhere',
    ].map((path) => ex(method, path)),
  ),
  menu(plain(MENU)),
  menu(json({ message: MENU, channel: 'ignored' })),
  menu(plain('reply by noon please')),
  menu({ type: 'application/json', text: '{"message": ' }),
  menu(json({ text: MENU })),
  menu(plain(MENU), false),
  menu(plain('x'.repeat(40_001))),
  menu({ type: 'application/xml', text: `<menu>${MENU}</menu>` }),
  menu(plain(MENU), true, 'limited'),
  menu(plain(MENU), true, 'broken'),
];

const TARGETS = (): Record<Target, RunningTestService> => ({ svc, broken, limited });

async function exchange(entry: ReturnType<typeof ex>): Promise<Reply> {
  const target = TARGETS()[entry.target];
  const headers: Record<string, string> = entry.key ? { 'x-api-key': target.key } : {};
  if (entry.body?.type !== undefined) headers['content-type'] = entry.body.type;
  return send(target.port, entry.path, {
    method: entry.method,
    headers,
    ...(entry.body === undefined ? {} : { body: entry.body.text }),
  });
}

describe('openapi.yaml', () => {
  it('documents every answer the service gives, and the service gives every documented answer', async () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const entry of EXCHANGES) {
      const reply = await exchange(entry);
      const label = `${entry.method} ${entry.path} (${entry.target}${entry.key ? '' : ', no key'}) → ${reply.status}`;
      const path = entry.path.split('?')[0]!;
      const item = doc.paths[path];
      const operation = item?.[entry.method.toLowerCase()];
      let response: Schema | undefined;
      if (item === undefined) {
        if (reply.status !== 404) problems.push(`${label}: unknown paths are documented as 404`);
        response = doc['x-fallback-responses'].unknownPath;
      } else if (operation === undefined) {
        if (reply.status !== 405) problems.push(`${label}: undocumented methods are documented as 405`);
        response = doc['x-fallback-responses'].otherMethods;
      } else {
        response = operation.responses[String(reply.status)];
        if (response === undefined) {
          problems.push(`${label}: status not documented`);
          continue;
        }
        seen.add(`${entry.method.toLowerCase()} ${path} ${reply.status}`);
        const open = Array.isArray(operation.security) && operation.security.length === 0;
        if (!entry.key && !open && reply.status !== 401) problems.push(`${label}: secured but no 401`);
        if (open && reply.status === 401) problems.push(`${label}: documented as open`);
      }
      problems.push(...check(response, reply, entry.method).map((problem) => `${label}: ${problem}`));
    }
    expect(problems).toEqual([]);

    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .flatMap(([method, operation]) =>
          Object.keys(operation.responses).map((status) => `${method} ${path} ${status}`),
        ),
    );
    const unexercised = documented.filter((key) => !seen.has(key));
    expect(unexercised).toEqual([]);
  });

  it('documents the answers to requests the HTTP parser rejects, each of which the service gives', async () => {
    const fallbacks = doc['x-fallback-responses'];
    const long = 'x'.repeat(20_000);
    const replies: Record<string, { reply: Reply; status: number }> = {
      requestTooLarge: {
        reply: await send(svc.port, `/impact/product?product=${long}`, { headers: { 'x-api-key': svc.key } }),
        status: 431,
      },
      malformedRequest: { reply: await rawExchange(svc.port, 'NOT HTTP AT ALL\r\n\r\n'), status: 400 },
      requestTimeout: { reply: await requestTimeoutExchange(svc.service.server, svc.port), status: 408 },
    };
    // Two ways: every parser fallback documented is given, and every one given is documented.
    expect(Object.keys(fallbacks).sort()).toEqual(
      ['otherMethods', 'unknownPath', ...Object.keys(replies)].sort(),
    );
    const problems: string[] = [];
    for (const [name, { reply, status }] of Object.entries(replies)) {
      if (reply.status !== status) problems.push(`${name}: status ${reply.status}, expected ${status}`);
      const described = String(deref(fallbacks[name]!).description ?? '');
      if (!described.startsWith(`${status}:`))
        problems.push(`${name}: description does not start with ${status}`);
      problems.push(...check(fallbacks[name]!, reply, 'GET').map((problem) => `${name}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('name parameters: the document and the service agree (issue #9 fault)', () => {
  const names: [label: string, raw: string][] = [
    ['a plain name', 'oat milk'],
    ['whitespace only', ' \t '],
    ['controls only', '\u0001\u0007\u007f'],
    ['bidirectional overrides only', '\u202e\u2066'],
    ['zero-width only', '\u200b\ufeff'],
    ['a name inside controls', '\u0001tofu\u0002'],
    ['200 characters', 'x'.repeat(200)],
    ['201 characters', 'x'.repeat(201)],
    [
      '150 characters and 100 spaces (201+ before collapsing)',
      `${'x'.repeat(75)}${' '.repeat(100)}${'y'.repeat(75)}`,
    ],
    ['200 astral characters (400 UTF-16 units)', '🥛'.repeat(200)],
    ['201 astral characters', '🥛'.repeat(201)],
  ];

  it.each(['product', 'recipe'] as const)(
    'the %s parameter accepts exactly what the service accepts',
    async (param) => {
      const schema = deref(doc.components.parameters[param]!).schema as Schema;
      const path = param === 'product' ? '/impact/product' : '/recipe';
      const disagreements: string[] = [];
      for (const [label, raw] of names) {
        const documented = validate(raw, schema).length === 0;
        const reply = await svc.get(`${path}?${param}=${encodeURIComponent(raw)}`);
        const served = reply.status !== 400;
        if (documented !== served) {
          disagreements.push(
            `${label}: document ${documented ? 'accepts' : 'refuses'}, service answered ${reply.status}`,
          );
        }
      }
      expect(disagreements).toEqual([]);
    },
  );
});
