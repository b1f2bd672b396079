import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Validates values against schemas taken from an OpenAPI 3.1 document with Ajv (OpenAPI 3.1 schemas
 * are JSON Schema 2020-12). The whole document is registered once, so a schema's local `$ref`s
 * ("#/components/schemas/Product") resolve inside it, as they do in the document.
 */
export type Schema = Record<string, unknown>;

const DOCUMENT_ID = 'openapi.yaml';

export function resolveRef(root: unknown, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are used: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node))
      throw new Error(`unresolved $ref ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node as Schema;
}

/** Rewrites local refs to point into the registered document. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${DOCUMENT_ID}${value}`
        : rebase(value),
    ]),
  );
}

export function openApiValidator(doc: object): (value: unknown, schema: Schema, label?: string) => string[] {
  // strict: false, because the document's own keys (openapi, paths, …) are not JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, DOCUMENT_ID);
  const compiled = new WeakMap<Schema, ValidateFunction>();
  return (value, schema, label = 'body') => {
    let check = compiled.get(schema);
    if (check === undefined) {
      check = ajv.compile(rebase(schema) as Schema);
      compiled.set(schema, check);
    }
    if (check(value)) return [];
    return (check.errors ?? []).map(
      (error) => `${label}${error.instancePath} ${error.message ?? error.keyword}`,
    );
  };
}
