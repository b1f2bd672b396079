import { describe, expect, it } from 'vitest';
import { decodeLookupButton, encodeLookupButton } from '../../src/render/slack-buttons.js';

describe('Slack button values', () => {
  it('rejects malformed button values', () => {
    expect(decodeLookupButton('not json')).toBeNull();
    expect(decodeLookupButton('{"k":"drink","q":"x"}')).toBeNull();
    expect(decodeLookupButton('{"k":"product","q":""}')).toBeNull();
    expect(decodeLookupButton(undefined)).toBeNull();
    expect(decodeLookupButton('null')).toBeNull();
    expect(decodeLookupButton('["product","x"]')).toBeNull();
    expect(decodeLookupButton('{"k":"product","q":42}')).toBeNull();
    expect(decodeLookupButton('{"q":"x"}')).toBeNull();
  });

  it('decodes a button value to exactly its kind and name', () => {
    expect(decodeLookupButton('{"k":"recipe","q":"dal","extra":true}')).toEqual({ k: 'recipe', q: 'dal' });
  });

  it('encodes kind and name compactly, or refuses what would not fit a button value', () => {
    expect(decodeLookupButton(encodeLookupButton('product', 'oat milk') ?? undefined)).toEqual({
      k: 'product',
      q: 'oat milk',
    });
    expect(encodeLookupButton('product', 'x'.repeat(2_000))).toBeNull();
  });
});
