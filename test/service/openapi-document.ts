import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { openApiValidator, resolveRef, type Schema } from '../support/openapi-validator.js';
import type { Reply } from './helpers.js';

/**
 * What the tests of openapi.yaml share: the parsed document, a validator for it, and the check of a
 * real answer against the response object it documents.
 */

export interface Operation {
  security?: unknown[];
  parameters?: Schema[];
  responses: Record<string, Schema>;
}
export type PathItem = Record<string, Operation>;
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

/** openapi.yaml, parsed. */
export const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Document;
export const validate = openApiValidator(doc);
export const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'];

/** A schema, parameter or response with its $ref followed. */
export const deref = (node: Schema): Schema =>
  typeof node.$ref === 'string' ? deref(resolveRef(doc, node.$ref)) : node;

/** Checks one real answer against the response object the document gives for it. */
export function check(response: Schema, reply: Reply, method: string): string[] {
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
