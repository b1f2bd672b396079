/**
 * A small JSON Schema validator for the subset openapi.yaml uses: type (also as an array, which is
 * how OpenAPI 3.1 says nullable), enum, const, required, properties, additionalProperties (boolean
 * or schema), items, minimum, maximum, minLength, maxLength and local $refs. Any other keyword
 * makes it throw rather than silently pass, so the document cannot outgrow what is checked.
 */
export type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'format', 'default']);
const CHECKED = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
]);

export function resolveRef(root: unknown, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node))
      throw new Error(`unresolved $ref ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node as Schema;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Returns the problems found, each prefixed with its JSON path; empty when the value conforms. */
export function validate(value: unknown, schema: Schema, root: unknown, path = '$'): string[] {
  for (const keyword of Object.keys(schema)) {
    if (!CHECKED.has(keyword) && !ANNOTATIONS.has(keyword)) {
      throw new Error(`unsupported JSON Schema keyword "${keyword}" at ${path}`);
    }
  }
  if (typeof schema.$ref === 'string') return validate(value, resolveRef(root, schema.$ref), root, path);

  const problems: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => matchesType(value, type))) {
      return [`${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`];
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if ('const' in schema && schema.const !== value) {
    problems.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) {
      problems.push(`${path}: ${value} < minimum ${schema.minimum}`);
    }
    if (typeof schema.maximum === 'number' && value > schema.maximum) {
      problems.push(`${path}: ${value} > maximum ${schema.maximum}`);
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      problems.push(`${path}: shorter than ${schema.minLength}`);
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      problems.push(`${path}: longer than ${schema.maxLength}`);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => {
      problems.push(...validate(item, schema.items as Schema, root, `${path}[${index}]`));
    });
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) {
      if (!(name in object)) problems.push(`${path}: missing required property "${name}"`);
    }
    for (const [name, child] of Object.entries(object)) {
      const propertySchema = properties[name];
      if (propertySchema !== undefined) {
        problems.push(...validate(child, propertySchema, root, `${path}.${name}`));
      } else if (schema.additionalProperties === false) {
        problems.push(`${path}: unexpected property "${name}"`);
      } else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
        problems.push(...validate(child, schema.additionalProperties as Schema, root, `${path}.${name}`));
      }
    }
  }
  return problems;
}
