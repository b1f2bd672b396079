import { describe, expect, it } from 'vitest';
import { packLines } from '../../src/render/ingredient-list-chat.js';

describe('packLines', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `• line ${i} ${'x'.repeat(40)}`);

  it('keeps every line when they fit, the heading first', () => {
    const chunks = packLines('*Heading*', lines.slice(0, 3), 1000, 2);
    expect(chunks).toEqual([['*Heading*', ...lines.slice(0, 3)].join('\n')]);
  });

  it('spreads lines over chunks within the limit and counts the rest in "…and N more lines"', () => {
    const chunks = packLines('H', lines, 300, 3);
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(300);
    const shown = chunks
      .join('\n')
      .split('\n')
      .filter((line) => line.startsWith('• line')).length;
    const more = /…and (\d+) more lines?$/.exec(chunks.at(-1)!);
    expect(more).not.toBeNull();
    expect(shown + Number(more![1])).toBe(30);
  });

  it('says "1 more line" in the singular', () => {
    const chunks = packLines('H', lines.slice(0, 3), 2 + 2 * (lines[0]!.length + 1) + 20, 1);
    expect(chunks.at(-1)).toMatch(/…and 1 more line$/);
  });
});
