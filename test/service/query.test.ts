import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { readNameParam } from '../../src/service/query.js';

describe('readNameParam', () => {
  it.each([
    ['product=oat+milk', 'oat milk'],
    ['product=oat%20milk', 'oat milk'],
    ['product=mac+%26+cheese', 'mac & cheese'],
    ['product=1%2B1', '1+1'],
    ['product=a%3Db', 'a=b'],
    ['x=1&product=caf%C3%A9&y', 'café'],
    ['%70roduct=oat', 'oat'],
    ['product=++oat+++milk++', 'oat milk'],
    ['product=a=b', 'a=b'],
  ])('reads %s as %j', (query, expected) => {
    expect(readNameParam(query, 'product')).toBe(expected);
  });

  it.each([
    ['', /required/],
    ['recipe=oat', /required/],
    ['product', /empty/],
    ['product=%E0%A4%A', /malformed/],
    ['product=%ZZ', /malformed/],
    ['product%=oat', /malformed/],
    ['product=a&product=a', /only once/],
    [`product=${'x'.repeat(201)}`, /200 characters/],
  ])('rejects %j', (query, reason) => {
    const attempt = () => readNameParam(query, 'product');
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(reason);
  });
});
