import { describe, expect, it } from 'vitest';
import { type Schema, validate } from '../support/json-schema-subset.js';

const root = {
  components: {
    schemas: {
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'size'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 3 },
          size: { type: ['integer', 'null'], minimum: 0, maximum: 10 },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        },
      },
    },
  },
};
const thing: Schema = { $ref: '#/components/schemas/Thing' };

describe('the JSON Schema subset validator', () => {
  it('accepts a conforming value, null where the type array allows it', () => {
    expect(validate({ name: 'ab', size: 3, tags: ['a'] }, thing, root)).toEqual([]);
    expect(validate({ name: 'ab', size: null }, thing, root)).toEqual([]);
  });

  it.each([
    [{ name: 'ab' }, 'missing required property "size"'],
    [{ name: 'ab', size: 1, extra: true }, 'unexpected property "extra"'],
    [{ name: 'ab', size: 1.5 }, 'expected integer or null, got number'],
    [{ name: 'ab', size: 11 }, '> maximum 10'],
    [{ name: 'ab', size: -1 }, '< minimum 0'],
    [{ name: '', size: 1 }, 'shorter than 1'],
    [{ name: 'abcd', size: 1 }, 'longer than 3'],
    [{ name: 'ab', size: 1, tags: ['c'] }, 'is not one of'],
    [{ name: 'ab', size: 1, tags: 'a' }, 'expected array'],
    [[], 'expected object, got array'],
  ])('rejects %j', (value, problem) => {
    expect(validate(value, thing, root).join('\n')).toContain(problem);
  });

  it('refuses keywords it does not check', () => {
    expect(() => validate('x', { type: 'string', pattern: '^x$' }, root)).toThrow(/unsupported/);
    expect(() => validate('x', { $ref: '#/components/schemas/Nope' }, root)).toThrow(/unresolved/);
  });

  it('applies a schema given as additionalProperties', () => {
    expect(
      validate({ a: 1, b: 'x' }, { type: 'object', additionalProperties: { type: 'number' } }, root),
    ).toEqual(['$.b: expected number, got string']);
  });
});
