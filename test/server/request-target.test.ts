import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../src/server/request-target.js';

describe('splitTarget', () => {
  it('reads the origin form', () => {
    expect(splitTarget('/recipe?recipe=lasagne')).toEqual({ path: '/recipe', query: 'recipe=lasagne' });
    expect(splitTarget('/healthz')).toEqual({ path: '/healthz', query: '' });
    expect(splitTarget(undefined)).toEqual({ path: '/', query: '' });
  });

  it('reads the absolute form (RFC 9112 §3.2.2)', () => {
    expect(splitTarget('http://bot.example.com:8787/healthz')).toEqual({ path: '/healthz', query: '' });
    expect(splitTarget('HTTPS://h/recipe?recipe=a')).toEqual({ path: '/recipe', query: 'recipe=a' });
    expect(splitTarget('http://h')).toEqual({ path: '/', query: '' });
    expect(splitTarget('http://h?x=1')).toEqual({ path: '/', query: 'x=1' });
  });
});
