import { describe, expect, it } from 'vitest';
import { parseShareCustomId, shareCustomId } from '../../src/render/discord-custom-ids.js';

describe('the Share button custom_id', () => {
  it('round-trips kind and name, and cuts long names to 100 characters', () => {
    expect(parseShareCustomId(shareCustomId('recipe', 'Lasagne'))).toEqual({
      kind: 'recipe',
      name: 'Lasagne',
    });
    const long = shareCustomId('product', 'x'.repeat(300));
    expect(long.length).toBe(100);
    expect(parseShareCustomId(long)).toEqual({ kind: 'product', name: 'x'.repeat(85) });
    expect(parseShareCustomId('something:else')).toBeNull();
  });

  it('cuts a long emoji name in the custom_id without an ellipsis or half a surrogate pair', () => {
    const id = shareCustomId('product', '🥛'.repeat(80));
    expect(id.length).toBeLessThanOrEqual(100);
    expect(id).not.toContain('…');
    expect(id).not.toMatch(/[\ud800-\udbff]$/);
  });
});
