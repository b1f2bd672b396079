import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_NAME_LENGTH } from '../../src/core/command.js';
import { Metrics } from '../../src/ops/metrics.js';
import { Probes } from '../../src/ops/probes.js';
import { MAX_RECIPE_TEXT_LENGTH } from '../../src/recipes/list-text.js';
import { ErrorCodeSchema } from '../../src/service/schemas.js';
import { loadCatalog } from '../../src/sources/catalog/index.js';
import { openApiValidator, resolveRef, type Schema } from '../support/openapi-validator.js';
import { throwingCatalog } from '../support/stub-catalog.js';
import {
  type Reply,
  type RunningTestService,
  rawExchange,
  requestTimeoutExchange,
  send,
  startTestService,
} from './helpers.js';

interface Operation {
  security?: unknown[];
  parameters?: Schema[];
  responses: Record<string, Schema>;
}
type PathItem = Record<string, Operation>;
interface Document {
  openapi: string;
  security: Record<string, unknown>[];
  paths: Record<string, PathItem>;
  components: {
    securitySchemes: Record<string, Schema>;
    schemas: Record<string, Schema>;
    parameters: Record<string, Schema>;
  };
  'x-fallback-responses': Record<string, Schema> & { unknownPath: Schema; otherMethods: Schema };
}

const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Document;
const validate = openApiValidator(doc);
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'];

const deref = (node: Schema): Schema =>
  typeof node.$ref === 'string' ? deref(resolveRef(doc, node.$ref)) : node;

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
const ex = (method: string, path: string, key = true, target: Target = 'svc') => ({
  method,
  path,
  key,
  target,
});

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
    ex(method, '/healthz', false),
    ex(method, '/livez', false),
    ex(method, '/readyz', false),
    ex(method, '/readyz', false, 'limited'),
    ex(method, '/metrics', false),
    ex(method, '/nowhere'),
  ]),
  ...['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
    ['/impact/product', '/product', '/recipe', '/healthz', '/livez', '/readyz', '/metrics', '/nowhere'].map(
      (path) => ex(method, path),
    ),
  ),
];

const TARGETS = (): Record<Target, RunningTestService> => ({ svc, broken, limited });

async function exchange(entry: ReturnType<typeof ex>): Promise<Reply> {
  const target = TARGETS()[entry.target];
  return send(target.port, entry.path, {
    method: entry.method,
    headers: entry.key ? { 'x-api-key': target.key } : {},
  });
}

/** Checks one real answer against the response object the document gives for it. */
function check(response: Schema, reply: Reply, method: string): string[] {
  const resolved = deref(response);
  const problems: string[] = [];
  const headers = (resolved.headers ?? {}) as Record<string, Schema>;
  for (const [name, header] of Object.entries(headers)) {
    const value = reply.headers[name.toLowerCase()];
    if (value === undefined) problems.push(`header ${name} missing`);
    else problems.push(...validate(value, deref(header).schema as Schema, `header ${name}`));
  }
  const content = resolved.content as Record<string, { schema: Schema }> | undefined;
  if (method === 'HEAD' || content === undefined) {
    if (reply.text !== '') problems.push('body sent where none is documented');
    return problems;
  }
  const text = content['text/plain'];
  if (text !== undefined) {
    if (!String(reply.headers['content-type']).startsWith('text/plain')) {
      problems.push(`content-type ${reply.headers['content-type']}`);
    }
    return [...problems, ...validate(reply.text, text.schema)];
  }
  const media = content['application/json'];
  if (media === undefined) return [...problems, 'no application/json content documented'];
  if (!String(reply.headers['content-type']).startsWith('application/json')) {
    problems.push(`content-type ${reply.headers['content-type']}`);
  }
  return [...problems, ...validate(reply.json(), media.schema)];
}

describe('openapi.yaml', () => {
  it('is an OpenAPI 3.1 document with the x-api-key header scheme applied by default', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/healthz',
      '/impact/product',
      '/livez',
      '/metrics',
      '/product',
      '/readyz',
      '/recipe',
    ]);
  });

  it('documents the parameters the service reads, with its length limit', () => {
    const expected: Record<string, string | null> = {
      '/impact/product': 'product',
      '/product': 'product',
      '/recipe': 'recipe',
      '/healthz': null,
      '/livez': null,
      '/readyz': null,
      '/metrics': null,
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const operation of Object.values(item)) {
        const params = (operation.parameters ?? []).map(deref);
        if (expected[path] === null) {
          expect(params).toEqual([]);
          continue;
        }
        expect(params).toHaveLength(1);
        expect(params[0]).toMatchObject({
          name: expected[path],
          in: 'query',
          required: true,
          // /recipe also takes ingredient lists (the extension), up to their own limit.
          schema: {
            type: 'string',
            minLength: 1,
            maxLength: path === '/recipe' ? MAX_RECIPE_TEXT_LENGTH : MAX_NAME_LENGTH,
          },
        });
      }
    }
  });

  it('lists exactly the error codes the service uses', () => {
    const error = doc.components.schemas.Error as { properties: { error: Schema } };
    const code = (error.properties.error.properties as Record<string, Schema>).code!;
    expect([...(code.enum as string[])].sort()).toEqual([...ErrorCodeSchema.options].sort());
  });

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
